/** What the sections share: the latest settings and a way to announce new ones. */
import type { SettingsView } from '../shared/sidebar-api';

export interface App {
  /** The settings as last read or returned by the server; null before the first read. */
  readonly settings: SettingsView | null;
  /**
   * Shows new settings in every section.
   * @param view what the server returned
   * @param reload also read usage and cache info again (the key or the service changed)
   */
  applySettings(view: SettingsView, reload: boolean): void;
  /** "Refresh all formulas", as the cache section's button does it (asking first when it may overspend). */
  refreshFormulas(): void;
}
