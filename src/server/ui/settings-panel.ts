/**
 * The sidebar's settings: the person's own API key (checked against /usage before it is stored), sharing
 * it with the document, which key this spreadsheet's formulas use and who pays, and the base URL
 * override. The keys never travel back to the page: only their last four characters do, and only when
 * long enough that four characters reveal nothing useful.
 *
 * In a self-install (SELF_INSTALL) there is no default service: the address is typed beside the key,
 * https only, and one request to it with the key proves both before either is stored. A key shared with
 * the document takes its address along, so formulas ask the service that key belongs to.
 */
import { baseUrlProblem, normaliseServiceAddress, serviceAddressProblem } from '../../shared/rules';
import type { SettingsView } from '../../shared/sidebar-api';
import {
  DEFAULT_BASE_URL,
  PROP_API_KEY,
  PROP_API_KEY_SHARED_BY,
  PROP_BASE_URL,
  PROP_FORMULA_KEY_OFF,
  SELF_INSTALL,
  URL_ALLOWLIST,
  VERSION,
} from '../core/constants';
import { forgetLookupConfig } from '../cache/config-entry';
import { errors } from '../core/errors';
import { currentEmail } from '../core/identity';
import { assertUserSettingsFit } from '../core/property-limits';
import {
  activeSpreadsheetId,
  isUsableBaseUrl,
  readBaseUrl,
  readBaseUrlOverride,
  readDocumentApiKey,
  readFormulaKeyOffList,
  readOwnApiKey,
} from '../core/lookup-settings';
import { formulaKey, mask, ownerOf, roleOf } from '../core/formula-key';
import { checkKey } from '../spending/usage-read';
import { otherEditorsHere } from './other-editors';

