/** What the sections share: the latest settings and a way to announce new ones, and the formulas' refresh. */
import type { SettingsView } from '../shared/sidebar-api';
import type { RefreshPlace } from './sections/cache';

export interface App {
  /** The settings as last read or returned by the server; null before the first read. */
  readonly settings: SettingsView | null;
  /**
   * Shows new settings in every section.
   * @param view what the server returned
   * @param reload also read usage and cache info again (the key or the service changed)
   */
  applySettings(view: SettingsView, reload: boolean): void;
  /**
   * "Refresh all formulas", as the cache section's button does it (asking first when it may overspend).
   * @param place where its progress, question and result show (default: the cache section)
   */
  refreshFormulas(place?: RefreshPlace): void;
  /** How many cells hold the add-on's formulas, counted now (shared with a count already under way); null if it failed. */
  countFormulaCells(): Promise<number | null>;
}
