/**
 * What a custom function may call. Google's custom-functions guide: custom functions "can only call
 * services that don't have access to personal data, specifically the following": Cache, HTML, JDBC,
 * Language, Lock, Maps, Properties, Spreadsheet, URL Fetch, Utilities, XML. Any other service's method
 * (Session, ScriptApp, Logger, console, Charts, MailApp…) is refused in AuthMode.CUSTOM_FUNCTION before
 * it runs: dev/gas/RULES.md, "Custom functions call only what Google lists".
 */
import { SCOPES } from './manifest.js';

/**
 * Who a custom function runs as, where Google names a user: "Anonymous user; however, quota limits count
 * against user at the keyboard" (authorization guide). Its user lock is this one, whoever has the
 * spreadsheet open (dev/gas/RULES.md, "Custom functions run as an anonymous user").
 */
export const ANONYMOUS_USER = 'anonymous';

/**
 * The script-facing types (GasObject.gasType, before the first dot) of the listed services that dev/gas
 * fakes, and `Blob`: the value Utilities and UrlFetch hand out (Google files it under Base), whose
 * methods a listed service's result must keep.
 */
const LISTED = new Set([
  'CacheService',
  'HtmlService',
  'LockService',
  'PropertiesService',
  'SpreadsheetApp',
  'UrlFetchApp',
  'Utilities',
  'Blob',
]);

/**
 * Where Google's refusal names the scope the call needs (its reported form, "You do not have permission
 * to call ScriptApp.newTrigger. Required permissions: …"): by method, else by service.
 */
const SCOPE_OF_METHOD: Readonly<Record<string, string>> = {
  'ScriptApp.newTrigger': SCOPES.scriptApp,
  'ScriptApp.getProjectTriggers': SCOPES.scriptApp,
  'ScriptApp.getUserTriggers': SCOPES.scriptApp,
  'ScriptApp.deleteTrigger': SCOPES.scriptApp,
  'Session.getActiveUser': SCOPES.userinfoEmail,
  'Session.getEffectiveUser': SCOPES.userinfoEmail,
  'User.getEmail': SCOPES.userinfoEmail,
};
const SCOPE_OF_SERVICE: Readonly<Record<string, string>> = {
  MailApp: 'https://www.googleapis.com/auth/script.send_mail',
};

/**
 * The refusal of `method` on a fake of type `gasType` in a custom function: the call Google names, and the
 * scope it names if any; null for a service Google lists. A `User` (Session's class) is refused whoever
 * handed it out, `Spreadsheet.getOwner()` too: its email is identity, which the anonymous user has none of.
 * @param gasType the fake's type, e.g. "Session" or "CacheService.Cache"
 * @param method the method called
 */
export function refusedInCustomFunction(gasType: string, method: string): { call: string; scope?: string } | null {
  const parts = gasType.split('.');
  const service = parts[0] ?? gasType;
  if (LISTED.has(service)) return null;
  // Google names a class's method by its class: "User.getEmail", whichever service handed the User out.
  const call = `${parts.at(-1) ?? gasType}.${method}`;
  const scope = SCOPE_OF_METHOD[call] ?? SCOPE_OF_SERVICE[service];
  return scope ? { call, scope } : { call };
}
