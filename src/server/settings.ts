/** Where the API key and base URL come from (DESIGN.md, "Where things are stored"). */
import { isAllowedBaseUrl } from '../shared/rules';
import { DEFAULT_BASE_URL, PROP_API_KEY, PROP_BASE_URL } from './config';

/**
 * The API key for this execution: the user's own, else the key a collaborator shared with the document.
 * Read fresh each time; custom functions may read but not write properties.
 */
export function readApiKey(): string | undefined {
  return readOwnApiKey() ?? readDocumentApiKey();
}

/** The service's base URL without a trailing slash: the user's override if valid, else the build default. */
export function readBaseUrl(): string {
  const override = readBaseUrlOverride();
  return override && isAllowedBaseUrl(override) ? override.replace(/\/+$/, '') : DEFAULT_BASE_URL;
}

/** Whether a base URL may be used: the rule the sidebar checks too. */
export { isAllowedBaseUrl };

function readProperty(store: () => GoogleAppsScript.Properties.Properties | null, name: string): string | null {
  try {
    return store()?.getProperty(name) ?? null;
  } catch {
    return null; // a store can be unavailable in some auth modes; treat as unset
  }
}

/** The user's own stored key (not a document-shared one), for the sidebar's settings. */
export function readOwnApiKey(): string | undefined {
  return readProperty(() => PropertiesService.getUserProperties(), PROP_API_KEY) || undefined;
}

/** The key shared with this document, if any. */
export function readDocumentApiKey(): string | undefined {
  return readProperty(() => PropertiesService.getDocumentProperties(), PROP_API_KEY) || undefined;
}

/** The base URL override the user stored, if any (valid or not). */
export function readBaseUrlOverride(): string | undefined {
  return readProperty(() => PropertiesService.getUserProperties(), PROP_BASE_URL) || undefined;
}
