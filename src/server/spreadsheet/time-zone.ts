/** The spreadsheet's time zone: where a calendar date a cell shows has its midnight. */

/** When no spreadsheet can be read (a scheduled run, a refused permission): Sheets' own default zone. */
const FALLBACK_ZONE = 'Etc/UTC';

/**
 * The active spreadsheet's time zone, else the script's, else UTC. One spreadsheet read: a formula takes
 * it from the config entry (cache/config-entry.ts), which mirrors what the sidebar and menu keep in the
 * document's properties (cache/config-entry.ts, keepTimeZone), and reads it only where neither has it (lazyTimeZone).
 */
export function spreadsheetTimeZone(): string {
  const zone = documentTimeZone();
  if (zone) return zone;
  // no document, or no permission to read it: the script's zone is the next best guess
  try {
    return Session.getScriptTimeZone() || FALLBACK_ZONE;
  } catch {
    return FALLBACK_ZONE;
  }
}

/** The active spreadsheet's time zone, or null without one (or without the permission to read it). */
function documentTimeZone(): string | null {
  try {
    return SpreadsheetApp.getActiveSpreadsheet()?.getSpreadsheetTimeZone() || null;
  } catch {
    return null;
  }
}

/**
 * A formula's spreadsheet time zone, read on first use only (a result without a calendar date never asks);
 * `known` says it once read, without reading. Never the script's: Session is not a service Google lets
 * custom functions call, and a cell always has its spreadsheet.
 */
export function lazyTimeZone(): (() => string) & { known: () => string | undefined } {
  let zone: string | undefined;
  return Object.assign(() => (zone ??= documentTimeZone() ?? FALLBACK_ZONE), { known: () => zone });
}
