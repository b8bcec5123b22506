/**
 * The add-on's public surface. Every export becomes a top-level function of Code.js, generated with
 * this JSDoc by the build (Sheets reads it for autocomplete). Nothing else is global.
 *
 * This file is the one list of the public functions. Each names itself to its guard and says there what
 * it needs (the permissions guardAction checks before it acts). Its JSDoc is the one source for the
 * custom functions: their names, parameters (`[name]` optional), first sentence and `@example`s make the
 * sidebar's help (scripts/build/sidebar.ts) and the tables of docs/use/functions.md and README.md (`npm
 * run docs:functions`), and the names formulas are recognised by (spreadsheet/addon-formulas.ts) follow
 * them; test/build/public-functions.test.ts fails when any of them disagrees, or when a guard or a menu
 * item names a function that is not its own or not here.
 */
import type {
  AlertSettingsRequest,
  AlertsView,
  CacheView,
  FormatView,
  FreezeScope,
  FreezeView,
  InsertTableRequest,
  RankingGroup,
  RefreshEstimate,
  RefreshTablesView,
  RefreshView,
  Schedule,
  SelectedItems,
  Sent,
  SettingsView,
  SpendCapRequest,
  SpendCost,
  TablePreview,
  TablesView,
  TemplateSheetView,
  TemplateView,
  TrackFieldsView,
  TrackingView,
  TrackKind,
  TrackRequest,
  UsageView,
} from '../shared/sidebar-api';
import { lookupScores, lookupSingleton, lookupSubjects } from './cell/custom-functions';
import { compareSearches, seasonality, shareOfSearch } from './cell/analyst-functions';
import { withoutRefresh } from './spreadsheet/addon-formulas';
import { formatResults as format } from './format/format-results';
import { freezeResults as freeze } from './freeze/freeze';
import { unfreezeResults as unfreeze } from './freeze/unfreeze';
import { guard } from './execution/error-guard';
import { SCHEDULED_RUN_NEEDS } from './execution/permissions';
import { guardAction } from './ui/action-guard';
import {
  askForPermissions,
  buildMenu,
  formatSelectionWithToast,
  freezeSelectionWithToast,
  openSidebar,
  refreshFormulasFromMenuOrAsk,
} from './ui/menu';
import { ENDPOINTS } from './service/endpoints';
import * as cachePanel from './ui/cache-panel';
import * as refreshEstimate from './spending/refresh-estimate';
import * as settingsPanel from './ui/settings-panel';
import * as usagePanel from './ui/usage-panel';
import * as tables from './ui/tables-panel';
import { refreshFromMenu, scheduledRun, triggerUidOf } from './trigger/refresh-entry';
import * as templates from './ui/templates-panel';
import * as tracking from './ui/tracking-panel';
import * as alerts from './ui/alerts-panel';

/**
 * Monthly Google search demand for a keyword: 12 months, growth, peak and Search Score.
 * Without a field, one keyword gives a table; a range gives one row per keyword under a header.
 *
 * @param {string|Array<Array<string>>} keyword The search term, or a range of search terms.
 * @param {string} [field] Optional: a label or header the answer shows (or a cell holding one), or a path into it.
 * @param {string} [options] Optional comma list: "noHeaders", "transpose".
 * @return The trend as a table, or the selected field.
 * @example =SEARCH_TREND("electric bikes")
 * @example =SEARCH_TREND("coffee", A3)
 * @customfunction
 */
export function SEARCH_TREND(keyword: unknown, field?: unknown, options?: unknown) {
  return guard('SEARCH_TREND', () => lookupSubjects(ENDPOINTS.trend, ...withoutRefresh(keyword, field, options)));
}

/**
 * The Search Score of a keyword (or of each keyword in a range, aligned with it).
 *
 * @param {string|Array<Array<string>>} keyword The search term, or a range of search terms.
 * @return The Search Score of each keyword.
 * @example =SEARCH_SCORE(A2:A501)
 * @customfunction
 */
