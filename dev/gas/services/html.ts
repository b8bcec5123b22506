/**
 * HtmlService, a stub for now: HtmlOutput holds content and a title so menus can open sidebars.
 * createHtmlOutputFromFile reads `<name>.html` from the runtime's files (next to Code.js by default).
 */
import type { Execution } from '../execution/execution.js';
import { GasException } from '../execution/execution.js';
import { GasObject, signatureError } from '../execution/service.js';

/** An `HtmlOutput`. */
export class HtmlOutputFake extends GasObject {
  readonly gasType = 'HtmlService.HtmlOutput';
  #content: string;
  #title = '';
  #width: number | null = null;
  #height: number | null = null;

  constructor(content: string) {
    super();
    this.#content = content;
  }

  getContent(): string {
    return this.#content;
  }
  setContent(content: unknown): this {
    this.#content = String(content);
    return this;
  }
  append(content: unknown): this {
    this.#content += String(content);
    return this;
  }
  getTitle(): string {
    return this.#title;
  }
  setTitle(title: unknown): this {
    this.#title = String(title);
    return this;
  }
  getWidth(): number | null {
    return this.#width;
  }
  setWidth(width: unknown): this {
    this.#width = Number(width);
    return this;
  }
  getHeight(): number | null {
    return this.#height;
  }
  setHeight(height: unknown): this {
    this.#height = Number(height);
    return this;
  }
  setSandboxMode(): this {
    return this;
  }
  setXFrameOptionsMode(): this {
    return this;
  }
  addMetaTag(): this {
    return this;
  }
}

/** The `HtmlService` global. */
export class HtmlServiceFake extends GasObject {
  readonly gasType = 'HtmlService';
  readonly SandboxMode = Object.freeze({ IFRAME: 'IFRAME', NATIVE: 'NATIVE', EMULATED: 'EMULATED' });
  readonly XFrameOptionsMode = Object.freeze({ ALLOWALL: 'ALLOWALL', DEFAULT: 'DEFAULT' });
  readonly #exec: Execution;
  readonly #readFile: (name: string) => string | undefined;

  constructor(exec: Execution, readFile: (name: string) => string | undefined) {
    super();
    this.#exec = exec;
    this.#readFile = readFile;
  }

  createHtmlOutput(...args: unknown[]): HtmlOutputFake {
    const [html] = args;
    if (html !== undefined && typeof html !== 'string') throw signatureError('HtmlService.createHtmlOutput', args);
    return new HtmlOutputFake(html ?? '');
  }

  createHtmlOutputFromFile(...args: unknown[]): HtmlOutputFake {
    const [name] = args;
    if (typeof name !== 'string') throw signatureError('HtmlService.createHtmlOutputFromFile', args);
    this.#exec.denyUnless(this.#exec.authMode !== 'NONE', 'HtmlService.createHtmlOutputFromFile');
    const content = this.#readFile(name);
    if (content === undefined) throw new GasException(`No HTML file named ${name} was found.`);
    return new HtmlOutputFake(content);
  }

  createTemplateFromFile(): never {
    throw new GasException('HtmlService.createTemplateFromFile is not implemented in dev/gas yet.');
  }
}
