/**
 * Where the API key and base URL come from (docs/publish/privacy.md, and "Security model" in
 * docs/develop/hardening.md).
 *
 * Google runs a custom function with the SPREADSHEET OWNER's user properties, whoever edits the cell, and
 * with none in a shared drive. So a formula can use only a key shared with the document or the owner's
 * key; the person viewing the cell never pays with their own key unless they share it with the document.
 * Everything else (sidebar, menu, scheduled runs) runs as the person who started it, with their own key.
 *
 * A key goes with the service address it was checked against: a key shared with the document carries
 * its sharer's address (in the document's properties), the user's own key the user's. In a self-install
 * there is no default address, so a key without one is no key at all.
 */
import { isInAllowlist, serviceAddressProblem } from '../../shared/rules';
import {
  DEFAULT_BASE_URL,
  PROP_API_KEY,
  PROP_BASE_URL,
  PROP_CACHE_GENERATION,
  PROP_FORMULA_KEY_OFF,
  PROP_REQUEST_LOG,
  PROP_SPEND_CAP,
  PROP_TIME_ZONE,
  SELF_INSTALL,
  URL_ALLOWLIST,
} from './constants';
import { quotaError } from '../errors/google-quota';

/**
 * Whose allowance a lookup spends.
 * - `formula`: a custom function: the document key, else the owner's (unless the owner turned it off here).
 * - `user`: the person running the sidebar, the menu or their scheduled run: their own key, else the
 *   document key (none is readable in a scheduled run: Google gives it no document).
 */
export type Payer = 'formula' | 'user';

/** Which store held a formula's key: the document's properties, or the owner's user properties. */
export type KeyHint = 'document' | 'owner';

/** What a lookup needs from the properties: where to ask, which cached answers are valid, and the key. */
export interface LookupSettings {
  baseUrl: string;
  /** The document's cache generation ("0" when never cleared, or without a document). */
  generation: string;
  apiKey: string | undefined;
  /** Where the key was found (for the next formula's one-store read); null without a key. */
  keyFrom: KeyHint | null;
  /** The spreadsheet's time zone as the sidebar or menu last kept it (cache/config-entry.ts, keepTimeZone), if ever. */
  timeZone?: string;
  /** This spreadsheet's own cap on fresh searches a day, as its document properties keep it (its text; spending/spend-cap.ts reads it). */
  spendCap?: string;
  /** Whether the request log is on here (spending/request-log.ts). */
  requestLog?: boolean;
}

/**
 * Everything a lookup needs, in two round trips (all user properties, all document properties).
 * @param payer whose key (see Payer)
 */
export function readLookupSettings(payer: Payer): LookupSettings {
  const user = readAll(userStore);
  const document = readAll(documentStore);
  const key = apiKeyFrom(payer, user, document);
  const baseUrl = addressBeside(key === undefined ? null : key.store, user, document);
  // A key whose service has no address (a self-install's, saved before its address) cannot be used.
  const apiKey = baseUrl ? key?.apiKey : undefined;
  const settings: LookupSettings = {
    baseUrl,
    generation: document[PROP_CACHE_GENERATION] || '0',
    apiKey,
    keyFrom: payer !== 'formula' || !apiKey ? null : key?.store === 'document' ? 'document' : 'owner',
  };
  if (document[PROP_TIME_ZONE]) settings.timeZone = document[PROP_TIME_ZONE];
  if (document[PROP_SPEND_CAP]) settings.spendCap = document[PROP_SPEND_CAP];
  if (document[PROP_REQUEST_LOG] === '1') settings.requestLog = true;
  return settings;
}

/**
 * A formula's key in one round trip: the store that held it last time first, the other only if the key
 * is not there any more. Trusting the hint is safe because everything that changes which store wins
 * (sharing a key with the document, removing it, the owner's choice for this spreadsheet) happens in
 * this document's sidebar, which drops the hint (cache/config-entry.ts).
 * @param hint where the key was found last time
 */
export function readFormulaKey(hint: KeyHint): { apiKey: string | undefined; keyFrom: KeyHint | null } {
  if (hint === 'document') {
    const shared = readAll(documentStore)[PROP_API_KEY];
    if (shared) return { apiKey: shared, keyFrom: 'document' };
    const own = ownersKey(readAll(userStore));
    return { apiKey: own, keyFrom: own ? 'owner' : null };
  }
  const own = ownersKey(readAll(userStore));
  if (own) return { apiKey: own, keyFrom: 'owner' };
  const shared = readAll(documentStore)[PROP_API_KEY];
  return { apiKey: shared || undefined, keyFrom: shared ? 'document' : null };
}