export function SEARCH_SCORE(keyword: unknown) {
  return guard('SEARCH_SCORE', () => lookupScores(ENDPOINTS.trend, ...withoutRefresh(keyword), ['searchscore'], 'SEARCH_TREND'));
}

/**
 * The monthly searches of keywords side by side: months down, one column per keyword.
 *
 * @param {string|Array<Array<string>>} keywords A range of search terms.
 * @param {string} [options] Optional: "noHeaders", "transpose".
 * @return Months, then each keyword's searches.
 * @example =SEARCH_COMPARE(A2:A6)
 * @customfunction
 */
export function SEARCH_COMPARE(keywords: unknown, options?: unknown) {
  return guard('SEARCH_COMPARE', () => compareSearches(...withoutRefresh(keywords, options)));
}

/**
 * Each keyword's share of the group's searches, month by month and over 12 months.
 *
 * @param {string|Array<Array<string>>} keywords A range of search terms, such as brands.
 * @param {string} [options] Optional: "noHeaders", "transpose".
 * @return Months, then each keyword's share.
 * @example =SHARE_OF_SEARCH(A2:A6)
 * @customfunction
 */
export function SHARE_OF_SEARCH(keywords: unknown, options?: unknown) {
  return guard('SHARE_OF_SEARCH', () => shareOfSearch(...withoutRefresh(keywords, options)));
}

/**
 * Each month's searches over the 12-month mean (seasonal index), with the peak and low months.
 *
 * @param {string|Array<Array<string>>} keyword The search term, or a range of search terms.
 * @param {string} [options] Optional: "noHeaders", "transpose".
 * @return Months with searches and index, or a row of indexes per keyword.
 * @example =SEARCH_SEASONALITY("sunscreen")
 * @customfunction
 */
export function SEARCH_SEASONALITY(keyword: unknown, options?: unknown) {
  return guard('SEARCH_SEASONALITY', () => seasonality(...withoutRefresh(keyword, options)));
}

/**
 * A brand's index score (or each brand's in a range, aligned with it).
 *
 * @param {string|Array<Array<string>>} slug The brand's identifier, or a range of them.
 * @return The index score of each brand.
 * @example =BRAND_SCORE(A2:A51)
 * @customfunction
 */
export function BRAND_SCORE(slug: unknown) {
  return guard('BRAND_SCORE', () => lookupScores(ENDPOINTS.brand, ...withoutRefresh(slug), ['indexscore'], 'BRAND_PROFILE'));
}

/**
 * A brand's profile: index score, signals, ranks, parent company, products and intent mix.
 *
 * @param {string|Array<Array<string>>} slug The brand's identifier, or a range of them.
 * @param {string} [field] Optional: a label or header the answer shows (or a cell holding one), or a path into it.
 * @param {string} [options] Optional comma list: "noHeaders", "transpose".
 * @return The profile as a table, or the selected field.
 * @example =BRAND_PROFILE(A2)
 * @customfunction
 */
export function BRAND_PROFILE(slug: unknown, field?: unknown, options?: unknown) {
  return guard('BRAND_PROFILE', () => lookupSubjects(ENDPOINTS.brand, ...withoutRefresh(slug, field, options)));
}

/**
 * A company's profile: universe membership, sector, and traffic and channel mix where available.
 *
 * @param {string|Array<Array<string>>} name The company name, or a range of names.
 * @param {string} [field] Optional: a label or header the answer shows (or a cell holding one), or a path into it.
 * @param {string} [options] Optional comma list: "noHeaders", "transpose".
 * @return The profile as a table, or the selected field.
 * @example =COMPANY_PROFILE(A2)
 * @customfunction
 */
export function COMPANY_PROFILE(name: unknown, field?: unknown, options?: unknown) {
  return guard('COMPANY_PROFILE', () => lookupSubjects(ENDPOINTS.company, ...withoutRefresh(name, field, options)));
}

