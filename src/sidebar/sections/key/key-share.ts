/**
 * The key section's "Share with this document" box: with a saved key it shares or stops sharing at once;
 * without one it is only the choice sent with Save. It warns when sharing would replace a key someone
 * else shared, and in a self-install that every editor can read the script and the key.
 */
import type { SettingsView } from '../../../shared/sidebar-api';
import type { App } from '../../app';
import { byId, show } from '../../dom';
import { shareReplaces, sharingMessage } from '../../key-model';
import { call } from '../../server';
import { boxCall, type StatusLine } from '../../status';
import type { KeyPage } from './key-page';
import type { RerunOffer } from './rerun-offer';

/** The share box's part of the section. */
export interface KeyShare {
  /**
   * Shows whether the viewer's key is shared, and the warnings that apply.
   * @param view the settings
   */
  show(view: SettingsView): void;
  /** Whether the box is ticked (sent with Save). */
  checked(): boolean;
}

/**
 * Binds the share box.
 * @param app where new settings are announced
 * @param page the section (whether a key is being replaced)
 * @param status the section's status line
 * @param rerun offered once sharing makes the key reach the formulas
 */
export function mountKeyShare(app: App, page: KeyPage, status: StatusLine, rerun: RerunOffer): KeyShare {
  const block = byId('key-share-block', HTMLDivElement);
  const share = byId('key-share', HTMLInputElement);
  const replaces = byId('key-share-replaces', HTMLParagraphElement);
  const editors = byId('key-share-editors', HTMLParagraphElement);

  share.addEventListener('change', () => {
    const view = app.settings;
    // Without a saved key of one's own, the box is only the choice sent with Save.
    if (!view || !view.hasKey || page.replacing) return;
    const wanted = share.checked;
    const busy = wanted ? 'Sharing the key with this document…' : 'Stopping sharing…';
    boxCall(
      share,
      status,
      busy,
      () => call('setKeySharing', wanted),
      (next) => {
        app.applySettings(next, false);
        status.set('success', sharingMessage(next));
        if (wanted) rerun.offer(next);
        else rerun.hide();
      },
    );
  });

  return {
    show(view) {
      show(block, true);
      show(editors, view.selfInstall);
      share.checked = view.sharedWithDocument;
      const warning = shareReplaces(view);
      replaces.textContent = warning;
      show(replaces, warning !== '');
    },
    checked: () => share.checked,
  };
}
