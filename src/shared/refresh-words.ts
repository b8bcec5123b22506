/** What Refresh all formulas says it did: the menu's toast and the sidebar's status line say the same. */
import type { RefreshView, RefreshWait } from './sidebar-api';

/**
 * "3 formula cells recalculating, from answers cached or fetched just now (4 requests). 31 keep what
 * they show until the fresh searches reset, after 00:00 UTC." The first refresh of a formula adds its
 * refresh argument (SDM_REFRESH, or another counter of the pool: spreadsheet/addon-formulas.ts).
 * @param view what the refresh returned
 * @param count writes a number (the sidebar groups digits as the viewer's locale does)
 */
export function refreshText(view: RefreshView, count: (n: number) => string = String): string {
  const cells = (n: number) => `${count(n)} formula cell${n === 1 ? '' : 's'}`;
  if (!view.formulaCells && !view.waiting) return 'No cell in this spreadsheet uses the add-on: nothing to refresh.';
  const sent = view.requests
    ? `${count(view.requests)} request${view.requests === 1 ? '' : 's'}${view.freshSearches ? `, ${count(view.freshSearches)} of them fresh searches` : ''}`
    : 'nothing sent';
  const where = view.sheets > 1 ? ` on ${count(view.sheets)} sheets` : '';
  const added = view.formulasRewritten ? `; ${count(view.formulasRewritten)} got the SDM_REFRESH argument the first time` : '';
  const ran = view.formulaCells
    ? `${cells(view.formulaCells)}${where} recalculating, from answers cached or fetched just now (${sent}${added}).`
    : `No formula cell could be answered now (${sent}).`;
  if (!view.waiting) return ran;
  return `${ran} ${view.formulaCells ? count(view.waiting) : cells(view.waiting)} ${view.waiting === 1 ? 'keeps' : 'keep'} what ${view.waiting === 1 ? 'it shows' : 'they show'} ${waitText(view.waitingFor, view.resetAt)}.`;
}

/**
 * Until when cells left as they are wait, in words.
 * @param reason what they wait for
 * @param resetAt when it resets (ISO), if known
 */
export function waitText(reason: RefreshWait | null, resetAt: string | null): string {
  if (reason === 'key') return "until the formulas' key can fetch their answers (the owner's refresh, or a key shared with the document)";
  const at = resetAt ? Date.parse(resetAt) : NaN;
  const when = Number.isFinite(at) ? `, after ${new Date(at).toISOString().slice(11, 16)} UTC` : '';
  if (reason === 'cap') return `until this spreadsheet's cap resets${when}`;
  return `until the ${reason === 'API calls' ? 'API calls' : 'fresh searches'} reset${when}`;
}