/**
 * Universe statistics and the full cross-industry market analysis.
 *
 * @param {string} [field] Optional: a label or header the answer shows (or a cell holding one), or a path into it.
 * @param {string} [options] Optional comma list: "noHeaders", "transpose".
 * @return The analysis as a table, or the selected field.
 * @example =MARKET_ANALYSIS()
 * @customfunction
 */
export function MARKET_ANALYSIS(field?: unknown, options?: unknown) {
  return guard('MARKET_ANALYSIS', () => lookupSingleton(ENDPOINTS.markets, ...withoutRefresh(field, options)));
}

/**
 * The eight AI industry baskets, each with its members' data.
 *
 * @param {string} [field] Optional: a label or header the answer shows (or a cell holding one), or a path into it.
 * @param {string} [options] Optional comma list: "noHeaders", "transpose".
 * @return The baskets as a table, or the selected field.
 * @example =AI_INDUSTRIES()
 * @customfunction
 */
export function AI_INDUSTRIES(field?: unknown, options?: unknown) {
  return guard('AI_INDUSTRIES', () => lookupSingleton(ENDPOINTS.industries, ...withoutRefresh(field, options)));
}

/**
 * The ranking index overview: leaders, breakouts, AI categories and sectors.
 *
 * @param {string} [field] Optional: a label or header the answer shows (or a cell holding one), or a path into it.
 * @param {string} [options] Optional comma list: "noHeaders", "transpose".
 * @return The overview as a table, or the selected field.
 * @example =RANKING_OVERVIEW()
 * @customfunction
 */
export function RANKING_OVERVIEW(field?: unknown, options?: unknown) {
  return guard('RANKING_OVERVIEW', () => lookupSingleton(ENDPOINTS.ranking, ...withoutRefresh(field, options)));
}

/**
 * A full ranking of the index for one market, for AI, or for one sector.
 *
 * @param {string} group The group as prefix:name, such as "sector:fintech".
 * @param {string} [field] Optional: a label or header the answer shows (or a cell holding one), or a path into it.
 * @param {string} [options] Optional comma list: "noHeaders", "transpose".
 * @return The ranking as a table, or the selected field.
 * @example =RANKING_LIST("sector:fintech", , "noHeaders")
 * @customfunction
 */
export function RANKING_LIST(group: unknown, field?: unknown, options?: unknown) {
  return guard('RANKING_LIST', () => lookupSubjects(ENDPOINTS.rankingList, ...withoutRefresh(group, field, options)));
}

/**
 * Your API allowance, how much of it is used, and when that was read.
 *
 * @param {string} [field] Optional: a label or header the answer shows (or a cell holding one), or a path into it.
 * @return The usage, or the selected field.
 * @example =API_USAGE()
 * @customfunction
 */
export function API_USAGE(field?: unknown) {
  return guard('API_USAGE', () => lookupSingleton(ENDPOINTS.usage, ...withoutRefresh(field), undefined));
}

// ── Menu and triggers ────────────────────────────────────────────────────────────────────────────

/**
 * Runs when the add-on is installed: builds the menu in the open spreadsheet.
 * @param {Object} e The install event.
 */
export function onInstall(e: unknown) {
  onOpen(e);
}

/**
 * Runs when a spreadsheet opens: adds Extensions › Search Demand. May run before authorisation
 * (AuthMode.NONE), so it touches no properties, cache or network.
 * @param {Object} e The open event.
 */
export function onOpen(e: unknown) {
  void e;
  buildMenu();
}

/** Opens the Search Demand sidebar: API key, usage, cache, help. */
export function showSidebar() {
  guardAction('showSidebar', ['sidebar'], () => openSidebar('settings'));
}

/** Opens the sidebar at its ranking tables section. */
export function showRankingTables() {
  guardAction('showRankingTables', ['sidebar'], () => openSidebar('tables'));
}

/** Menu: opens the sidebar at its templates (Start from a template…). */
export function showTemplates() {
  guardAction('showTemplates', ['sidebar'], () => openSidebar('templates'));
}

