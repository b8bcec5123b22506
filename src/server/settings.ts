/**
 * Where the API key and base URL come from (DESIGN.md, "Where things are stored", and "Whose key a
 * formula uses").
 *
 * Google runs a custom function with the SPREADSHEET OWNER's user properties, whoever edits the cell, and
 * with none in a shared drive. So a formula can use only a key shared with the document or the owner's
 * key; the person viewing the cell never pays with their own key unless they share it with the document.
 * Everything else (sidebar, menu, scheduled runs) runs as the person who started it, with their own key.
 */
import { isInAllowlist } from '../shared/rules';
import { DEFAULT_BASE_URL, PROP_API_KEY, PROP_BASE_URL, PROP_FORMULA_KEY_OFF, URL_ALLOWLIST } from './config';
import { quotaError } from './google-quota';

/**
 * Whose allowance a lookup spends.
 * - `formula`: a custom function: the document key, else the owner's (unless the owner turned it off here).
 * - `user`: the person running the sidebar, the menu or their scheduled run: their own key, else the
 *   document key (none is readable in a scheduled run: Google gives it no document).
 */
export type Payer = 'formula' | 'user';

/**
 * The API key a lookup spends, read fresh (properties change between executions).
 * @param payer whose key (see Payer)
 */
export function readApiKey(payer: Payer): string | undefined {
  if (payer === 'user') return readOwnApiKey() ?? readDocumentApiKey();
  const shared = readDocumentApiKey();
  if (shared) return shared;
  const owners = readOwnApiKey();
  return owners && !ownerKeyIsOffHere() ? owners : undefined;
}

/** The service's base URL without a trailing slash: the stored override if the allowlist permits it, else the build's. */
export function readBaseUrl(): string {
  const override = readBaseUrlOverride();
  return override && isUsableBaseUrl(override) ? override.replace(/\/+$/, '') : DEFAULT_BASE_URL;
}

/**
 * Whether a base URL may be used: well formed, and inside the manifest's allowlist (Google refuses any
 * other URL in a published add-on, so accepting it would only fail later).
 * @param url the candidate
 */
export function isUsableBaseUrl(url: string): boolean {
  return isInAllowlist(url, URL_ALLOWLIST);
}

/**
 * One property, or null when unset or when the store is unavailable in this context (some auth modes
 * refuse it; a scheduled run has no document). A Google quota failure is not "unset": it is thrown as
 * the add-on's quota error, so a cell says which quota ran out instead of "No API key".
 */
function readProperty(store: () => GoogleAppsScript.Properties.Properties | null, name: string): string | null {
  try {
    return store()?.getProperty(name) ?? null;
  } catch (error) {
    const quota = quotaError(error);
    if (quota) throw quota;
    return null;
  }
}

const userStore = () => PropertiesService.getUserProperties();
const documentStore = () => PropertiesService.getDocumentProperties();

/** The key in the user properties: in a custom function the spreadsheet owner's, elsewhere the user's own. */
export function readOwnApiKey(): string | undefined {
  return readProperty(userStore, PROP_API_KEY) || undefined;
}

/** The key shared with this document, if any. */
export function readDocumentApiKey(): string | undefined {
  return readProperty(documentStore, PROP_API_KEY) || undefined;
}

/** The base URL override in the user properties (the owner's, in a custom function), valid or not. */
export function readBaseUrlOverride(): string | undefined {
  return readProperty(userStore, PROP_BASE_URL) || undefined;
}

/** Spreadsheet ids where the user (as owner) does not let formulas spend their key. */
export function readFormulaKeyOffList(): string[] {
  try {
    const list: unknown = JSON.parse(readProperty(userStore, PROP_FORMULA_KEY_OFF) ?? '[]');
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The active spreadsheet's id, or '' where there is none. */
export function activeSpreadsheetId(): string {
  try {
    return SpreadsheetApp.getActiveSpreadsheet()?.getId() ?? '';
  } catch {
    return '';
  }
}

/** Whether the owner turned their key off for formulas in this spreadsheet (read only when they turned it off somewhere). */
function ownerKeyIsOffHere(): boolean {
  const off = readFormulaKeyOffList();
  return off.length > 0 && off.includes(activeSpreadsheetId());
}
