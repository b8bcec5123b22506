/**
 * The custom functions as people read them, rendered from the JSDoc of src/server/index.ts (read by
 * readPublicFunctions): the sidebar's help list (scripts/build/sidebar.ts puts it into the page at
 * build) and the short table of docs/use/functions.md and README.md (`npm run docs:functions` writes it
 * between FUNCTIONS_START and FUNCTIONS_END). test/build/public-functions.test.ts checks all of them.
 */
import { signatureOf, type PublicFunction } from './toplevel.ts';

/** Where the sidebar template takes the help list: inside its `<dl class="functions">`, exactly once. */
export const HELP_MARK = '<!--@functions-->';
/** The Markdown pages' markers around the generated table (HTML comments: GitHub shows nothing of them). */
export const FUNCTIONS_START = '<!-- functions:start (npm run docs:functions writes this table from src/server/index.ts) -->';
export const FUNCTIONS_END = '<!-- functions:end -->';

/** Text for HTML element content: nothing in it can become markup. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The sidebar's help entries: per custom function its signature, then its first sentence and examples.
 * Every piece is escaped text, so a JSDoc cannot put markup into the page.
 * @param functions what readPublicFunctions found (only the custom functions are listed)
 */
export function renderHelpList(functions: readonly PublicFunction[]): string {
  return functions
    .filter((f) => f.isCustomFunction)
    .map((f) => {
      const examples = f.examples.map((e) => ` <code>${escapeHtml(e)}</code>`).join('');
      return `<dt>${escapeHtml(signatureOf(f))}</dt>\n<dd>${escapeHtml(f.summary)}${examples}</dd>`;
    })
    .join('\n');
}

/**
 * Puts the help list into the sidebar template at HELP_MARK.
 * @param template src/sidebar/Sidebar.html's text
 * @param functions what readPublicFunctions found
 * @throws if the template has the mark other than once
 */
export function inlineHelpList(template: string, functions: readonly PublicFunction[]): string {
  const count = template.split(HELP_MARK).length - 1;
  if (count !== 1) throw new Error(`src/sidebar/Sidebar.html must contain ${HELP_MARK} exactly once (found ${count})`);
  const list = renderHelpList(functions);
  return template.replace(HELP_MARK, () => list);
}

/**
 * The Markdown table of the custom functions: signature and first sentence.
 * @param functions what readPublicFunctions found (only the custom functions are listed)
 */
export function renderFunctionTable(functions: readonly PublicFunction[]): string {
  const rows = functions.filter((f) => f.isCustomFunction).map((f) => `| \`${signatureOf(f)}\` | ${f.summary.replace(/\|/g, '\\|')} |`);
  return ['| Function | What it returns |', '| --- | --- |', ...rows].join('\n');
}

/**
 * A Markdown page with its table between the markers rendered anew (the rest untouched).
 * @param page the page's text, holding FUNCTIONS_START and FUNCTIONS_END once each, in that order
 * @param functions what readPublicFunctions found
 * @throws if the markers are missing, repeated or out of order
 */
export function withFunctionTable(page: string, functions: readonly PublicFunction[]): string {
  const start = page.indexOf(FUNCTIONS_START);
  const end = page.indexOf(FUNCTIONS_END);
  if (start < 0 || end < start || page.indexOf(FUNCTIONS_START, start + 1) >= 0 || page.indexOf(FUNCTIONS_END, end + 1) >= 0) {
    throw new Error(`the page must hold ${FUNCTIONS_START} and then ${FUNCTIONS_END}, once each`);
  }
  return `${page.slice(0, start + FUNCTIONS_START.length)}\n${renderFunctionTable(functions)}\n${page.slice(end)}`;
}