/** Opens the sidebar at the function reference. */
export function showHelp() {
  guardAction('showHelp', ['sidebar'], () => openSidebar('help'));
}

/**
 * Menu: Grant permissions… asks Google's consent screen again for every permission the user left
 * unticked (it ends there); with all granted, a toast says so.
 */
export function grantPermissions() {
  guardAction('grantPermissions', [], askForPermissions);
}

/**
 * The time-driven trigger's handler: refreshes the ranking tables that are due and runs the tracking
 * lists of every spreadsheet its user scheduled, and never throws (what stops it is recorded for the
 * sidebar). From the menu: refreshes this spreadsheet's tables.
 * @param {Object} e The trigger event (absent from the menu).
 */
export function refreshRankingTables(e: unknown) {
  const uid = triggerUidOf(e);
  if (uid) scheduledRun(uid);
  else guardAction('refreshRankingTables', ['service', 'spreadsheet'], refreshFromMenu);
}

/**
 * Menu: makes Sheets run every Search Demand formula again, or opens the sidebar's refresh when it may
 * spend more than is left (docs/use/functions.md, "Refreshing").
 */
export function refreshFormulasFromMenu() {
  guardAction('refreshFormulasFromMenu', ['spreadsheet'], refreshFormulasFromMenuOrAsk);
}

/** Menu: number formats for the add-on's results in the selection, or on its sheet. */
export function formatResultsFromMenu() {
  guardAction('formatResultsFromMenu', ['spreadsheet'], formatSelectionWithToast);
}

/** Menu: replaces the add-on's formulas in the selection by their values, each kept in its cell's note. */
export function freezeSelectionFromMenu() {
  guardAction('freezeSelectionFromMenu', ['spreadsheet'], () => freezeSelectionWithToast(false));
}

/** Menu: puts back the formulas frozen in the selection. */
export function unfreezeSelectionFromMenu() {
  guardAction('unfreezeSelectionFromMenu', ['spreadsheet'], () => freezeSelectionWithToast(true));
}

// ── Sidebar endpoints (called through google.script.run: src/sidebar/server.ts types its calls by these) ─

/** Sidebar: the settings to show (the key only masked). */
export function getSettings(): SettingsView {
  return guardAction('getSettings', ['spreadsheet'], settingsPanel.getSettings);
}

/**
 * Sidebar: checks a key against the service and stores it if accepted (with the service's address,
 * checked in the same request, in a self-install).
 * @param {string} key The pasted API key.
 * @param {boolean} shareWithDocument Let collaborators' formulas in this document use it.
 * @param {string} [address] The service's address typed beside the key (required in a self-install).
 */
export function saveApiKey(key: Sent<string>, shareWithDocument: Sent<boolean>, address?: Sent<string>): SettingsView {
  return guardAction('saveApiKey', ['service', 'spreadsheet'], () => settingsPanel.saveApiKey(key, shareWithDocument, address));
}

/** Sidebar: removes the user's key (and its document copy). */
export function removeApiKey(): SettingsView {
  return guardAction('removeApiKey', ['spreadsheet'], settingsPanel.removeApiKey);
}

/**
 * Sidebar: shares the user's key with this document, or stops.
 * @param {boolean} shareWithDocument true to share.
 */
export function setKeySharing(shareWithDocument: Sent<boolean>): SettingsView {
  return guardAction('setKeySharing', ['spreadsheet'], () => settingsPanel.setKeySharing(shareWithDocument));
}

/** Sidebar: stops this document's formulas using the key shared with it. */
export function removeDocumentKey(): SettingsView {
  return guardAction('removeDocumentKey', ['spreadsheet'], settingsPanel.removeDocumentKey);
}

/**
 * Sidebar (owner only): whether formulas in this spreadsheet may spend the owner's key.
 * @param {boolean} allow true to let them.
 */
