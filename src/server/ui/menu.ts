/**
 * The add-on menu and the actions it starts. onOpen may run in AuthMode.NONE (before the user
 * authorised the add-on in this document): it only builds the menu and touches nothing else.
 */
import { keepTimeZone } from '../cache/config-entry';
import { AddonError } from '../errors/errors';
import { GRANT_MENU_ITEM } from '../execution/permissions';
import { freezeResults } from '../freeze/freeze';
import { freezeToast } from './freeze-toast';
import { formatResults } from '../format/format-results';
import { unfreezeResults } from '../freeze/unfreeze';
import { planRefresh } from '../spending/refresh-plan';
import { refreshAsksFirst } from '../spending/refresh-estimate';
import { refreshFormulas } from '../refresh/refresh-run';
import { refreshText } from '../../shared/refresh-words';

/** Sections of the sidebar a menu item can open. */
export type SidebarSection = 'settings' | 'tables' | 'help' | 'refresh' | 'templates';

/** Builds Extensions › Search Demand. */
export function buildMenu(): void {
  SpreadsheetApp.getUi()
    .createAddonMenu()
    .addItem('Settings', 'showSidebar')
    .addItem('Start from a template…', 'showTemplates')
    .addItem('Insert ranking table', 'showRankingTables')
    .addItem('Refresh ranking tables now', 'refreshRankingTables')
    .addSeparator()
    .addItem('Refresh all formulas', 'refreshFormulasFromMenu')
    .addItem('Format results', 'formatResultsFromMenu')
    .addItem('Freeze selected results as values', 'freezeSelectionFromMenu')
    .addItem('Unfreeze selected results', 'unfreezeSelectionFromMenu')
    .addItem('Help', 'showHelp')
    .addItem(GRANT_MENU_ITEM, 'grantPermissions')
    .addToUi();
}

/**
 * Opens the sidebar, scrolled to a section.
 * @param section which part to show first
 */
export function openSidebar(section: SidebarSection): void {
  keepTimeZone();
  const page = HtmlService.createHtmlOutputFromFile('Sidebar').setTitle('Search Demand');
  // The page reads this after loading; JSON.stringify of a fixed word needs no further escaping.
  if (section !== 'settings') page.append(`<script>window.SDM_OPEN_SECTION=${JSON.stringify(section)};</script>`);
  SpreadsheetApp.getUi().showSidebar(page);
}

/**
 * The menu's Refresh all formulas: runs again the formulas that can be answered now and leaves the others
 * showing what they show (refresh/refresh-run.ts), and says so with a toast. When it would spend the last of
 * the viewer's own fresh searches and still leave cells waiting, it opens the sidebar's refresh instead,
 * which shows the estimate and asks (its words, in one place).
 */
export function refreshFormulasFromMenuOrAsk(): void {
  keepTimeZone();
  const plan = planRefresh(true);
  if (refreshAsksFirst(plan)) return openSidebar('refresh');
  SpreadsheetApp.getActiveSpreadsheet().toast(refreshText(refreshFormulas(plan)), 'Search Demand');
}

/**
 * Freezes the add-on's results in the selection as values (or unfreezes them) and says what happened
 * with a toast; a selection with nothing to do gets its message and changes nothing.
 * @param unfreeze true to put the formulas back
 */
export function freezeSelectionWithToast(unfreeze: boolean): void {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  let message: string;
  try {
    message = freezeToast((unfreeze ? unfreezeResults : freezeResults)(spreadsheet, 'selection'), unfreeze);
  } catch (error) {
    if (!(error instanceof AddonError)) throw error;
    message = error.message;
  }
  spreadsheet.toast(message, 'Search Demand');
}

/**
 * Formats the add-on's results in the selection (or, one cell selected outside them, on its sheet) and
 * says what it did with a toast; a selection with nothing to format gets its message and changes nothing.
 */
export function formatSelectionWithToast(): void {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  let message: string;
  try {
    message = formatResults(spreadsheet, 'selection').message;
  } catch (error) {
    if (!(error instanceof AddonError)) throw error;
    message = error.message;
  }
  spreadsheet.toast(message, 'Search Demand');
}

/**
 * Grant permissions…: Google's consent screen for whatever the user left unticked. requireAllScopes ends
 * the execution there when one is missing ("renders an authorization prompt"); past it, all are granted.
 */
export function askForPermissions(): void {
  ScriptApp.requireAllScopes(ScriptApp.AuthMode.FULL);
  SpreadsheetApp.getActiveSpreadsheet().toast('Search Demand has every permission it asks for.', 'Search Demand');
}
