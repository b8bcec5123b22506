/**
 * Short functions in the sidebar (issue 50, point 3): no function in src/sidebar is longer than 80
 * lines, so a section reads as small named parts (a view model, rendering, handlers) rather than one
 * long closure.
 *
 * How a function is counted: TypeScript's parser finds every function (declarations, function
 * expressions, arrow functions, methods, accessors, constructors). Its lines run from the line of its
 * declaration to the line of its closing brace (or the end of an arrow's expression body), both
 * included. The declaration is where its name is given: `function f`, a method's name, and for a
 * function assigned to a variable or a property, the line of `const f =` or `f:`; otherwise (an arrow
 * passed as an argument) its own first line. JSDoc above it is not counted; blank lines and comments
 * inside it are. A function inside another counts for itself, and its lines count for the outer one too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LIMIT = 80;

/** A function of a source file: its name (or `(anonymous)`), its first line and how many lines it takes. */
interface Measured {
  name: string;
  line: number;
  lines: number;
}

/** The node a function is declared by: the variable statement or property that names it, else the function itself. */
function declarationOf(fn: ts.FunctionLikeDeclaration): ts.Node {
  const parent = fn.parent;
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return fn;
  if (ts.isVariableDeclaration(parent)) {
    const list = parent.parent;
    return ts.isVariableDeclarationList(list) && ts.isVariableStatement(list.parent) ? list.parent : parent;
  }
  return ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) ? parent : fn;
}

/** The name a function is known by. */
function nameOf(fn: ts.FunctionLikeDeclaration, file: ts.SourceFile): string {
  if (fn.name) return fn.name.getText(file);
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(file);
  return ts.isConstructorDeclaration(fn) ? 'constructor' : '(anonymous)';
}

/**
 * Every function of a TypeScript source with a body, measured as the header says.
 * @param text the source
 */
function measure(text: string): Measured[] {
  const file = ts.createSourceFile('source.ts', text, ts.ScriptTarget.Latest, true);
  const lineOf = (position: number) => file.getLineAndCharacterOfPosition(position).line + 1;
  const found: Measured[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node;
      const line = lineOf(declarationOf(fn).getStart(file));
      found.push({ name: nameOf(fn, file), line, lines: lineOf(fn.getEnd()) - line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A function of `lines` lines, declared as `head` (which ends with its opening brace or `=> {`). */
const fixture = (head: string, lines: number): string =>
  [head, ...Array.from({ length: lines - 2 }, (_, i) => `  f(${i});`), '}'].join('\n');

const sidebarModules = readdirSync(join(ROOT, 'src/sidebar'), { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
  .sort();

describe('short functions in src/sidebar', () => {
  it(`has no function over ${LIMIT} lines`, () => {
    const long = sidebarModules.flatMap((path) =>
      measure(readFileSync(join(ROOT, path), 'utf8'))
        .filter((fn) => fn.lines > LIMIT)
        .map((fn) => `${path}:${fn.line} ${fn.name}: ${fn.lines} lines`),
    );
    expect(long).toEqual([]);
    expect(sidebarModules).toContain('src/sidebar/main.ts'); // the check above has files to read
  });

  it('counts from the declaration to the closing brace, each way a function is written', () => {
    const comment = '/**\n * Its JSDoc, not counted.\n */\n';
    expect(measure(comment + fixture('export function mount(): void {', 81))).toEqual([{ name: 'mount', line: 4, lines: 81 }]);
    expect(measure(fixture('const mount = (\n  a: number,\n): void => {', 80))[0]).toEqual({ name: 'mount', line: 1, lines: 82 });
    expect(measure(fixture('const part = {\n  show(): void {', 80) + '\n};')[0]).toEqual({ name: 'show', line: 2, lines: 80 });
    expect(measure(fixture('const part = {\n  show: function () {', 80) + '\n};')[0]).toEqual({ name: 'show', line: 2, lines: 80 });
    expect(measure(fixture('button.addEventListener("click", () => {', 80) + ');')[0]).toEqual({ name: '(anonymous)', line: 1, lines: 80 });
    const nested = measure(fixture('function outer() {\n  const inner = () => {', 79) + '\n}');
    expect(nested.map((fn) => [fn.name, fn.lines])).toEqual([
      ['outer', 81],
      ['inner', 79],
    ]);
  });
});
