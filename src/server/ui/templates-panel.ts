/**
 * Templates from the sidebar and the menu: each call handed to templates/ (the offer with what each
 * may spend and inserting a sheet: template-insert.ts; tracking a brand watch sheet: template-tracking.ts).
 */
import type { TemplateView, TrackingView } from '../../shared/sidebar-api';
import { openStore } from '../spreadsheet/spreadsheet-store';
import { insertTemplateSheet, templateOffers } from '../templates/template-insert';
import { trackBrandWatch } from '../templates/template-tracking';
import { trackingView } from './tracking-view';

export { templateSheets } from '../templates/template-marks';

/** Every template with what inserting it and evaluating its formulas may spend now (no request). */
export function listTemplates(): TemplateView[] {
  return templateOffers();
}

/**
 * Inserts a template as a new sheet named after it and returns the sheet's name. Refuses, changing
 * nothing, an unknown id, a missing key, or a cost past a known daily limit.
 * @param id the template's id
 */
export function insertTemplate(id: unknown): string {
  return insertTemplateSheet(id);
}

/**
 * Starts tracking, week by week, the brand slugs of a brand watch sheet, and shows the tracking panel.
 * Refuses a sheet that is not a brand watch sheet, or whose brands are tracked already.
 * @param sheetName the brand watch sheet
 */
export function trackTemplateBrands(sheetName: unknown): TrackingView {
  const store = openStore();
  trackBrandWatch(store, sheetName);
  return trackingView(store);
}
