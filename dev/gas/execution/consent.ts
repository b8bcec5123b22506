/**
 * Granular OAuth consent: which of the manifest's scopes each user granted this project (Google's consent
 * screen lets a user untick any of them), and what ScriptApp.getAuthorizationInfo / requireScopes /
 * requireAllScopes see of it. dev/gas/RULES.md, "Granular consent".
 */
import { GasException, type Execution } from './execution.js';
export { AUTHORIZATION_REQUIRED_MESSAGE } from './execution.js';
import type { Manifest } from './manifest.js';
import { GasObject } from './service.js';

/** ScriptApp.AuthorizationStatus: the enum's values are these strings. */
export const AUTHORIZATION_STATUS = Object.freeze({ REQUIRED: 'REQUIRED', NOT_REQUIRED: 'NOT_REQUIRED' });

/** What requireScopes / requireAllScopes asked a user for (the consent screen Google would render). */
export interface ConsentPrompt {
  user: string;
  /** The missing scopes the prompt asks for. */
  scopes: string[];
  executionId: number;
  functionName: string;
}

/**
 * Each user's grant for the project (a runtime is one project). A user nobody set grants every scope, as
 * a user who ticks "Select all"; `set` gives a subset, `grantAll` restores everything.
 */
export class ConsentStore {
  readonly #granted = new Map<string, ReadonlySet<string>>();
  /** Every prompt requireScopes / requireAllScopes rendered, oldest first. */
  readonly prompts: ConsentPrompt[] = [];

  /**
   * @param manifest the project's manifest: a granted scope must be one it declares (when it declares any)
   */
  constructor(private readonly manifest: Manifest | null) {}

  /** The user grants exactly `scopes` (the rest unticked). Throws (a harness error) for a scope the manifest does not declare. */
  set(user: string, scopes: readonly string[]): void {
    const declared = this.manifest?.oauthScopes;
    const unknown = declared ? scopes.filter((s) => !declared.includes(s)) : [];
    if (unknown.length)
      throw new Error(`dev/gas: the manifest does not declare ${unknown.join(', ')}; a user can only grant its oauthScopes`);
    this.#granted.set(user, new Set(scopes));
  }

  /** The user grants every scope (ticks "Select all"): the default. */
  grantAll(user: string): void {
    this.#granted.delete(user);
  }

  /** Whether the user granted `scope` (and the manifest declares it, or declares none). */
  has(user: string, scope: string): boolean {
    const declared = this.manifest?.oauthScopes;
    if (declared && !declared.includes(scope)) return false;
    return this.#granted.get(user)?.has(scope) ?? true;
  }

  /** The scopes the user granted of `of` (default: the manifest's; null when it declares none and the user set nothing). */
  granted(user: string, of?: readonly string[]): string[] | null {
    const scopes = of ?? this.manifest?.oauthScopes;
    if (scopes) return scopes.filter((s) => this.has(user, s));
    const set = this.#granted.get(user);
    return set ? [...set] : null;
  }
}

/** What ScriptApp's consent methods need of one execution. */
export interface ConsentContext {
  exec: Execution;
  store: ConsentStore;
  /** The manifest's oauthScopes (null: none declared, so Google detects them and nothing is "not required"). */
  declared: readonly string[] | null;
  scriptId: string;
}

/** Throws for an argument that is not a list of scope strings, or a scope the script does not require. */
function checkScopes(ctx: ConsentContext, method: string, value: unknown): string[] {
  const list: unknown = Array.isArray(value) ? value : undefined;
  if (!Array.isArray(list) || !list.every((s): s is string => typeof s === 'string')) {
    throw new GasException(`The parameters (${typeof value}) don't match the method signature for ScriptApp.${method}.`);
  }
  // Google: "Scopes that are invalid or not required by the script lead to an error." Its text is not published.
  const notRequired = ctx.declared ? list.filter((s) => !ctx.declared?.includes(s)) : [];
  if (notRequired.length) throw new GasException(`Invalid argument: oAuthScopes (not required by the script: ${notRequired.join(', ')})`);
  return list;
}

