/** Checks the sidebar makes before calling the server (which checks again). No DOM. The rules
 * themselves are shared with the server (src/shared/rules.ts); the messages are the sidebar's. */
import {
  baseUrlProblem,
  isGroupShape,
  isInAllowlist,
  isRowLimit,
  MAX_GROUP_LENGTH,
  normaliseServiceAddress,
  serviceAddressProblem,
  MAX_TABLE_ROWS,
  type BaseUrlProblem,
} from '../shared/rules';

export { GROUP_PATTERN, MAX_GROUP_LENGTH, MAX_TABLE_ROWS } from '../shared/rules';

/** Longest key accepted in the box: anything longer is a paste gone wrong. */
export const MAX_KEY_LENGTH = 512;

/**
 * The pasted key, trimmed, or a message saying what is wrong with it.
 * @param raw the input's value
 */
export function checkApiKey(raw: string): { key: string } | { error: string } {
  const key = raw.trim();
  if (key === '') return { error: 'Paste your API key first.' };
  if (key.length > MAX_KEY_LENGTH) return { error: 'That is too long to be an API key: paste the key alone.' };
  if (/\s/.test(key)) return { error: 'An API key has no spaces or line breaks: paste the key alone.' };
  return { key };
}

/**
 * Null when the base URL may be saved, else why not: https anywhere, http only for localhost or
 * 127.0.0.1, no query or fragment, and inside the allowlist (Google fetches nothing else). An empty
 * value is fine (it restores the default).
 * @param raw the input's value
 * @param allowlist the URL prefixes the add-on may fetch (SettingsView.allowlist)
 */
export function checkBaseUrl(raw: string, allowlist: readonly string[]): string | null {
  const text = raw.trim();
  if (text === '') return null;
  const problem = baseUrlProblem(text);
  if (problem !== null) return BASE_URL_MESSAGES[problem];
  if (isInAllowlist(text, allowlist)) return null;
  const allowed = allowedAddresses(allowlist);
  return allowed.length
    ? `This add-on may call only ${allowed.join(', ')}: Google fetches no other address.`
    : 'This add-on may call no other address than its default.';
}

/**
 * The allowlist as addresses a person can type: `https://api.example.com/api/v1/` becomes
 * `https://api.example.com`, and a loopback prefix that ends at the port (`http://127.0.0.1:`) becomes
 * `http://127.0.0.1:<port>`.
 * @param allowlist the URL prefixes (SettingsView.allowlist)
 */
export function allowedAddresses(allowlist: readonly string[]): string[] {
  return allowlist.map((prefix) => prefix.replace(/\/api\/v1\/?$/, '').replace(/:$/, ':<port>'));
}

const BASE_URL_MESSAGES: Record<BaseUrlProblem, string> = {
  'query-or-fragment': 'Leave out the query and fragment: the base URL is like https://api.example.com.',
  malformed: 'Enter a full URL such as https://api.example.com.',
  userinfo: 'Enter a full URL such as https://api.example.com.',
  port: 'The port must be at most 65535.',
  'http-not-local': 'Use https: plain http is allowed only for localhost or 127.0.0.1.',
  scheme: 'Use an https:// address.',
  'not-https': 'Use the https:// address: your key travels with every request.',
};

/**
 * A self-install's service address, normalised as the server stores it, or what is wrong with it:
 * required, https only (there is no allowlist; the key goes wherever the address says).
 * @param raw the address box's value
 */
export function checkServiceAddress(raw: string): { address: string } | { error: string } {
  const address = normaliseServiceAddress(raw);
  if (address === '') return { error: "Type the service's address too, such as https://api.example.com." };
  const problem = serviceAddressProblem(address);
  if (problem === null) return { address };
  return { error: problem === 'http-not-local' ? BASE_URL_MESSAGES['not-https'] : BASE_URL_MESSAGES[problem] };
}

/**
 * A typed or picked group, with spaces collapsed and trimmed as the server does, or what is wrong.
 * @param raw the text box's or the list's value
 */
export function checkGroup(raw: string): { group: string } | { error: string } {
  const group = raw.replace(/\s+/g, ' ').trim();
  if (group === '') return { error: 'Pick a group from the list, or type one such as sector:fintech.' };
  if (group.length > MAX_GROUP_LENGTH) return { error: `That group is too long (at most ${MAX_GROUP_LENGTH} characters).` };
  if (!isGroupShape(group)) return { error: `"${group}" must look like prefix:name, for example sector:fintech.` };
  return { group };
}

/**
 * The row limit: null for all (empty box), else a whole number from 1 to 50,000; or what is wrong.
 * @param raw the number box's value (the browser gives "" for text it cannot read as a number)
 */
export function checkRowLimit(raw: string): { limit: number | null } | { error: string } {
  const text = raw.trim();
  if (text === '') return { limit: null };
  const n = Number(text);
  if (!/^\d+$/.test(text) || !isRowLimit(n)) {
    return { error: `Rows must be a whole number from 1 to ${MAX_TABLE_ROWS.toLocaleString('en-US')}, or empty for all.` };
  }
  return { limit: n };
}
