/**
 * Which release the sidebar runs: the help's last line written from the version the server script
 * reports with the settings, and a notice at the top when the page and the script are from different
 * releases (src/shared/about.ts has the words). A self-installer pastes Code.gs and Sidebar.html one by
 * one, so one of them may be older; the page can only learn the script's version by asking it.
 */
import { aboutLine, versionMismatch } from '../shared/about';
import type { SettingsView } from '../shared/sidebar-api';
import { byId, show } from './dom';

/** The page's own version, package.json's at its build (scripts/build/sidebar.ts defines it). */
declare const __SDM_VERSION__: string;

/**
 * Shows the server script's version in the help, or says plainly that the two halves differ.
 * @param view the settings as the server script returned them (a script older than 0.9.0 sends no version)
 */
export function showVersion(view: SettingsView): void {
  const reported = (view as { version?: unknown }).version;
  const script = typeof reported === 'string' ? reported : undefined;
  const mismatch = versionMismatch(__SDM_VERSION__, script, view.selfInstall);
  const notice = byId('version-notice', HTMLParagraphElement);
  notice.textContent = mismatch ?? '';
  show(notice, mismatch !== null);
  byId('help-about', HTMLParagraphElement).textContent = mismatch ?? aboutLine(__SDM_VERSION__, view.selfInstall);
}
