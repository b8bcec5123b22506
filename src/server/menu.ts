/**
 * The add-on menu and the actions it starts. onOpen may run in AuthMode.NONE (before the user
 * authorised the add-on in this document): it only builds the menu and touches nothing else.
 */
import { refreshOurFormulas } from './formulas';

/** Sections of the sidebar a menu item can open. */
export type SidebarSection = 'settings' | 'tables' | 'help';

/** Builds Extensions › Search Demand. */
export function buildMenu(): void {
  SpreadsheetApp.getUi()
    .createAddonMenu()
    .addItem('Settings', 'showSidebar')
    .addItem('Insert ranking table', 'showRankingTables')
    .addItem('Refresh ranking tables now', 'refreshRankingTables')
    .addSeparator()
    .addItem('Refresh all formulas', 'refreshFormulasFromMenu')
    .addItem('Help', 'showHelp')
    .addToUi();
}

/**
 * Opens the sidebar, scrolled to a section.
 * @param section which part to show first
 */
export function openSidebar(section: SidebarSection): void {
  const page = HtmlService.createHtmlOutputFromFile('Sidebar').setTitle('Search Demand');
  // The page reads this after loading; JSON.stringify of a fixed word needs no further escaping.
  if (section !== 'settings') page.append(`<script>window.SDM_OPEN_SECTION=${JSON.stringify(section)};</script>`);
  SpreadsheetApp.getUi().showSidebar(page);
}

/** Makes Sheets run the add-on's formulas again and says how many with a toast. */
export function refreshFormulasWithToast(): void {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const { formulaCells: cells } = refreshOurFormulas(spreadsheet);
  spreadsheet.toast(
    cells ? `${cells} formula cell${cells === 1 ? '' : 's'} recalculating (cached answers cost nothing).` : 'No Search Demand formulas in this spreadsheet.',
    'Search Demand',
  );
}