export function setOwnerKeyForFormulas(allow: Sent<boolean>): SettingsView {
  return guardAction('setOwnerKeyForFormulas', ['spreadsheet'], () => settingsPanel.setOwnerKeyForFormulas(allow));
}

/**
 * Sidebar: stores a base URL override; empty restores the default.
 * @param {string} url The service's base URL.
 */
export function setBaseUrl(url: Sent<string>): SettingsView {
  return guardAction('setBaseUrl', ['spreadsheet'], () => settingsPanel.setBaseUrl(url));
}

/** Sidebar: the last usage read with your key (no request). */
export function getUsage(): UsageView {
  return guardAction('getUsage', [], usagePanel.getUsage);
}

/** Sidebar: reads usage now (one request) and keeps it. */
export function refreshUsage(): UsageView {
  return guardAction('refreshUsage', ['service'], usagePanel.refreshUsage);
}

/**
 * Sidebar: this spreadsheet's cap on fresh searches a day (`null` lifts it). Its formulas and scheduled
 * runs stop at it as at the daily limit; refused unless a whole number from 0 up, within your allowance.
 * @param {Object} request `{ freshSearchesPerDay }`: the cap, or null.
 */
export function setSpendCap(request: Sent<SpendCapRequest>): UsageView {
  return guardAction('setSpendCap', ['service', 'spreadsheet'], () => usagePanel.setSpendCap(request));
}

/**
 * Sidebar: the request log on or off. On, a sheet "Search Demand log" gets a row per batch sent to the
 * service (never the key).
 * @param {boolean} on Whether the log is on.
 */
export function setRequestLog(on: Sent<boolean>): UsageView {
  return guardAction('setRequestLog', ['spreadsheet'], () => usagePanel.setRequestLog(on));
}

/**
 * Sidebar: what Refresh all formulas would send, and which formula cells it would leave as they are
 * (no request, unless asked to read what is left when no current read says it: one request).
 * @param {boolean} [readUsage] Read what is left now when it is not known.
 */
export function estimateRefresh(readUsage?: Sent<boolean>): RefreshEstimate {
  return guardAction('estimateRefresh', ['spreadsheet'], () => refreshEstimate.estimateRefresh(readUsage === true));
}

/** Sidebar: the cache generation and the number of formula cells. */
export function getCacheInfo(): CacheView {
  return guardAction('getCacheInfo', ['spreadsheet'], cachePanel.getCacheInfo);
}

/** Sidebar: makes every cached answer stale. */
export function clearCache(): CacheView {
  return guardAction('clearCache', ['spreadsheet'], cachePanel.clearCache);
}

/**
 * Sidebar: makes Sheets run again every Search Demand formula that can be answered now (fetching within
 * what is left first); the others keep what they show.
 */
export function refreshAllFormulas(): RefreshView {
  return guardAction('refreshAllFormulas', ['spreadsheet'], cachePanel.refreshAllFormulas);
}

/**
 * Sidebar: number formats for the add-on's results; no value changes.
 * @param {string} scope "selection" (or its sheet's) or "all".
 */
export function formatResults(scope: Sent<FreezeScope>): FormatView {
  return guardAction('formatResults', ['spreadsheet'], () => format(SpreadsheetApp.getActiveSpreadsheet(), scope));
}

/**
 * Sidebar: replaces the add-on's formulas by their values (spilled ones included), each formula and
 * the time kept in its cell's note.
 * @param {string} scope "selection" or "all" (every sheet).
 */
export function freezeResults(scope: Sent<FreezeScope>): FreezeView {
  return guardAction('freezeResults', ['spreadsheet'], () => freeze(SpreadsheetApp.getActiveSpreadsheet(), scope));
}

/**
 * Sidebar: puts back the formulas frozen by freezeResults, from their notes.
 * @param {string} scope "selection" or "all" (every sheet).
 */
export function unfreezeResults(scope: Sent<FreezeScope>): FreezeView {
  return guardAction('unfreezeResults', ['spreadsheet'], () => unfreeze(SpreadsheetApp.getActiveSpreadsheet(), scope));
}

