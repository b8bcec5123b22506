/**
 * Which key this spreadsheet's formulas spend, and who the viewer is to the spreadsheet (owner, editor):
 * what the sidebar's settings show, and what the estimates and the menu check the viewer's allowance on.
 * Keys never leave the server whole: the page gets them masked.
 */
import type { FormulaKeyView, OwnerView, Role } from '../../shared/who-pays';
import { PROP_API_KEY_SHARED_BY } from './constants';
import { currentEmail } from './identity';
import { activeSpreadsheetId, readDocumentApiKey, readFormulaKeyOffList, readOwnApiKey } from './lookup-settings';

/**
 * The key this spreadsheet's formulas spend, as far as the viewer can know it (for the server's own
 * use, such as the limit guard's fingerprint: never sent to the page). `owner-unseen`: someone else's
 * key may pay, which the viewer cannot read; `none`: no key reaches the formulas.
 */
export function formulaKeyHere(): { source: FormulaKeyView['source']; apiKey: string | undefined } {
  const own = readOwnApiKey();
  const shared = readDocumentApiKey();
  const owner = ownerOf(SpreadsheetApp.getActiveSpreadsheet());
  const { source } = formulaKey({ own, shared, role: roleOf(currentEmail(), owner), owner });
  return { source, apiKey: source === 'document' ? shared : source === 'owner' ? own : undefined };
}

/**
 * Which key the formulas use, as far as this viewer may know (the sidebar words who pays and what to do).
 * @param at the viewer's own key, the document's shared key, the viewer's role and the owner
 */
export function formulaKey(at: { own?: string; shared?: string; role: Role; owner: OwnerView }): FormulaKeyView {
  const { own, shared, role, owner } = at;
  const ownerKeyOff = role === 'owner' ? readFormulaKeyOffList().includes(activeSpreadsheetId()) : null;
  const none = { maskedKey: null, sharedBy: null, sharedByYou: false, ownerKeyOff };
  if (shared) {
    const sharedBy = PropertiesService.getDocumentProperties().getProperty(PROP_API_KEY_SHARED_BY) ?? '';
    return { source: 'document', maskedKey: mask(shared), sharedBy, sharedByYou: !!own && own === shared, ownerKeyOff };
  }
  if (owner.kind === 'shared-drive') return { ...none, source: 'none' };
  if (role === 'owner') return own && !ownerKeyOff ? { ...none, source: 'owner', maskedKey: mask(own) } : { ...none, source: 'none' };
  return { ...none, source: 'owner-unseen' };
}

/**
 * The spreadsheet's owner as Google reports it (null owner: a shared drive).
 * @param spreadsheet the open spreadsheet
 */
export function ownerOf(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet | null): OwnerView {
  try {
    if (!spreadsheet) return { kind: 'unknown' };
    const owner = spreadsheet.getOwner();
    if (!owner) return { kind: 'shared-drive' };
    const email = owner.getEmail() || '';
    return email ? { kind: 'user', email } : { kind: 'unknown' };
  } catch {
    return { kind: 'unknown' };
  }
}

/**
 * The viewer's role here: the owner, an editor (always so in a shared drive), or unknown.
 * @param you the viewer's email, if Google gives it
 * @param owner the spreadsheet's owner
 */
export function roleOf(you: string, owner: OwnerView): Role {
  if (owner.kind === 'shared-drive') return 'editor';
  if (owner.kind === 'unknown' || !you) return 'unknown';
  return owner.email.toLowerCase() === you.toLowerCase() ? 'owner' : 'editor';
}

/**
 * A key as the page may see it: its last four characters only when long enough that they reveal nothing useful.
 * @param key the key
 */
export function mask(key: string): string {
  return key.length >= 12 ? `••••${key.slice(-4)}` : '••••';
}
