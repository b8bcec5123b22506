/**
 * One source for the public functions: the JSDoc of src/server/index.ts. What Sheets reads (the
 * top-level functions of the built dist/Code.js), the sidebar's help (the built dist/Sidebar.html), the
 * function reference (docs/use/functions.md) and the README's short table must all say the same names,
 * parameters (optional ones in brackets) and first sentence. Each is read back as a reader would see it.
 * The names written again elsewhere are checked against it: each function's own guard (its log line and
 * the permissions it needs), the menu's items, and the list formulas are recognised by.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS_END, FUNCTIONS_START } from '../../scripts/build/public-functions';
import { readPublicFunctions, signatureOf } from '../../scripts/build/toplevel';
import { FUNCTION_TABLE_PAGES, renderFunctionPages } from '../../scripts/docs-functions';
import { CUSTOM_FUNCTION_NAMES } from '../../src/server/spreadsheet/addon-formulas';

const root = fileURLToPath(new URL('../../', import.meta.url));
const source = readPublicFunctions(`${root}src/server/index.ts`);
const custom = source.filter((f) => f.isCustomFunction);

/** Each custom function as index.ts documents it: signature, first sentence, examples. */
const expected = custom.map((f) => ({ signature: signatureOf(f), summary: f.summary, examples: f.examples }));

/** A documented function as a reader of Code.js sees it: `NAME(a, [b])`, whether it is a custom function, its first sentence. */
interface BuiltFunction {
  params: string[];
  signature: string;
  isCustomFunction: boolean;
  summary: string;
}

/** The top-level functions of dist/Code.js, read from their own declarations and JSDoc. */
function builtFunctions(): Map<string, BuiltFunction> {
  const code = readFileSync(`${root}dist/Code.js`, 'utf8');
  const file = ts.createSourceFile('Code.js', code, ts.ScriptTarget.ES2020, true, ts.ScriptKind.JS);
  const found = new Map<string, BuiltFunction>();
  for (const statement of file.statements) {
    if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
    const doc = ts.getJSDocCommentsAndTags(statement).filter(ts.isJSDoc).pop();
    const tags = doc?.tags ?? [];
    const bracketed = new Map(tags.flatMap((t) => (ts.isJSDocParameterTag(t) ? [[t.name.getText(), t.isBracketed] as const] : [])));
    const params = statement.parameters.map((p) => {
      const name = p.name.getText();
      // A parameter Code.js does not document at all shows as `?name`, so it cannot pass for either form.
      return bracketed.has(name) ? (bracketed.get(name) ? `[${name}]` : name) : `?${name}`;
    });
    const description = (ts.getTextOfJSDocComment(doc?.comment) ?? '').replace(/\s+/g, ' ').trim();
    found.set(statement.name.text, {
      params: statement.parameters.map((p) => p.name.getText()),
      signature: `${statement.name.text}(${params.join(', ')})`,
      isCustomFunction: tags.some((t) => t.tagName.text === 'customfunction'),
      summary: /^.*?[.!?](?= |$)/.exec(description)?.[0] ?? description,
    });
  }
  return found;
}

/** Text of an HTML fragment: tags dropped, the entities the build writes decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The sidebar's help list in dist/Sidebar.html: each term, its description, and the code in it. */
function sidebarHelp(): { signature: string; text: string; examples: string[] }[] {
  const html = readFileSync(`${root}dist/Sidebar.html`, 'utf8');
  const lists = [...html.matchAll(/<dl class="functions">([\s\S]*?)<\/dl>/g)];
  expect(lists).toHaveLength(1);
  return [...(lists[0]?.[1] ?? '').matchAll(/<dt>([\s\S]*?)<\/dt>\s*<dd>([\s\S]*?)<\/dd>/g)].map((m) => ({
    signature: textOf(m[1] ?? ''),
    text: textOf(m[2] ?? ''),
    examples: [...(m[2] ?? '').matchAll(/<code>([\s\S]*?)<\/code>/g)].map((c) => textOf(c[1] ?? '')),
  }));
}

