/**
 * Generates the top-level functions of Code.js from the exports of src/server/index.ts.
 *
 * esbuild drops comments and wraps everything in one IIFE, but Sheets reads a custom function's
 * autocomplete text, parameter names and arity from a top-level `function` declaration with its JSDoc.
 * So for every export we emit `function NAME(params) { return GLOBAL.NAME(params); }` carrying the
 * source JSDoc verbatim. Anything this cannot express faithfully fails the build.
 */
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type TS from 'typescript';
import { remembered } from './remembered.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let compiler: typeof TS | undefined;
/**
 * The TypeScript compiler, loaded when first needed and by require: Node then reads it as the CommonJS it
 * is instead of first scanning its 9 MB for ES module exports (0.4 s instead of 1 s).
 */
const typescript = (): typeof TS => (compiler ??= createRequire(import.meta.url)('typescript') as typeof TS);

/** One public function as found in the source. */
export interface PublicFunction {
  name: string;
  params: string[];
  /** For each parameter, whether it is optional (`[name]` in its @param, `name?` in the source). */
  optional: boolean[];
  /** The description's first sentence, on one line. */
  summary: string;
  /** The formulas of its @example tags, one per tag. */
  examples: string[];
  jsDoc: string;
  isCustomFunction: boolean;
}

/** Thrown for exports that cannot become faithful top-level functions. */
export class TopLevelError extends Error {}

/**
 * Reads the exports of `entryFile` with the TypeScript compiler API, or what the last reading found
 * while none of the files it read has changed (remembered.ts).
 * @param entryFile absolute path of src/server/index.ts
 * @returns the public functions in export order
 */
export function readPublicFunctions(entryFile: string): PublicFunction[] {
  const name = `public-functions-${relative(ROOT, entryFile).replace(/[^\w.-]+/g, '_')}`;
  return remembered(ROOT, name, () => readAfresh(entryFile));
}

/**
 * Reads the exports of `entryFile` with the TypeScript compiler API.
 * @returns the public functions, and every file the reading depends on: the program's, this module, and
 *   the lock file (the compiler's version)
 */
function readAfresh(entryFile: string): { value: PublicFunction[]; files: string[] } {
  const ts = typescript();
  const program = ts.createProgram([entryFile], {
    target: ts.ScriptTarget.ES2020,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noEmit: true,
    types: [],
    // Only the exports' declarations and JSDoc are read, never a type: without the standard library's
    // declarations the program is made in half the time (about 1 s less of every build).
    noLib: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entryFile);
  if (!source) throw new TopLevelError(`cannot read ${entryFile}`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new TopLevelError(`${entryFile} has no exports`);

  const problems: string[] = [];
  const functions: PublicFunction[] = [];
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const name = exported.getName();
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.declarations?.find(ts.isFunctionDeclaration);
    if (!declaration || !declaration.body) {
      problems.push(`${name}: only function declarations can be public (found ${describe(symbol)})`);
      continue;
    }
    const fn = describeFunction(name, declaration, problems);
    if (fn) functions.push(fn);
  }
  if (problems.length) throw new TopLevelError(`cannot generate top-level functions:\n  ${problems.join('\n  ')}`);
  const files = [...program.getSourceFiles().map((file) => file.fileName), fileURLToPath(import.meta.url), join(ROOT, 'package-lock.json')];
  return { value: functions, files };
}

function describe(symbol: TS.Symbol): string {
  const kind = symbol.declarations?.[0]?.kind;
  return kind === undefined ? 'no declaration' : typescript().SyntaxKind[kind];
}

function describeFunction(name: string, declaration: TS.FunctionDeclaration, problems: string[]): PublicFunction | undefined {
  const ts = typescript();
  const params: string[] = [];
  const optionalInSource: boolean[] = [];
  for (const p of declaration.parameters) {
    if (!ts.isIdentifier(p.name) || p.dotDotDotToken) {
      problems.push(`${name}: parameter ${p.name.getText()} must be a plain identifier (Sheets shows its name)`);
      return undefined;
    }
    params.push(p.name.text);
    optionalInSource.push(!!p.questionToken || !!p.initializer);
  }
  const docs = ts.getJSDocCommentsAndTags(declaration).filter(ts.isJSDoc);
  const doc = docs[docs.length - 1];
  if (!doc) {
    problems.push(`${name}: missing JSDoc`);
    return undefined;
  }
  const text = declaration.getSourceFile().text.slice(doc.getStart(), doc.getEnd());
  const tags = doc.tags ?? [];
  const isCustomFunction = tags.some((t) => t.tagName.text === 'customfunction');
  const paramTags = tags.flatMap((t) => (ts.isJSDocParameterTag(t) ? [{ name: t.name.getText(), bracketed: t.isBracketed }] : []));
  const documented = paramTags.map((t) => t.name);
  const description = ts.getTextOfJSDocComment(doc.comment)?.trim() ?? '';
  if (!description) problems.push(`${name}: JSDoc has no description`);
  for (const p of params) if (!documented.includes(p)) problems.push(`${name}: JSDoc lacks @param ${p}`);
  for (const d of documented) if (!params.includes(d)) problems.push(`${name}: JSDoc documents unknown parameter ${d}`);
  const optional = params.map((p) => paramTags.find((t) => t.name === p)?.bracketed ?? false);
  params.forEach((p, i) => {
    if (optional[i] !== optionalInSource[i]) {
      problems.push(
        `${name}: parameter ${p} is ${optionalInSource[i] ? '' : 'not '}optional, but its @param says ${optional[i] ? '[' + p + ']' : p}`,
      );
    }
  });
  const examples = tags.filter((t) => t.tagName.text === 'example').map((t) => ts.getTextOfJSDocComment(t.comment)?.trim() ?? '');
  if (examples.some((e) => !e.startsWith(`=${name}(`))) problems.push(`${name}: each @example is one formula calling ${name}`);
  if (isCustomFunction && !tags.some((t) => t.tagName.text === 'return' || t.tagName.text === 'returns')) {
    problems.push(`${name}: a custom function needs @return`);
  }
  if (isCustomFunction && name !== name.toUpperCase()) problems.push(`${name}: custom function names are upper case`);
  return { name, params, optional, summary: firstSentence(description), examples, jsDoc: reindent(text), isCustomFunction };
}

/** The first sentence of a description (up to a full stop followed by a space or the end), on one line. */
function firstSentence(description: string): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  return /^.*?[.!?](?= |$)/.exec(flat)?.[0] ?? flat;
}

