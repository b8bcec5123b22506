/** SettingsView values for the sidebar's unit tests: a viewer who owns the spreadsheet, changed per case. */
import type { FormulaKeyView, SettingsView } from '../../../src/shared/sidebar-api';

/** The local build's allowlist, as getSettings reports it. */
export const ALLOWLIST = ['https://search-demand-service.example/api/v1/', 'http://127.0.0.1:', 'http://localhost:'];

/**
 * A settings view: by default the owner (ann@example.com) with a key formulas use.
 * @param over fields to replace
 * @param formulas fields of `formulas` to replace
 */
export function settingsView(over: Partial<SettingsView> = {}, formulas: Partial<FormulaKeyView> = {}): SettingsView {
  return {
    hasKey: true,
    maskedKey: '••••abcd',
    sharedWithDocument: false,
    you: { email: 'ann@example.com', role: 'owner' },
    owner: { kind: 'user', email: 'ann@example.com' },
    baseUrl: 'https://search-demand-service.example',
    baseUrlIsDefault: true,
    defaultBaseUrl: 'https://search-demand-service.example',
    allowlist: ALLOWLIST,
    selfInstall: false,
    otherEditors: null,
    version: '1.2.3',
    ...over,
    formulas: {
      source: 'owner',
      maskedKey: '••••abcd',
      sharedBy: null,
      sharedByYou: false,
      ownerKeyOff: false,
      ...over.formulas,
      ...formulas,
    },
  };
}