/** The rows of a Markdown page's function table, between its markers: signature and description. */
function markdownTable(page: string): { signature: string; summary: string }[] {
  const text = readFileSync(`${root}${page}`, 'utf8');
  const start = text.indexOf(FUNCTIONS_START);
  const end = text.indexOf(FUNCTIONS_END);
  expect(start, `${page} has the table's start marker`).toBeGreaterThanOrEqual(0);
  expect(end, `${page} has the table's end marker after it`).toBeGreaterThan(start);
  return text
    .slice(start + FUNCTIONS_START.length, end)
    .split('\n')
    .map((line) => /^\| `([^`]+)` \| (.*) \|$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ signature: m[1] ?? '', summary: (m[2] ?? '').replace(/\\\|/g, '|') }));
}

/**
 * The name each public function of index.ts hands to its guard (`guard('NAME', …)` for a custom function,
 * `guardAction('NAME', needs, …)` for the others), by the function it is in; none for a function that
 * calls neither.
 */
function guardNames(): Map<string, string[]> {
  const file = ts.createSourceFile('index.ts', readFileSync(`${root}src/server/index.ts`, 'utf8'), ts.ScriptTarget.ES2020, true);
  const names = new Map<string, string[]>();
  for (const statement of file.statements) {
    if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ['guard', 'guardAction'].includes(node.expression.text)) {
        const [first] = node.arguments;
        found.push(first && ts.isStringLiteral(first) ? first.text : '(not a string)');
      }
      ts.forEachChild(node, visit);
    };
    visit(statement);
    names.set(statement.name.text, found);
  }
  return names;
}

/** The functions the menu's items call: `.addItem('label', 'NAME')` in src/server/ui/menu.ts. */
function menuItemFunctions(): string[] {
  const menu = readFileSync(`${root}src/server/ui/menu.ts`, 'utf8');
  return [...menu.matchAll(/\.addItem\([^,]+,\s*'(\w+)'\)/g)].map((m) => m[1]!);
}

describe('the public functions, from the JSDoc of src/server/index.ts', () => {
  it('are documented: every custom function has a signature, a first sentence and at least one example', () => {
    expect(custom.length).toBeGreaterThan(0);
    for (const f of expected) {
      expect(f.summary, f.signature).toMatch(/^[A-Z].{10,}[.!?]$/);
      expect(f.examples.length, f.signature).toBeGreaterThan(0);
    }
  });

  it('are what the built Code.js declares at top level: names, parameters, and for custom functions optional brackets and summaries', () => {
    const built = builtFunctions();
    expect([...built.keys()].sort()).toEqual(source.map((f) => f.name).sort());
    for (const f of source) {
      const declared = built.get(f.name);
      expect(declared?.params, f.name).toEqual(f.params);
      expect(declared?.isCustomFunction, f.name).toBe(f.isCustomFunction);
      // Only custom functions keep their whole JSDoc in Code.js (Sheets shows it); the others keep a line.
      if (f.isCustomFunction) {
        expect(declared?.signature, f.name).toBe(signatureOf(f));
        expect(declared?.summary, f.name).toBe(f.summary);
      }
    }
  });

  it('are what the sidebar help lists, in order, each with its first sentence and examples', () => {
    const help = sidebarHelp();
    expect(help.map((h) => h.signature)).toEqual(expected.map((f) => f.signature));
    help.forEach((h, i) => {
      expect(h.text.startsWith(expected[i]?.summary ?? '?'), h.signature).toBe(true);
      expect(h.examples, h.signature).toEqual(expected[i]?.examples);
    });
  });

  it.each(FUNCTION_TABLE_PAGES)('are what the table of %s lists, in order', (page) => {
    expect(markdownTable(page)).toEqual(expected.map(({ signature, summary }) => ({ signature, summary })));
  });

  it('leave nothing for npm run docs:functions to rewrite', () => {
    for (const { page, text } of renderFunctionPages(source)) expect(readFileSync(`${root}${page}`, 'utf8'), page).toBe(text);
  });

  it('each name itself to its guard, so its log line and what it needs are its own', () => {
    const named = guardNames();
    for (const f of source) {
      const guards = named.get(f.name) ?? [];
      // onOpen and onInstall build the menu only (they may run before authorisation): nothing to check.
      if (!['onOpen', 'onInstall'].includes(f.name)) expect(guards.length, `${f.name} calls its guard`).toBeGreaterThan(0);
      for (const name of guards) expect(name, `the guard in ${f.name}`).toBe(f.name);
    }
  });

  it("are what the menu's items call: functions that are not formulas", () => {
    const items = menuItemFunctions();
    expect(items.length).toBeGreaterThan(5);
    const others = source.filter((f) => !f.isCustomFunction).map((f) => f.name);
    for (const name of items) expect(others, `the menu item calling ${name}`).toContain(name);
  });

  it('are the names formulas are recognised by (src/server/spreadsheet/addon-formulas.ts, the playground)', () => {
    expect([...CUSTOM_FUNCTION_NAMES]).toEqual(custom.map((f) => f.name));
  });
});
