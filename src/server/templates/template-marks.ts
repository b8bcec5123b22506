/**
 * Which sheets are templates, kept as developer metadata on the sheet itself (visible to this project
 * only), so a brand watch sheet is still known after a rename and its metadata goes when it is deleted.
 * A brand watch sheet whose brands are tracked also keeps the tracking list's id: it counts as tracked
 * while that list exists (forget the list and the sidebar offers to track the sheet again).
 *
 * Each sheet holds a few dozen characters of these, on a sheet the add-on made: far below Google's
 * 30,000 characters of metadata per sheet, so no guard like spreadsheet-store.ts's is needed here.
 */
import type { TemplateSheetView } from '../../shared/sidebar-api';
import { openStore } from '../spreadsheet/spreadsheet-store';
import { listTracked } from '../tracking/tracking-records';
import { isTemplateId, type TemplateId } from './template-catalog';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** The template a sheet was inserted from. */
const TEMPLATE_KEY = 'sdm.template';
/** The tracking list started from a brand watch sheet. */
const LIST_KEY = 'sdm.template.list';

/**
 * Marks a new sheet as inserted from a template.
 * @param sheet the template's new sheet
 * @param id the template
 */
export function markTemplateSheet(sheet: Sheet, id: TemplateId): void {
  sheet.addDeveloperMetadata(TEMPLATE_KEY, id, SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
}

/**
 * The template a sheet was inserted from, or null for any other sheet.
 * @param sheet a sheet of the open spreadsheet
 */
export function templateOf(sheet: Sheet): TemplateId | null {
  const value = markOf(sheet, TEMPLATE_KEY)?.getValue();
  return isTemplateId(value) ? value : null;
}

/**
 * Records on a brand watch sheet the tracking list its brands went to (replacing a forgotten one's).
 * @param sheet the brand watch sheet
 * @param listId the new list's id
 */
export function markTracked(sheet: Sheet, listId: string): void {
  const existing = markOf(sheet, LIST_KEY);
  if (existing) existing.setValue(listId);
  else sheet.addDeveloperMetadata(LIST_KEY, listId, SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
}

/**
 * The tracking list a brand watch sheet's brands went to, if that list is still tracked.
 * @param sheet the brand watch sheet
 * @param trackedIds the ids of the spreadsheet's tracking lists
 */
export function trackedListOf(sheet: Sheet, trackedIds: ReadonlySet<string>): string | null {
  const id = markOf(sheet, LIST_KEY)?.getValue() ?? null;
  return id !== null && trackedIds.has(id) ? id : null;
}

/** The ids of the open spreadsheet's tracking lists. */
export function trackedListIds(): Set<string> {
  return new Set(listTracked(openStore()).map((l) => l.id));
}

/**
 * Every sheet of the open spreadsheet inserted from a template, in tab order, and whether its brands are
 * tracked (brand watch sheets only; the others are never "tracked"). Reads metadata only: no request.
 */
export function templateSheets(): TemplateSheetView[] {
  const tracked = trackedListIds();
  const out: TemplateSheetView[] = [];
  for (const sheet of SpreadsheetApp.getActiveSpreadsheet().getSheets()) {
    const id = templateOf(sheet);
    if (id) out.push({ sheetName: sheet.getName(), id, tracked: id === 'brand-watch' && trackedListOf(sheet, tracked) !== null });
  }
  return out;
}

function markOf(sheet: Sheet, key: string): GoogleAppsScript.Spreadsheet.DeveloperMetadata | undefined {
  return sheet.getDeveloperMetadata().find((m) => m.getKey() === key);
}
