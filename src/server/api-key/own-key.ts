/**
 * The person's own API key: checked against /usage before it is stored (with the service's address typed
 * beside it, in one request, where one is typed), shared with the document or not, removed. A key shared
 * with the document takes its address along, so formulas ask the service that key belongs to. Every
 * change of which key formulas use drops the cache's config entry, which mirrors it.
 */
import { forgetLookupConfig } from '../cache/config-entry';
import { PROP_API_KEY, PROP_API_KEY_SHARED_BY, PROP_BASE_URL } from '../settings/constants';
import { errors } from '../errors/errors';
import { currentEmail } from '../settings/identity';
import { assertUserSettingsFit } from '../settings/property-limits';
import { readBaseUrl, readBaseUrlOverride, readDocumentApiKey, readOwnApiKey } from '../settings/lookup-settings';
import { checkKey } from '../spending/usage-read';
import { typedServiceAddress } from './service-address';

/**
 * Checks a pasted key against /usage and stores it only if the service accepts it. With an address (a
 * self-install's, where it is required), the key is checked at that address and both are stored
 * together: one request proves both, and nothing is stored when either is wrong.
 * @param pasted the key as pasted
 * @param shareWithDocument also let this document's formulas use it (whoever evaluates them)
 * @param typedAddress the service's address, typed beside the key
 */
export function saveOwnKey(pasted: unknown, shareWithDocument: unknown, typedAddress?: unknown): void {
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
}

/** Removes the user's key, and its document copy if they shared it. */
export function removeOwnKey(): void {
  const own = readOwnApiKey();
  if (own && readDocumentApiKey() === own) removeSharedKey();
  PropertiesService.getUserProperties().deleteProperty(PROP_API_KEY);
}

/**
 * Shares the user's key with the document, or stops sharing it (a key someone else shared stays).
 * @param share true to share
 */
export function shareOwnKey(share: unknown): void {
  const own = readOwnApiKey();
  if (!own) throw errors.input('Save your API key first: only your own key can be shared.');
  syncDocumentKey(own, share === true, own);
}

/** Stops this document's formulas using the key shared with it, whoever shared it (their own copy stays theirs). */
export function removeSharedKey(): void {
  forgetLookupConfig();
  const documentProps = PropertiesService.getDocumentProperties();
  documentProps.deleteProperty(PROP_API_KEY);
  documentProps.deleteProperty(PROP_API_KEY_SHARED_BY);
  documentProps.deleteProperty(PROP_BASE_URL);
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
  } else if (current && (current === key || current === previous)) removeSharedKey();
}
