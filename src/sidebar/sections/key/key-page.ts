/** What the parts of the key section share: whether a saved key is being replaced, and showing new settings. */
import type { SettingsView } from '../../../shared/sidebar-api';

/** The section as its parts see it (src/sidebar/sections/key.ts makes it). */
export interface KeyPage {
  /** Whether the form is open to replace a saved key: set by the parts, read when settings are shown. */
  replacing: boolean;
  /**
   * Shows settings in every part.
   * @param view the settings as last read or returned
   */
  render(view: SettingsView): void;
}