function checkAuthMode(method: string, mode: unknown): void {
  if (mode !== 'NONE' && mode !== 'CUSTOM_FUNCTION' && mode !== 'LIMITED' && mode !== 'FULL') {
    throw new GasException(`The parameters (${typeof mode}) don't match the method signature for ScriptApp.${method}.`);
  }
}

/** The scopes asked about that the execution's user has not granted. */
function missingOf(ctx: ConsentContext, scopes: readonly string[]): string[] {
  return scopes.filter((s) => !ctx.store.has(ctx.exec.userEmail, s));
}

/** An `AuthorizationInfo`. */
export class AuthorizationInfoFake extends GasObject {
  readonly gasType = 'ScriptApp.AuthorizationInfo';
  readonly #missing: string[];
  readonly #authorized: string[];
  readonly #url: string;

  constructor(missing: string[], authorized: string[], url: string) {
    super();
    this.#missing = missing;
    this.#authorized = authorized;
    this.#url = url;
  }

  getAuthorizationStatus(): string {
    return this.#missing.length ? AUTHORIZATION_STATUS.REQUIRED : AUTHORIZATION_STATUS.NOT_REQUIRED;
  }

  /** Google: "This method returns null if no authorization is required." */
  getAuthorizationUrl(): string | null {
    return this.#missing.length ? this.#url : null;
  }

  getAuthorizedScopes(): string[] {
    return [...this.#authorized];
  }
}

/**
 * ScriptApp.getAuthorizationInfo(authMode[, oAuthScopes]): the user's consent to the scopes asked about
 * (default: every scope the manifest declares). Whatever the mode asked about, dev/gas reports what the
 * user has not granted (never "not required" for a scope that was refused).
 */
export function authorizationInfo(ctx: ConsentContext, args: readonly unknown[]): AuthorizationInfoFake {
  checkAuthMode('getAuthorizationInfo', args[0]);
  if (args.length > 2) throw new GasException(`The parameters don't match the method signature for ScriptApp.getAuthorizationInfo.`);
  const asked = args.length === 2 ? checkScopes(ctx, 'getAuthorizationInfo', args[1]) : (ctx.declared ?? []);
  const missing = missingOf(ctx, asked);
  const authorized = asked.filter((s) => !missing.includes(s));
  return new AuthorizationInfoFake(missing, authorized, authorizationUrl(ctx.scriptId));
}

/** The URL a user opens to grant the project's missing scopes (its shape is Google's business: any fixed URL). */
export function authorizationUrl(scriptId: string): string {
  return `https://script.google.com/macros/d/${scriptId}/authorize`;
}

/**
 * ScriptApp.requireScopes / requireAllScopes: nothing when every scope asked for is granted; otherwise the
 * execution ends (an exception nothing may catch past) and, where a user is looking (a menu item, the
 * sidebar), the consent prompt is recorded. In a custom function or a trigger no prompt is shown: the
 * stricter reading of "ends the current execution and renders an authorization prompt".
 */
export function requireScopes(ctx: ConsentContext, method: 'requireScopes' | 'requireAllScopes', args: readonly unknown[]): void {
  checkAuthMode(method, args[0]);
  const asked = method === 'requireScopes' ? checkScopes(ctx, method, args[1]) : (ctx.declared ?? []);
  if (method === 'requireAllScopes' && args.length !== 1)
    throw new GasException(`The parameters don't match the method signature for ScriptApp.${method}.`);
  const missing = missingOf(ctx, asked);
  if (!missing.length) return;
  const { exec } = ctx;
  if (exec.mode === 'menu' || exec.mode === 'sidebar') {
    ctx.store.prompts.push({ user: exec.userEmail, scopes: missing, executionId: exec.id, functionName: exec.functionName });
  }
  exec.endForConsent();
}
