/**
 * The guard of every public function but the formulas: what the action needs is checked before it acts
 * (core/permissions.ts words a missing permission), then it runs under core/error-guard.ts's guard, which
 * logs what it did not expect. Kept out of the formulas' bundle: a cell checks nothing before it fetches
 * (custom functions may not call ScriptApp) and logs nothing (nor console).
 */
import { guard } from '../core/error-guard';
import { requirePermissions, SCHEDULED_RUN_NEEDS, type PermissionName } from '../core/permissions';
import { settleAfterAction } from '../log-sheet/log-flush';

/**
 * What each feature needs, by the public function that starts it (index.ts). A function not listed needs
 * none of these (it reads only the add-on's own stored settings or cache). Formulas are not here: Google's
 * refusal of their fetch says what is missing (cell/custom-functions.ts).
 */
export const NEEDS: Readonly<Record<string, readonly PermissionName[]>> = {
  showSidebar: ['sidebar'],
  showRankingTables: ['sidebar'],
  showTemplates: ['sidebar'],
  showHelp: ['sidebar'],
  refreshRankingTables: ['service', 'spreadsheet'],
  refreshFormulasFromMenu: ['spreadsheet'],
  formatResultsFromMenu: ['spreadsheet'],
  freezeSelectionFromMenu: ['spreadsheet'],
  unfreezeSelectionFromMenu: ['spreadsheet'],
  getSettings: ['spreadsheet'],
  saveApiKey: ['service', 'spreadsheet'],
  removeApiKey: ['spreadsheet'],
  setKeySharing: ['spreadsheet'],
  removeDocumentKey: ['spreadsheet'],
  setOwnerKeyForFormulas: ['spreadsheet'],
  setBaseUrl: ['spreadsheet'],
  refreshUsage: ['service'],
  setSpendCap: ['service', 'spreadsheet'],
  setRequestLog: ['spreadsheet'],
  estimateRefresh: ['spreadsheet'],
  getCacheInfo: ['spreadsheet'],
  clearCache: ['spreadsheet'],
  refreshAllFormulas: ['spreadsheet'],
  formatResults: ['spreadsheet'],
  freezeResults: ['spreadsheet'],
  unfreezeResults: ['spreadsheet'],
  getRankingGroups: ['service'],
  previewRankingTable: ['service'],
  insertRankingTable: ['service', 'spreadsheet'],
  // Turning a schedule off needs these; any other schedule needs SCHEDULED_RUN_NEEDS (trigger/refresh-schedule.ts).
  setRefreshSchedule: ['schedule', 'spreadsheet'],
  repairScheduledRuns: SCHEDULED_RUN_NEEDS,
  getTables: ['spreadsheet'],
  forgetTable: ['spreadsheet'],
  refreshTablesNow: ['service', 'spreadsheet'],
  getTracking: ['spreadsheet'],
  forgetTrackingList: ['spreadsheet'],
  readSelectedItems: ['spreadsheet'],
  previewTrackFields: ['service'],
  estimateTracking: ['spreadsheet'],
  addTrackingList: SCHEDULED_RUN_NEEDS,
  addTrackedItems: SCHEDULED_RUN_NEEDS,
  runTrackingNow: ['service', 'spreadsheet'],
  insertTemplate: ['service', 'spreadsheet'],
  trackTemplateBrands: SCHEDULED_RUN_NEEDS,
  templateSheets: ['spreadsheet'],
  getAlerts: ['spreadsheet'],
  setAlerts: ['spreadsheet'],
};

/**
 * Runs a menu item, sidebar call or trigger: its permissions checked first (NEEDS), then the body, with
 * guard's words for anything unexpected; then what it sent goes into the request log while that is on
 * (log-sheet/log-flush.ts), with the formulas' batches waiting when the sidebar opens or a menu item runs.
 * @param name the public function's name (index.ts)
 * @param body what it does
 */
export function guardAction<T>(name: string, body: () => T): T {
  return guard(
    name,
    () => {
      requirePermissions(NEEDS[name] ?? []);
      try {
        return body();
      } finally {
        settleAfterAction(name);
      }
    },
    (line) => console.error(line),
  );
}
