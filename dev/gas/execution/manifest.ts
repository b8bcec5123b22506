/**
 * The project manifest (appsscript.json) as far as dev/gas enforces it: `oauthScopes` (explicit scopes;
 * absent means Google detects them from the code, so every scope the code uses is granted) and
 * `urlFetchWhitelist` (see allowlist.ts). https://developers.google.com/apps-script/manifest
 */
import { existsSync, readFileSync } from 'node:fs';
import { prefixProblem } from './allowlist.js';

/** The fields dev/gas reads; the rest is kept as given. */
export interface Manifest {
  oauthScopes?: string[];
  urlFetchWhitelist?: string[];
  [field: string]: unknown;
}

/** Scopes dev/gas checks against the manifest. */
export const SCOPES = Object.freeze({
  /** Session.getActiveUser()/getEffectiveUser().getEmail(), User.getEmail(). */
  userinfoEmail: 'https://www.googleapis.com/auth/userinfo.email',
  /** SpreadsheetApp.openById / openByUrl (other spreadsheets than the one the add-on runs in). */
  spreadsheets: 'https://www.googleapis.com/auth/spreadsheets',
  spreadsheetsCurrentOnly: 'https://www.googleapis.com/auth/spreadsheets.currentonly',
  /** Ui.showSidebar, showModalDialog, showModelessDialog, alert: what the user sees in the editor. */
  containerUi: 'https://www.googleapis.com/auth/script.container.ui',
  /** UrlFetchApp.fetch / fetchAll ("Connect to an external service"). */
  externalRequest: 'https://www.googleapis.com/auth/script.external_request',
  /** ScriptApp's triggers ("Allow this application to run when you are not present"). */
  scriptApp: 'https://www.googleapis.com/auth/script.scriptapp',
  /** MailApp ("Send email as you"). */
  sendMail: 'https://www.googleapis.com/auth/script.send_mail',
});

/** Throws (a harness error, like Google refusing to save the project) when the manifest is invalid. */
export function checkManifest(manifest: Manifest, where = 'appsscript.json'): Manifest {
  const problems: string[] = [];
  const { oauthScopes, urlFetchWhitelist } = manifest;
  if (oauthScopes !== undefined && (!Array.isArray(oauthScopes) || !oauthScopes.every((s) => typeof s === 'string'))) {
    problems.push('oauthScopes must be an array of strings');
  }
  if (urlFetchWhitelist !== undefined) {
    if (!Array.isArray(urlFetchWhitelist)) problems.push('urlFetchWhitelist must be an array of URL prefixes');
    else
      for (const p of urlFetchWhitelist) {
        const problem = prefixProblem(p);
        if (problem) problems.push(`urlFetchWhitelist: ${problem}`);
      }
  }
  if (problems.length) throw new Error(`dev/gas: ${where} has errors: ${problems.join('; ')}`);
  return manifest;
}

/** Reads and checks `path`; null when there is no such file (no manifest: no allowlist, scopes detected). */
export function readManifest(path: string): Manifest | null {
  if (!existsSync(path)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`dev/gas: ${path} is not valid JSON (${(error as Error).message})`, { cause: error });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`dev/gas: ${path} is not a JSON object`);
  return checkManifest(parsed as Manifest, path);
}

/** Whether the project holds `scope`: declared in oauthScopes, or no oauthScopes (auto-detected). */
export function grantsScope(manifest: Manifest | null, scope: string): boolean {
  const scopes = manifest?.oauthScopes;
  return scopes === undefined || scopes.includes(scope);
}

/** The allowlist's prefixes, or null when the manifest has none (every URL may be fetched). */
export function allowlistOf(manifest: Manifest | null): readonly string[] | null {
  return manifest?.urlFetchWhitelist ?? null;
}
