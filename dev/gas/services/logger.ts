/** Logger and console: every line goes to the execution's `logs` and the runtime's `logs`. */
import { format } from 'node:util';
import type { Execution, LogEntry } from '../execution/execution.js';
import { GasObject } from '../execution/service.js';

/** Formats like Apps Script: `%s`-style placeholders when extra values are given. */
function formatLine(args: readonly unknown[]): string {
  if (args.length === 0) return '';
  const [first, ...rest] = args;
  if (typeof first === 'string') return rest.length > 0 ? format(first, ...rest) : first;
  return args.map((a) => (typeof a === 'string' ? a : format('%o', a))).join(' ');
}

/** The `Logger` global. */
export class LoggerFake extends GasObject {
  readonly gasType = 'Logger';
  readonly #exec: Execution;
  #cleared = 0;

  constructor(exec: Execution) {
    super();
    this.#exec = exec;
  }

  /** Logger.log(data) or Logger.log(format, values...). Returns the Logger for chaining. */
  log(...args: unknown[]): this {
    this.#exec.log('log', formatLine(args));
    return this;
  }

  /** The lines logged in this execution since the last clear(), joined by newlines. */
  getLog(): string {
    return this.#exec.logs.slice(this.#cleared).join('\n');
  }

  clear(): void {
    this.#cleared = this.#exec.logs.length;
  }
}

/** The `console` global (Apps Script's, which writes to the execution log). */
export class ConsoleFake extends GasObject {
  readonly gasType = 'console';
  readonly #exec: Execution;
  readonly #timers = new Map<string, number>();

  constructor(exec: Execution) {
    super();
    this.#exec = exec;
  }

  #write(level: LogEntry['level'], args: unknown[]): void {
    this.#exec.log(level, formatLine(args));
  }

  log(...args: unknown[]): void {
    this.#write('log', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  time(label: unknown = 'default'): void {
    // Script time, as the script's Date.now() tells it (dilated with timeScale).
    this.#timers.set(String(label), Math.floor(this.#exec.scriptNow()));
  }
  timeEnd(label: unknown = 'default'): void {
    const start = this.#timers.get(String(label));
    if (start === undefined) return;
    this.#timers.delete(String(label));
    this.#write('log', [`${String(label)}: ${Math.floor(this.#exec.scriptNow()) - start}ms`]);
  }
}