/**
 * How the function reads in the docs and the sidebar's help: `SEARCH_TREND(keyword, [field], [options])`.
 * @param f a public function
 */
export function signatureOf(f: PublicFunction): string {
  return `${f.name}(${f.params.map((p, i) => (f.optional[i] ? `[${p}]` : p)).join(', ')})`;
}

/** Source JSDoc may be indented; top-level output starts at column 0. */
function reindent(jsDoc: string): string {
  return jsDoc
    .split('\n')
    .map((line, i) => (i === 0 ? line : ` ${line.trimStart()}`))
    .join('\n');
}

/** Public functions that run on every cell evaluation or spreadsheet open, so they live in Code.js's bundle. */
export const HOT_FUNCTIONS = new Set(['onOpen', 'onInstall']);

/**
 * Whether a public function belongs in the hot bundle (Code.js): the custom functions, and onOpen,
 * which runs on every spreadsheet open: neither needs Server.js's bundle to run.
 * @param f a public function
 */
export function isHot(f: PublicFunction): boolean {
  return f.isCustomFunction || HOT_FUNCTIONS.has(f.name);
}

/**
 * Renders the top-level declarations that forward to the bundles: a hot function to the hot bundle's
 * global (Code.js), any other to Server.js's exports, which `serverExports` (an expression, the
 * call of Server.js's function) gives. Custom functions keep their whole JSDoc (Sheets reads it for
 * autocomplete); the others keep only its first sentence: nobody reads the rest in Code.js, and every
 * cell evaluation loads it.
 * @param functions what readPublicFunctions found
 * @param globalName where the hot bundle's exports are kept, e.g. `SDM.formulas`
 * @param serverExports the expression that gives Server.js's exports, e.g. `SDM.server()`
 */
export function renderTopLevel(functions: PublicFunction[], globalName: string, serverExports: string): string {
  return functions
    .map((f) => {
      const list = f.params.join(', ');
      const doc = f.isCustomFunction ? f.jsDoc : `/** ${f.summary} */`;
      const target = isHot(f) ? globalName : serverExports;
      return `${doc}\nfunction ${f.name}(${list}) {\n  return ${target}.${f.name}(${list});\n}\n`;
    })
    .join('\n');
}
