/**
 * How many other people can edit this spreadsheet, for a self-install's warning (issue 41): everyone who
 * can edit a spreadsheet can change its bound script, and a changed script can read your key, the
 * owner's with no action of theirs (Google runs every custom function with the owner's user properties).
 */
import { SELF_INSTALL } from './constants';

/**
 * The people besides `you` who can edit the active spreadsheet, or null when this is not a self-install
 * (the Marketplace add-on's code cannot be changed by editors) or Google does not say. The owner counts
 * when it is someone else, whether or not Google lists them among the editors; an editor whose email
 * Google hides counts as someone else.
 * @param you the viewer's email as Google reports it ("" when it does not: then null)
 */
export function otherEditorsHere(you: string): number | null {
  if (!SELF_INSTALL || !you) return null;
  try {
    const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
    if (!spreadsheet) return null;
    const me = you.toLowerCase();
    const owner = spreadsheet.getOwner()?.getEmail().toLowerCase() ?? '';
    const emails = spreadsheet.getEditors().map((user) => user.getEmail().toLowerCase());
    const known = new Set([...emails, owner].filter((email) => email !== '' && email !== me));
    const hidden = emails.filter((email) => email === '').length;
    return known.size + hidden;
  } catch {
    return null; // Google refused to say (e.g. the spreadsheets permission was not granted): no count
  }
}
