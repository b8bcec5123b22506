/** What the parts of the ranking tables section share: the view last shown, and showing a new one. */
import type { TablesView } from '../../../shared/sidebar-api';

/** The section as its parts see it (src/sidebar/sections/tables.ts makes it). */
export interface TablesPage {
  /** The view last shown, or null before the first read. */
  view(): TablesView | null;
  /**
   * Shows a view the server sent in every part.
   * @param next the tables, schedule, last run and notes
   * @param withSchedule put the saved schedule into the form too (not after other actions, which keep the user's edits)
   */
  render(next: TablesView, withSchedule: boolean): void;
}
