/**
 * A self-install's warning at the top of the sidebar when others can edit this spreadsheet (they can
 * change its script, and so read the viewer's key): shown above every section, folded or not.
 */
import type { SettingsView } from '../shared/sidebar-api';
import { byId, show } from './dom';
import { editorsWarning } from './key-model';

/**
 * Shows or hides the warning for these settings.
 * @param view the settings as the server script returned them
 */
export function showEditorsWarning(view: SettingsView): void {
  const notice = byId('editors-notice', HTMLParagraphElement);
  const words = editorsWarning(view);
  notice.textContent = words;
  show(notice, words !== '');
}