/** The settings as the sidebar shows them, for whoever opened it. */
export function getSettings(): SettingsView {
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

/**
 * Checks a pasted key against /usage and stores it only if the service accepts it. With an address (a
 * self-install's, where it is required), the key is checked at that address and both are stored
 * together: one request proves both, and nothing is stored when either is wrong.
 * @param pasted the key as pasted
 * @param shareWithDocument also let this document's formulas use it (whoever evaluates them)
 * @param typedAddress the service's address, typed beside the key
 */
export function saveApiKey(pasted: unknown, shareWithDocument: unknown, typedAddress?: unknown): SettingsView {
  const key = typeof pasted === 'string' ? pasted.trim() : '';
  if (!key) throw errors.input('Paste your API key first.');
  if (/\s/.test(key)) throw errors.input('An API key has no spaces or line breaks: copy it again from your account page.');
  if (key.length > 512) throw errors.input('That is too long to be an API key: copy it again from your account page.');
  const address = typedServiceAddress(typedAddress);
  const settings: Record<string, string> = { [PROP_API_KEY]: key, ...(address ? { [PROP_BASE_URL]: address } : {}) };
  // Before the key is sent: a key that could not be stored is not checked either.
  assertUserSettingsFit(settings, 'That is too long to be an API key, or its address too long: copy them again from your account page.');
  checkKey(key, address ?? readBaseUrl());
  const user = PropertiesService.getUserProperties();
  const previous = user.getProperty(PROP_API_KEY);
  // Formulas here stamp answers with the address in the cache's config entry: a new one drops it.
  if (address) forgetLookupConfig();
  user.setProperties(settings);
  // A document copy of the previous key goes with it; the new one is shared only on request.
  syncDocumentKey(key, shareWithDocument === true, previous);
  return getSettings();
}

/**
 * The service address typed beside a key, normalised, or undefined when none was typed (then the
 * stored one applies). Required in a self-install, which has no default; https only there, inside
 * the allowlist otherwise. Throws what is wrong with it.
 * @param value what the sidebar sent
 */
function typedServiceAddress(value: unknown): string | undefined {
  const address = typeof value === 'string' ? normaliseServiceAddress(value) : '';
  if (!address) {
    if (SELF_INSTALL) throw errors.input(SERVICE_ADDRESS_FIRST);
    return undefined;
  }
  if (SELF_INSTALL) {
    const problem = serviceAddressProblem(address);
    if (problem === 'port') throw errors.input('The port must be at most 65535.');
    if (problem) throw errors.input(HTTPS_ONLY);
    return address;
  }
  assertAllowed(address);
  return address;
}

const SERVICE_ADDRESS_FIRST = "Type the service's address too (from your account page), such as https://api.example.com.";
const HTTPS_ONLY =
  "The service's address must start with https:// (your key travels with every request), such as https://api.example.com, without ? or #.";

/** Removes the user's key, and its document copy if they shared it. */
export function removeApiKey(): SettingsView {
  const own = readOwnApiKey();
  if (own && readDocumentApiKey() === own) deleteDocumentKey();
  PropertiesService.getUserProperties().deleteProperty(PROP_API_KEY);
  return getSettings();
}

/**
 * Shares the user's key with the document, or stops sharing it (a key someone else shared stays).
 * @param share true to share
 */
export function setKeySharing(share: unknown): SettingsView {
  const own = readOwnApiKey();
  if (!own) throw errors.input('Save your API key first: only your own key can be shared.');
  syncDocumentKey(own, share === true, own);
  return getSettings();
}

/** Stops this document's formulas using the key shared with it, whoever shared it (their own copy stays theirs). */
export function removeDocumentKey(): SettingsView {
  deleteDocumentKey();
  return getSettings();
}

/**
 * The owner's choice: may formulas in this spreadsheet spend the owner's key? Google gives custom
 * functions no way to tell the owner's evaluations from an editor's, so this is all or nothing per
 * spreadsheet. Stored in the owner's user properties, which editors can neither read nor change.
 * @param allow true to let them (the default), false to stop
 */
export function setOwnerKeyForFormulas(allow: unknown): SettingsView {
  const owner = ownerOf(SpreadsheetApp.getActiveSpreadsheet());
  if (roleOf(currentEmail(), owner) !== 'owner') {
    throw errors.input("Only the spreadsheet's owner can choose whether formulas here spend the owner's key.");
  }
  const id = activeSpreadsheetId();
  const off = new Set(readFormulaKeyOffList());
  if (allow === true) off.delete(id);
  else off.add(id);
  // Google keeps 9 KB per setting: about 190 spreadsheets' ids. Allowing again only shortens the list.
  if (allow !== true && off.size) {
    assertUserSettingsFit(
      { [PROP_FORMULA_KEY_OFF]: JSON.stringify([...off]) },
      `Your key is already kept from formulas in ${off.size - 1} spreadsheets, as many as Google lets the add-on remember (9 KB per setting): allow your key again in spreadsheets you no longer use, then try again. Nothing was changed.`,
    );
  }
  forgetLookupConfig();
  const user = PropertiesService.getUserProperties();
  if (off.size) user.setProperty(PROP_FORMULA_KEY_OFF, JSON.stringify([...off]));
  else user.deleteProperty(PROP_FORMULA_KEY_OFF);
  return getSettings();
}

/**
 * Stores a base URL override; an empty value restores the default. Only URLs inside the manifest's
 * allowlist are accepted: Google refuses to fetch anything else in a published add-on.
 * @param value the URL typed in the sidebar
 */
export function setBaseUrl(value: unknown): SettingsView {
  if (SELF_INSTALL) return setSelfInstallAddress(value);
  const url = typeof value === 'string' ? value.trim().replace(/\/+$/, '') : '';
  const user = PropertiesService.getUserProperties();
  if (!url) {
    // Formulas here stamp answers with the base URL they read from the cache's config entry: drop it.
    forgetLookupConfig();
    user.deleteProperty(PROP_BASE_URL);
    return getSettings();
  }
  const problem = baseUrlProblem(url);
  if (problem === 'port') throw errors.input('The port must be at most 65535.');
  if (problem === 'userinfo') throw errors.input('Leave out the user name: the base URL is like https://api.example.com.');
  if (problem) throw errors.input('Use an https:// address (http:// only for localhost), without ? or #.');
  assertAllowed(url);
  assertUserSettingsFit(
    { [PROP_BASE_URL]: url },
    'That address is too long to be a base URL (Google keeps 9 KB per setting), so it was not saved.',
  );
  forgetLookupConfig();
  user.setProperty(PROP_BASE_URL, url);
  return getSettings();
}

/** Refuses an address outside the manifest's allowlist (a Marketplace build): Google would refuse to fetch it. */
function assertAllowed(url: string): void {
  if (!isUsableBaseUrl(url)) {
    throw errors.input(
      `This add-on may only call ${URL_ALLOWLIST.map((p) => p.replace(/\/api\/v1\/$/, '')).join(', ')} (Google allows no other address than its manifest lists), so ${url} was not saved.`,
    );
  }
}

/**
 * A self-install's new address for the user's saved key: checked with that key first (one request),
 * stored only if the service there accepts it. There is no default to go back to.
 * @param value the address typed
 */
function setSelfInstallAddress(value: unknown): SettingsView {
  const address = typedServiceAddress(value) ?? '';
  const own = readOwnApiKey();
  if (!own) throw errors.input("Save your API key with the service's address: they are checked together.");
  assertUserSettingsFit({ [PROP_BASE_URL]: address }, 'That address is too long (Google keeps 9 KB per setting), so it was not saved.');
  checkKey(own, address);
  forgetLookupConfig();
  PropertiesService.getUserProperties().setProperty(PROP_BASE_URL, address);
  // A shared copy of this key follows it to the new address.
  if (readDocumentApiKey() === own) PropertiesService.getDocumentProperties().setProperty(PROP_BASE_URL, address);
  return getSettings();
}

/**
 * Shares the user's key with the document (with the address it was saved with, so formulas ask that
 * service), or removes a copy of it or of the key it replaced.
 */
function syncDocumentKey(key: string, share: boolean, previous: string | null | undefined): void {
  const documentProps = PropertiesService.getDocumentProperties();
  const current = documentProps.getProperty(PROP_API_KEY);
  forgetLookupConfig(); // which key formulas use may change
  if (share) {
    const address = readBaseUrlOverride();
    documentProps.setProperties({ [PROP_API_KEY]: key, [PROP_API_KEY_SHARED_BY]: currentEmail() });
    if (address) documentProps.setProperty(PROP_BASE_URL, address);
    else documentProps.deleteProperty(PROP_BASE_URL);
  } else if (current && (current === key || current === previous)) deleteDocumentKey();
}

function deleteDocumentKey(): void {
  forgetLookupConfig();
  const documentProps = PropertiesService.getDocumentProperties();
  documentProps.deleteProperty(PROP_API_KEY);
  documentProps.deleteProperty(PROP_API_KEY_SHARED_BY);
  documentProps.deleteProperty(PROP_BASE_URL);
}
