/**
 * Keeps the spreadsheet's time zone in the document's properties whenever the sidebar or a menu item
 * runs, so that formulas place calendar dates at midnight there without reading the spreadsheet in
 * every cell (they read it from the config entry, which mirrors the properties).
 */
import { PROP_TIME_ZONE } from '../core/constants';
import { forgetLookupConfig } from '../cache/config-entry';

/** Writes the zone if it changed (one property read, and a write only then); never fails the action. */
export function keepTimeZone(): void {
  try {
    const zone = SpreadsheetApp.getActiveSpreadsheet()?.getSpreadsheetTimeZone();
    const store = PropertiesService.getDocumentProperties();
    if (!zone || !store || store.getProperty(PROP_TIME_ZONE) === zone) return;
    store.setProperty(PROP_TIME_ZONE, zone);
    forgetLookupConfig(); // formulas read the properties again, and mirror the new zone
  } catch {
    // no document here, or no permission: formulas read the zone themselves when they need it
  }
}
