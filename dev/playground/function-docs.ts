/**
 * What the cell editor's autocomplete offers, read from the built Code.js as Sheets reads it: each
 * top-level function whose JSDoc has `@customfunction`, with its description and its `@param`s (name,
 * whether optional, description). Nothing here is written by hand: a function, parameter or word
 * changed in src/server/index.ts shows in the page after the next build.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { FunctionDoc } from './state.js';

const CODE_PATH = fileURLToPath(new URL('../../dist/Code.js', import.meta.url));

/**
 * The custom functions of a built Code.js, in the order they are declared.
 * @param code the text of Code.js
 */
export function customFunctionDocs(code: string): FunctionDoc[] {
  const file = ts.createSourceFile('Code.js', code, ts.ScriptTarget.ES2020, true, ts.ScriptKind.JS);
  const docs: FunctionDoc[] = [];
  for (const statement of file.statements) {
    if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
    const jsDoc = ts.getJSDocCommentsAndTags(statement).filter(ts.isJSDoc).pop();
    const tags = jsDoc?.tags ?? [];
    if (!jsDoc || !tags.some((t) => t.tagName.text === 'customfunction')) continue;
    docs.push({
      name: statement.name.text,
      description: oneLine(ts.getTextOfJSDocComment(jsDoc.comment)),
      params: tags.flatMap((tag) =>
        ts.isJSDocParameterTag(tag)
          ? [{ name: tag.name.getText(), optional: tag.isBracketed, description: oneLine(ts.getTextOfJSDocComment(tag.comment)) }]
          : [],
      ),
    });
  }
  return docs;
}

/** The custom functions of dist/Code.js, as built now. */
export function builtFunctionDocs(): FunctionDoc[] {
  return customFunctionDocs(readFileSync(CODE_PATH, 'utf8'));
}

function oneLine(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}
