/**
 * The rarely used part of the server (sidebar endpoints, menu actions, ranking tables, schedules),
 * loaded only by the executions that need it.
 *
 * Why: every cell evaluation is an execution that loads and evaluates Code.js, so Code.js holds only
 * what formulas need (and onOpen). The build puts the whole server, bundled, into the project file
 * Server.html (base64, so nothing in it reads as markup); a sidebar, menu or trigger execution reads it
 * once with HtmlService and evaluates it. That costs one project-file read per such execution, never one
 * per cell.
 */

/** The cold bundle's global name (see esbuild.config.mjs). */
const COLD_GLOBAL = 'SDM_COLD';
/** The project file that holds it. */
const COLD_FILE = 'Server';

let loaded: Record<string, (...args: unknown[]) => unknown> | undefined;

/** The whole server's public functions, loaded on first use in this execution. */
export function cold(): Record<string, (...args: unknown[]) => unknown> {
  if (!loaded) {
    const file = HtmlService.createHtmlOutputFromFile(COLD_FILE).getContent();
    // The file's first line says what it is; the rest is the bundle in base64.
    const encoded = file.slice(file.indexOf('\n') + 1).replace(/\s+/g, '');
    const source = Utilities.newBlob(Utilities.base64Decode(encoded)).getDataAsString('UTF-8');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- our own bundle, from our own project file
    loaded = (new Function(`${source}\nreturn ${COLD_GLOBAL};`) as () => Record<string, (...args: unknown[]) => unknown>)();
  }
  return loaded;
}
