/**
 * The words of the "Your API key" section that depend on the settings (pure, so it is unit-tested).
 * The viewer's own key pays for what they do from the sidebar; formulas use it only when it is the key
 * shared with the document, or when the viewer owns the spreadsheet.
 */
import type { SettingsView } from '../shared/sidebar-api';
import { formatCount } from './format';

/**
 * Whether this spreadsheet's formulas spend the viewer's own key.
 * @param view the settings
 */
export function formulasUseYourKey(view: SettingsView): boolean {
  return view.formulas.source === 'owner' || (view.formulas.source === 'document' && view.formulas.sharedByYou);
}

/**
 * The status line after a key was saved: the mask, and whether formulas here use it.
 * @param view what saveApiKey returned
 */
export function keySavedMessage(view: SettingsView): string {
  const saved = `Key saved: ${view.maskedKey ?? '••••'}.`;
  return formulasUseYourKey(view)
    ? `${saved} Formulas here use it.`
    : `${saved} Formulas here do not use it: see "Formulas in this spreadsheet".`;
}

/**
 * The line beside the section's heading: the mask and whether the key is shared, or a warning that none
 * is saved.
 * @param view the settings
 */
export function keySummary(view: SettingsView): { text: string; warn: boolean } {
  if (!view.hasKey) return { text: 'None saved yet', warn: true };
  return { text: `${view.maskedKey ?? '••••'}${view.sharedWithDocument ? ' · shared with this document' : ''}`, warn: false };
}

/**
 * The status line after the share box changed.
 * @param view what setKeySharing returned
 */
export function sharingMessage(view: SettingsView): string {
  return view.sharedWithDocument
    ? 'Shared: formulas here now spend your allowance, whoever evaluates them.'
    : 'Your key is no longer shared with this document.';
}

/**
 * A warning under the share box when ticking it would replace a key someone else shared; "" otherwise.
 * @param view the settings
 */
export function shareReplaces(view: SettingsView): string {
  const { formulas } = view;
  if (formulas.source !== 'document' || formulas.sharedByYou || view.sharedWithDocument) return '';
  return `Sharing replaces the key ${formulas.sharedBy || 'someone'} shared with this document.`;
}

/**
 * Why the formulas should re-run after a key reached them: Sheets keeps each cell's last result until
 * an argument changes, so "No API key" stays until a refresh. Said of the cells that show it: a range's
 * rows say it; a formula's own cell shows #ERROR! with its message on hover ("No API key" or another).
 * @param said cells whose value says "No API key"
 * @param errors the add-on's formula cells showing #ERROR!
 */
export function rerunOffer(said: number, errors: number): string {
  const parts = [
    said ? `${said === 1 ? '1 cell here says' : `${formatCount(said)} cells here say`} "No API key"` : '',
    errors
      ? `${errors === 1 ? "1 of the add-on's formula cells shows" : `${formatCount(errors)} of the add-on's formula cells show`} #ERROR! (point at it to read why)`
      : '',
  ].filter(Boolean);
  return `${parts.join(', and ')}. Sheets re-runs a formula only when its arguments change, so cells that said "No API key" keep saying it until the formulas are refreshed.`;
}

/**
 * The first screen's note on where the add-on works. A Marketplace add-on is enabled in a spreadsheet
 * only once someone uses it there, and until then Sheets does not know its functions; a self-install
 * is a script of this spreadsheet alone.
 * @param view the settings
 */
export function whereNote(view: SettingsView): string {
  return view.selfInstall
    ? 'This copy of Search Demand lives in this spreadsheet only: to use it in another spreadsheet, install it there the same way.'
    : 'In each new spreadsheet, use the add-on once (Extensions › Search Demand › any item) before typing its formulas: until then Sheets does not know them there (#NAME?).';
}

/**
 * What the saved key line says beside the mask: whose key, shared or not, and in a self-install the
 * service it belongs to.
 * @param view the settings
 */
export function keySource(view: SettingsView): string {
  if (!view.hasKey) return '';
  const whose = view.sharedWithDocument ? 'Your key, shared with this document' : 'Your key';
  return view.selfInstall && view.baseUrl ? `${whose}, for ${view.baseUrl}` : whose;
}

/**
 * A self-install's warning when others can edit this spreadsheet: each can change its script, and a
 * changed script reads the viewer's key (the owner's whenever a formula runs, since Google gives every
 * custom function the owner's settings; anyone else's when they next use the menu). '' when nobody
 * else can edit, in the Marketplace add-on (no editor can change its code), or when unknown.
 * @param view the settings
 */
export function editorsWarning(view: SettingsView): string {
  const others = view.otherEditors;
  if (!view.selfInstall || !others) return '';
  const who = others === 1 ? '1 other person' : `${others} other people`;
  return `${who} can edit this spreadsheet, so change its script, which can then read your key, shared or not (the owner's whenever a formula runs), and send it elsewhere. Unless you trust every editor, give them view access or use the Marketplace add-on, whose code no editor can change.`;
}

/**
 * The hint under the key's field in a self-install, or null to keep the page's ("Saved for your Google
 * account only…"), which is not the whole truth where the spreadsheet's editors can change the script.
 * @param view the settings
 */
export function keyInputHelp(view: SettingsView): string | null {
  return view.selfInstall
    ? 'Saved in your settings of this script, which anyone who can edit this spreadsheet can change to read it. It is checked before it is saved.'
    : null;
}
