/** What the sections share: the latest settings and a way to announce new ones, and the formulas' refresh. */
import type { SettingsView } from '../shared/sidebar-api';
import type { ConfirmParts } from './confirm-step';
import type { StatusLine } from './status';

/**
 * Where a refresh shows its progress, its question and its result: beside the button that started it
 * (the cache section's own, or the key section's "Re-run the formulas now"), where the user looks.
 */
export interface RefreshPlace extends ConfirmParts {
  status: StatusLine;
  /** The inline question's text (in `ask`). */
  question: HTMLElement;
  /** The verb of the progress line and the busy button ("Refreshing", "Re-running"). */
  verb: string;
  /** Said after the result: what happens next, here. */
  after?: string;
  /** Told once the refresh ran. */
  done?: () => void;
}

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
  /** The cells that say "No API key" and the formula cells showing #ERROR!, counted now; null if it failed. */
  countNoKeyCells(): Promise<{ said: number; errors: number } | null>;
}
