/**
 * The permissions each action needs, checked before it acts. Google's consent screen lets a user untick
 * any permission the add-on asks for (docs/develop/google-limits.md, "Granular consent"); an action whose
 * permission is missing says which, what it is for and how to grant it, instead of failing half-way with
 * Google's own words (or a network error, which it is not). A formula never asks (ScriptApp is not a
 * service Google lets custom functions call): Google's refusal of its fetch is worded the same
 * (permissionErrorOf, in service/fetcher.ts).
 */
import { SELF_INSTALL } from '../settings/constants';
import { AddonError, LEADS } from '../errors/errors';

/**
 * ScriptApp.getAuthorizationInfo(authMode, oAuthScopes) and AuthorizationInfo.getAuthorizedScopes(), which
 * Google added with granular consent (2025) and @types/google-apps-script does not declare yet.
 */
interface GranularScriptApp {
  getAuthorizationInfo(authMode: GoogleAppsScript.Script.AuthMode, oAuthScopes: string[]): { getAuthorizedScopes(): string[] | null };
}

/** A permission: its OAuth scope, our words for it, what the add-on needs it for, Google's checkbox label. */
interface Permission {
  scope: string;
  words: string;
  why: string;
  label: string;
}

/**
 * The spreadsheet permission differs per build (scripts/build/manifest.ts). A pasted script is bound to its
 * spreadsheet and its trigger sees it ("These methods are only available to bound scripts run from the
 * script editor, menu items, dialogs, sidebars, or triggers", Google's bound-scripts guide), so the
 * self-install asks for this spreadsheet only; the Marketplace add-on's trigger has no document and opens
 * the spreadsheets its user scheduled by id, which needs every spreadsheet. Labels: what Google's consent
 * screen shows beside each checkbox.
 */
const SPREADSHEET: Permission = SELF_INSTALL
  ? {
      scope: 'https://www.googleapis.com/auth/spreadsheets.currentonly',
      words: 'read and change this spreadsheet',
      why: 'to read your selection and write its results into the sheet',
      label: 'View and manage spreadsheets that this application has been installed in',
    }
  : {
      scope: 'https://www.googleapis.com/auth/spreadsheets',
      words: 'read and change your spreadsheets',
      why: 'to write results into the sheet and to refresh the spreadsheets you schedule',
      label: 'See, edit, create, and delete all your Google Sheets spreadsheets',
    };

/** The permissions of appsscript.json that actions depend on (userinfo.email only decides a shown name). */
const PERMISSIONS = {
  service: {
    scope: 'https://www.googleapis.com/auth/script.external_request',
    words: 'connect to the service',
    why: 'to fetch search data with your key',
    label: 'Connect to an external service',
  },
  schedule: {
    scope: 'https://www.googleapis.com/auth/script.scriptapp',
    words: 'run on a schedule',
    why: 'to refresh ranking tables and tracking lists while you are away',
    label: 'Allow this application to run when you are not present',
  },
  spreadsheet: SPREADSHEET,
  mail: {
    scope: 'https://www.googleapis.com/auth/script.send_mail',
    words: 'send email as you',
    why: 'to mail you (and whom you list) what moved and when scheduled runs stop',
    label: 'Send email as you',
  },
  sidebar: {
    scope: 'https://www.googleapis.com/auth/script.container.ui',
    words: 'show the sidebar',
    why: 'to show its settings, tables and help beside the sheet',
    label: 'Display and run third-party web content in prompts and sidebars inside Google applications',
  },
} as const satisfies Record<string, Permission>;

/** A permission by name. */
export type PermissionName = keyof typeof PERMISSIONS;

/**
 * What a scheduled run needs, every one checked before a schedule is saved or its trigger made: connect to
 * the service, the spreadsheet, and triggers. Google: "We recommend that you use requireScopes(authMode,
 * oAuthScopes) before installing a trigger"; but requireScopes "only works when users run the script from a
 * surface that supports granular consent, for example, from within the Apps Script IDE", so the add-on asks
 * getAuthorizationInfo (which answers anywhere) and sends the user to Grant permissions… (docs/develop/google-limits.md).
 */
export const SCHEDULED_RUN_NEEDS: readonly PermissionName[] = ['service', 'schedule', 'spreadsheet'];

/** The menu item that asks for missing permissions again (index.ts, grantPermissions). */
export const GRANT_MENU_ITEM = 'Grant permissions…';

/**
 * The permissions of `names` the user has not granted. Google's AuthorizationInfo answers it without
 * using any of them; where Google gives no answer, none is taken as missing (the action then meets
 * Google's own refusal, which service/fetcher.ts also words as a missing permission).
 * @param names the permissions an action needs
 */
export function missingPermissions(names: readonly PermissionName[]): PermissionName[] {
  const granted = grantedOf(names);
  return granted ? names.filter((n) => !granted.includes(n)) : [];
}

/** Which of `names` the user granted; null where Google gives no answer. */
function grantedOf(names: readonly PermissionName[]): PermissionName[] | null {
  if (!names.length) return [];
  const scopes = names.map((n) => PERMISSIONS[n].scope);
  try {
    const app = ScriptApp as unknown as GranularScriptApp;
    const granted = app.getAuthorizationInfo(ScriptApp.AuthMode.FULL, scopes).getAuthorizedScopes() ?? scopes;
    return names.filter((n) => granted.includes(PERMISSIONS[n].scope));
  } catch {
    return null;
  }
}

/**
 * Throws the message of the permissions of `needs` the user has not granted, if any: checked before an
 * action acts (src/server/index.ts names what each public function needs, as it calls ui/action-guard.ts).
 * @param needs the permissions the action needs
 */
export function requirePermissions(needs: readonly PermissionName[]): void {
  const missing = missingPermissions(needs);
  if (missing.length) throw permissionError(missing);
}

/**
 * Google's checkbox label of a permission on the consent screen, as a person looks for it.
 * @param name the permission
 */
export function permissionLabel(name: PermissionName): string {
  return PERMISSIONS[name].label;
}

/** "a", "a and b", "a, b and c". */
function list(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

/**
 * The message for missing permissions: which, what for, and how to grant them.
 * @param missing the permissions not granted (at least one)
 */
export function permissionError(missing: readonly PermissionName[]): AddonError {
  const them = missing.map((n) => PERMISSIONS[n]);
  const one = them.length === 1;
  return new AddonError(
    'permission',
    `${LEADS.permission} ${list(them.map((p) => p.words))}. Search Demand needs ${one ? 'it' : 'them'} ${list(them.map((p) => p.why))}; nothing was done. ` +
      `Grant ${one ? 'it' : 'them'} with Extensions › Search Demand › ${GRANT_MENU_ITEM} and tick ${list(them.map((p) => `“${p.label}”`))}.`,
    '',
    { missing },
  );
}

/** Google's refusal of a call for a missing permission ("You do not have permission to call …"), as ours. */
export function permissionErrorOf(error: unknown): AddonError | null {
  const message = error instanceof Error ? error.message : '';
  if (!/^You do not have permission to call /.test(message)) return null;
  const missing = (Object.keys(PERMISSIONS) as PermissionName[]).filter((n) => message.includes(PERMISSIONS[n].scope));
  return missing.length ? permissionError(missing) : null;
}
