/**
 * How the probe tries a call on Google (or in dev/gas): whether it was refused and with what words, and
 * what one call costs. Runs inside Apps Script; plain code, no Node.
 */
import { measured, type Seen } from './verdict.ts';

/** The words of what a call threw: Google's message, without the "Exception: " Apps Script puts before it. */
export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/^Exception: /, '');
}

/** Cuts a text to `max` characters for one cell of the sheet. */
export function clip(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Tries one call: 'refused' with Google's message when it throws, else 'answered' with what it gave.
 * @param call the call to try
 */
export function attempt(call: () => unknown): Seen {
  let answer: unknown;
  try {
    answer = call();
  } catch (error) {
    return { value: 'refused', shows: clip(`refused: ${messageOf(error)}`) };
  }
  return { value: 'answered', shows: clip(`answered: ${typeof answer === 'string' ? JSON.stringify(answer) : String(answer)}`) };
}

/**
 * Tries a call that changes something: 'refused' with Google's message when it throws, else 'done'
 * (what it changed is undone by `undo`, when given).
 * @param change the change to try
 * @param undo what puts things back after a change that went through
 */
export function attemptChange(change: () => unknown, undo?: () => void): Seen {
  try {
    change();
  } catch (error) {
    return { value: 'refused', shows: clip(`refused: ${messageOf(error)}`) };
  }
  try {
    undo?.();
  } catch {
    // Nothing to undo after all; the probe's own cleanup removes the rest.
  }
  return { value: 'done', shows: 'done: Google let it through' };
}

/**
 * The milliseconds one call costs, measured over `times` calls with the script's clock (Date.now(),
 * which dev/gas moves by each call's modelled latency).
 * @param times how many calls to time
 * @param call one call (its index given)
 */
export function perCall(times: number, call: (i: number) => unknown): Seen {
  const start = Date.now();
  for (let i = 0; i < times; i++) call(i);
  return measured((Date.now() - start) / times, 'ms a call', `${times} calls`);
}