/** The owner's key from their user properties, unless they turned it off for formulas here. */
function ownersKey(user: Record<string, string>): string | undefined {
  const own = user[PROP_API_KEY] || undefined;
  return own && !isOffHere(user[PROP_FORMULA_KEY_OFF]) ? own : undefined;
}

/**
 * The API key a lookup spends, read fresh (properties change between executions).
 * @param payer whose key (see Payer)
 */
export function readApiKey(payer: Payer): string | undefined {
  return readLookupSettings(payer).apiKey;
}

/**
 * The service's base URL of the user's own key, without a trailing slash: their stored address if this
 * build may use it, else the build's default ('' in a self-install).
 */
export function readBaseUrl(): string {
  return baseUrlFrom(readBaseUrlOverride());
}

function baseUrlFrom(override: string | undefined): string {
  return override && isUsableBaseUrl(override) ? override.replace(/\/+$/, '') : DEFAULT_BASE_URL;
}

/** Which key pays (see Payer), and which store held it. */
function apiKeyFrom(
  payer: Payer,
  user: Record<string, string>,
  document: Record<string, string>,
): { apiKey: string; store: 'user' | 'document' } | undefined {
  const own = user[PROP_API_KEY] || undefined;
  const shared = document[PROP_API_KEY] || undefined;
  const mine = own === undefined ? undefined : { apiKey: own, store: 'user' as const };
  const ours = shared === undefined ? undefined : { apiKey: shared, store: 'document' as const };
  if (payer === 'user') return mine ?? ours;
  const owners = ownersKey(user);
  return ours ?? (owners === undefined ? undefined : { apiKey: owners, store: 'user' });
}

/**
 * The service address beside the key that pays: a key shared with the document carries its sharer's
 * address; otherwise (or when the document has none) the user's, who is the owner in a formula.
 */
function addressBeside(store: 'user' | 'document' | null, user: Record<string, string>, document: Record<string, string>): string {
  if (store === 'document') {
    const shared = document[PROP_BASE_URL];
    if (shared && isUsableBaseUrl(shared)) return shared.replace(/\/+$/, '');
  }
  return baseUrlFrom(user[PROP_BASE_URL]);
}

/**
 * Whether a base URL may be used: well formed, and inside the manifest's allowlist (Google refuses any
 * other URL in a published add-on, so accepting it would only fail later). A self-install has no
 * allowlist: any https address.
 * @param url the candidate
 */
export function isUsableBaseUrl(url: string): boolean {
  return SELF_INSTALL ? serviceAddressProblem(url) === null : isInAllowlist(url, URL_ALLOWLIST);
}

/** All properties of a store in one round trip ({} where the store is unavailable; quota errors thrown). */
function readAll(store: () => GoogleAppsScript.Properties.Properties | null): Record<string, string> {
  try {
    return store()?.getProperties() ?? {};
  } catch (error) {
    const quota = quotaError(error);
    if (quota) throw quota;
    return {};
  }
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

/** The service address the key shared with this document was saved with, if one was stored beside it. */
export function readDocumentBaseUrl(): string | undefined {
  return readProperty(documentStore, PROP_BASE_URL) || undefined;
}

/** The base URL override in the user properties (the owner's, in a custom function), valid or not. */
export function readBaseUrlOverride(): string | undefined {
  return readProperty(userStore, PROP_BASE_URL) || undefined;
}

/** Spreadsheet ids where the user (as owner) does not let formulas spend their key. */
export function readFormulaKeyOffList(): string[] {
  return parseIdList(readProperty(userStore, PROP_FORMULA_KEY_OFF));
}

function parseIdList(text: string | null | undefined): string[] {
  try {
    const list: unknown = JSON.parse(text || '[]');
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

/** Whether the owner turned their key off for formulas in this spreadsheet (its id is read only if they did somewhere). */
function isOffHere(offList: string | undefined): boolean {
  const off = parseIdList(offList);
  return off.length > 0 && off.includes(activeSpreadsheetId());
}
