/**
 * The sidebar's settings: the API key (checked against /usage before it is stored), sharing it with
 * the document, and the base URL override. The key never travels back to the page: only its last four
 * characters do, and only when it is long enough that four characters reveal nothing useful.
 */
import { baseUrlProblem } from '../../shared/rules';
import type { SettingsView } from '../../shared/sidebar-api';
import { DEFAULT_BASE_URL, PROP_API_KEY, PROP_BASE_URL } from '../config';
import { AddonError, errors } from '../errors';
import {
  isAllowedBaseUrl,
  readBaseUrl,
  readBaseUrlOverride,
  readDocumentApiKey,
  readOwnApiKey,
} from '../settings';
import { readUsageNow } from './usage-api';

/** The settings as the sidebar shows them. */
export function getSettings(): SettingsView {
  const own = readOwnApiKey();
  const shared = readDocumentApiKey();
  const key = own ?? shared;
  const override = readBaseUrlOverride();
  return {
    hasKey: !!key,
    maskedKey: key ? mask(key) : null,
    keySource: own ? 'user' : shared ? 'document' : null,
    sharedWithDocument: !!own && own === shared,
    baseUrl: readBaseUrl(),
    baseUrlIsDefault: !override || !isAllowedBaseUrl(override),
    defaultBaseUrl: DEFAULT_BASE_URL,
  };
}

/**
 * Checks a pasted key against /usage and stores it only if the service accepts it.
 * @param pasted the key as pasted
 * @param shareWithDocument also let collaborators' formulas in this document use it
 */
export function saveApiKey(pasted: unknown, shareWithDocument: unknown): SettingsView {
  const key = typeof pasted === 'string' ? pasted.trim() : '';
  if (!key) throw errors.input('Paste your API key first.');
  if (/\s/.test(key)) throw errors.input('An API key has no spaces or line breaks: copy it again from your account page.');
  if (key.length > 512) throw errors.input('That is too long to be an API key: copy it again from your account page.');
  checkKey(key);
  const user = PropertiesService.getUserProperties();
  const previous = user.getProperty(PROP_API_KEY);
  user.setProperty(PROP_API_KEY, key);
  // A document copy of the previous key goes with it; the new one is shared only on request.
  syncDocumentKey(key, shareWithDocument === true, previous);
  return getSettings();
}

/** Removes the user's key, and its document copy if it was shared. */
export function removeApiKey(): SettingsView {
  const own = readOwnApiKey();
  if (own && readDocumentApiKey() === own) PropertiesService.getDocumentProperties().deleteProperty(PROP_API_KEY);
  PropertiesService.getUserProperties().deleteProperty(PROP_API_KEY);
  return getSettings();
}

/**
 * Shares the user's key with the document, or stops sharing it.
 * @param share true to share
 */
export function setKeySharing(share: unknown): SettingsView {
  const own = readOwnApiKey();
  if (!own) throw errors.input('Save your API key first: only your own key can be shared.');
  syncDocumentKey(own, share === true, own);
  return getSettings();
}

/**
 * Stores a base URL override (https, or http for localhost only); an empty value restores the default.
 * @param value the URL typed in the sidebar
 */
export function setBaseUrl(value: unknown): SettingsView {
  const url = typeof value === 'string' ? value.trim().replace(/\/+$/, '') : '';
  const user = PropertiesService.getUserProperties();
  if (!url) {
    user.deleteProperty(PROP_BASE_URL);
    return getSettings();
  }
  const problem = baseUrlProblem(url);
  if (problem === 'port') throw errors.input('The port must be at most 65535.');
  if (problem === 'userinfo') throw errors.input('Leave out the user name: the base URL is like https://api.example.com.');
  if (problem) throw errors.input('Use an https:// address (http:// only for localhost), without ? or #.');
  user.setProperty(PROP_BASE_URL, url);
  return getSettings();
}

function mask(key: string): string {
  return key.length >= 12 ? `••••${key.slice(-4)}` : '••••';
}

function syncDocumentKey(key: string, share: boolean, previous: string | null | undefined): void {
  const documentProps = PropertiesService.getDocumentProperties();
  const current = documentProps.getProperty(PROP_API_KEY);
  if (share) documentProps.setProperty(PROP_API_KEY, key);
  else if (current && (current === key || current === previous)) documentProps.deleteProperty(PROP_API_KEY);
}

/** Throws why a key cannot be saved: refused, or not checkable right now. */
function checkKey(key: string): void {
  const outcome = readUsageNow(key);
  if (outcome.ok) return;
  const { error } = outcome;
  // A limit answer means the service knew the key: it is valid, just spent for today.
  if (error.kind === 'limit') return;
  if (error.kind === 'auth') {
    throw new AddonError('auth', 'The service refused this key (invalid or revoked), so it was not saved. Copy it again from your account page.');
  }
  throw new AddonError(error.kind, `The key could not be checked, so it was not saved: ${error.message}`);
}