/** Sidebar: the groups the ranking overview offers. */
export function getRankingGroups(): RankingGroup[] {
  return guardAction('getRankingGroups', ['service'], tables.getRankingGroups);
}

/**
 * Sidebar: the columns and row count a group's table would have. Each column is given by its field
 * path (what a request names) and in words (as the sheet shows it).
 * @param {string} group The group, such as sector:fintech.
 */
export function previewRankingTable(group: Sent<string>): TablePreview {
  return guardAction('previewRankingTable', ['service'], () => tables.previewRankingTable(group));
}

/**
 * Sidebar: inserts a ranking table and tracks it.
 * @param {Object} request Group, placement, columns and row limit.
 */
export function insertRankingTable(request: Sent<InsertTableRequest>): TablesView {
  return guardAction('insertRankingTable', ['service', 'spreadsheet'], () => tables.insertRankingTable(request));
}

/** Sidebar: the tracked tables, the schedule and the last run. */
export function getTables(): TablesView {
  return guardAction('getTables', ['spreadsheet'], tables.getTables);
}

/**
 * Sidebar: stops tracking a table (its cells stay).
 * @param {string} id The table's id.
 */
export function forgetTable(id: Sent<string>): TablesView {
  return guardAction('forgetTable', ['spreadsheet'], () => tables.forgetTable(id));
}

/**
 * Sidebar: sets when tables refresh by themselves.
 * @param {Object} schedule off, hourly, every6h, daily (hour) or weekly (weekday, hour).
 */
export function setRefreshSchedule(schedule: Sent<Schedule>): TablesView {
  // Turning a schedule off needs these; any other schedule needs SCHEDULED_RUN_NEEDS (trigger/refresh-schedule.ts).
  return guardAction('setRefreshSchedule', ['schedule', 'spreadsheet'], () => tables.setRefreshSchedule(schedule));
}

/** Sidebar: makes your stopped trigger anew in this spreadsheet, so your schedules and lists run again. */
export function repairScheduledRuns(): TablesView {
  return guardAction('repairScheduledRuns', SCHEDULED_RUN_NEEDS, tables.repairScheduledRuns);
}

/**
 * Sidebar: refreshes every table now. Progress shows as toasts in the spreadsheet.
 * @param {boolean} force Skip the cache (costs requests).
 */
export function refreshTablesNow(force: Sent<boolean>): RefreshTablesView {
  return guardAction('refreshTablesNow', ['service', 'spreadsheet'], () => tables.refreshTablesNow(force));
}

/** Sidebar: the tracking lists of this spreadsheet, each with what its next run asks for. */
export function getTracking(): TrackingView {
  return guardAction('getTracking', ['spreadsheet'], tracking.getTracking);
}

/**
 * Sidebar: the selected cells' values as keywords or brand slugs.
 * @param {string} kind "keywords" or "brands".
 */
export function readSelectedItems(kind: Sent<TrackKind>): SelectedItems {
  return guardAction('readSelectedItems', ['spreadsheet'], () => tracking.readSelectedItems(kind));
}

/**
 * Sidebar: the fields a tracking list can keep, read from one item's answer. One request at most.
 * @param {string} kind "keywords" or "brands".
 * @param {string} item One keyword or brand slug of the list.
 */
export function previewTrackFields(kind: Sent<TrackKind>, item: Sent<string>): TrackFieldsView {
  return guardAction('previewTrackFields', ['service'], () => tracking.previewTrackFields(kind, item));
}

/**
 * Sidebar: what tracking these items sends now, counted without a request.
 * @param {string} kind "keywords" or "brands".
 * @param {string[]} items The keywords or brand slugs.
 */
export function estimateTracking(kind: Sent<TrackKind>, items: Sent<string[]>): SpendCost {
  return guardAction('estimateTracking', ['spreadsheet'], () => tracking.estimateTracking(kind, items));
}

