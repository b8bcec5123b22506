/**
 * The service's address a key is sent to. In the Marketplace add-on it may be overridden inside the
 * manifest's allowlist only (Google refuses any other URL in a published add-on), and an empty value
 * restores the default. A self-install (SELF_INSTALL) has no default: the address is typed beside the
 * key, https only, and a new one is checked with the saved key (one request) before it is stored; a
 * key shared with the document takes its address along, so formulas ask the service that key belongs to.
 */
import { baseUrlProblem, normaliseServiceAddress, serviceAddressProblem } from '../../shared/rules';
import { forgetLookupConfig } from '../cache/config-entry';
import { PROP_BASE_URL, SELF_INSTALL, URL_ALLOWLIST } from '../settings/constants';
import { errors } from '../errors/errors';
import { assertUserSettingsFit } from '../settings/property-limits';
import { isUsableBaseUrl, readDocumentApiKey, readOwnApiKey } from '../settings/lookup-settings';
import { checkKey } from '../spending/usage-read';

const SERVICE_ADDRESS_FIRST = "Type the service's address too (from your account page), such as https://api.example.com.";
const HTTPS_ONLY =
  "The service's address must start with https:// (your key travels with every request), such as https://api.example.com, without ? or #.";

/**
 * The service address typed beside a key, normalised, or undefined when none was typed (then the
 * stored one applies). Required in a self-install, which has no default; https only there, inside
 * the allowlist otherwise. Throws what is wrong with it.
 * @param value what the sidebar sent
 */
export function typedServiceAddress(value: unknown): string | undefined {
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

/**
 * Stores the user's base URL override (an empty value restores the default), or in a self-install the
 * service's new address for their saved key, checked with it first. Nothing is stored when it is refused.
 * @param value the URL typed in the sidebar
 */
export function saveServiceAddress(value: unknown): void {
  if (SELF_INSTALL) return saveSelfInstallAddress(value);
  const url = typeof value === 'string' ? value.trim().replace(/\/+$/, '') : '';
  const user = PropertiesService.getUserProperties();
  if (!url) {
    // Formulas here stamp answers with the base URL they read from the cache's config entry: drop it.
    forgetLookupConfig();
    user.deleteProperty(PROP_BASE_URL);
    return;
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
function saveSelfInstallAddress(value: unknown): void {
  const address = typedServiceAddress(value) ?? '';
  const own = readOwnApiKey();
  if (!own) throw errors.input("Save your API key with the service's address: they are checked together.");
  assertUserSettingsFit({ [PROP_BASE_URL]: address }, 'That address is too long (Google keeps 9 KB per setting), so it was not saved.');
  checkKey(own, address);
  forgetLookupConfig();
  PropertiesService.getUserProperties().setProperty(PROP_BASE_URL, address);
  // A shared copy of this key follows it to the new address.
  if (readDocumentApiKey() === own) PropertiesService.getDocumentProperties().setProperty(PROP_BASE_URL, address);
}
