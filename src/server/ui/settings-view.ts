/** The settings panel as the sidebar shows it: the viewer's key masked, who pays for formulas, the address. */
import type { SettingsView } from '../../shared/sidebar-api';
import { DEFAULT_BASE_URL, SELF_INSTALL, URL_ALLOWLIST, VERSION } from '../settings/constants';
import { currentEmail } from '../settings/identity';
import { isUsableBaseUrl, readBaseUrl, readBaseUrlOverride, readDocumentApiKey, readOwnApiKey } from '../settings/lookup-settings';
import { formulaKey, mask, ownerOf, roleOf } from '../settings/formula-key';
import { otherEditorsHere } from '../settings/other-editors';

/**
 * The settings for whoever opened the sidebar. The keys never travel back to the page: only their last
 * four characters do, and only when long enough that four characters reveal nothing useful.
 */
export function settingsView(): SettingsView {
  const own = readOwnApiKey();
  const shared = readDocumentApiKey();
  const you = currentEmail();
  const owner = ownerOf(SpreadsheetApp.getActiveSpreadsheet());
  const role = roleOf(you, owner);
  const override = readBaseUrlOverride();
  return {
    hasKey: !!own,
    maskedKey: own ? mask(own) : null,
    sharedWithDocument: !!own && own === shared,
    you: { email: you, role },
    owner,
    formulas: formulaKey({ own, shared, role, owner }),
    baseUrl: readBaseUrl(),
    baseUrlIsDefault: !override || !isUsableBaseUrl(override),
    defaultBaseUrl: DEFAULT_BASE_URL,
    allowlist: [...URL_ALLOWLIST],
    selfInstall: SELF_INSTALL,
    otherEditors: otherEditorsHere(you),
    version: VERSION,
  };
}