/**
 * Sidebar: starts tracking keywords or brands over time, on their own history sheet. Makes the sheet
 * and runs the list at once: the backfill and this period's rows.
 * @param {Object} request Name, kind, items, period (day or week) and fields.
 */
export function addTrackingList(request: Sent<TrackRequest>): TrackingView {
  return guardAction('addTrackingList', SCHEDULED_RUN_NEEDS, () => tracking.addTrackingList(request));
}

/**
 * Sidebar: adds items to a tracking list, with their backfill.
 * @param {string} id The list's id.
 * @param {Array<string>} items The keywords or brand slugs to add.
 */
export function addTrackedItems(id: Sent<string>, items: Sent<string[]>): TrackingView {
  return guardAction('addTrackedItems', SCHEDULED_RUN_NEEDS, () => tracking.addTrackedItems(id, items));
}

/**
 * Sidebar: asks now for a list's items that have no row this period.
 * @param {string} id The list's id.
 */
export function runTrackingNow(id: Sent<string>): TrackingView {
  return guardAction('runTrackingNow', ['service', 'spreadsheet'], () => tracking.runTrackingNow(id));
}

/**
 * Sidebar: stops tracking a list (its history sheet stays).
 * @param {string} id The list's id.
 */
export function forgetTrackingList(id: Sent<string>): TrackingView {
  return guardAction('forgetTrackingList', ['spreadsheet'], () => tracking.forgetTrackingList(id));
}

/**
 * The templates (keyword research, brand watch, market overview, share of search), each with what inserting it and
 * evaluating its formulas may spend now: its distinct queries not in the cache, counted without a request.
 * @return {Array<Object>} { id, title, description, requests, freshSearches } for each template.
 */
export function listTemplates(): TemplateView[] {
  return guardAction('listTemplates', [], templates.listTemplates);
}

/**
 * Inserts a template as a new sheet named after it (a numbered name if that one is taken), made of
 * ordinary formulas over the add-on's functions. Refused, changing nothing, for an unknown id or when it
 * may spend past a known daily limit.
 * @param {string} id "keyword-research", "brand-watch", "market-overview" or "share-of-search".
 * @return {string} The new sheet's name.
 */
export function insertTemplate(id: Sent<string>): string {
  return guardAction('insertTemplate', ['service', 'spreadsheet'], () => templates.insertTemplate(id));
}

/**
 * Sidebar: tracks the brand slugs of a brand watch sheet week by week, as a tracking list.
 * @param {string} sheetName The brand watch sheet's name.
 */
export function trackTemplateBrands(sheetName: Sent<string>): TrackingView {
  return guardAction('trackTemplateBrands', SCHEDULED_RUN_NEEDS, () => templates.trackTemplateBrands(sheetName));
}

/**
 * Sidebar: the sheets inserted from a template (found after a rename too), and whether each brand watch
 * sheet's brands are tracked. Reads the spreadsheet only: no request.
 * @return {Array<Object>} { sheetName, id, tracked } for each such sheet, in tab order.
 */
export function templateSheets(): TemplateSheetView[] {
  return guardAction('templateSheets', ['spreadsheet'], templates.templateSheets);
}

/**
 * Sidebar: this spreadsheet's alerts (what is set, who gets the mails, why mail cannot go), the last
 * mail sent, and what a digest would say now. Reads the spreadsheet only: no request, no mail.
 */
export function getAlerts(): AlertsView {
  return guardAction('getAlerts', ['spreadsheet'], alerts.getAlerts);
}

/**
 * Sidebar: sets this spreadsheet's alerts, mailed after its scheduled runs. null turns them all off.
 * @param {Object} settings { rankPlaces, changePercent, failures, recipients? }, each kind null for off.
 */
export function setAlerts(settings: Sent<AlertSettingsRequest | null>): AlertsView {
  return guardAction('setAlerts', ['spreadsheet'], () => alerts.setAlerts(settings));
}
