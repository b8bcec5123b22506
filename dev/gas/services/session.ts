/** Session: who runs (the execution's user), in which time zone; the AuthMode enum ScriptApp exposes (triggers.ts). */
import { createHash } from 'node:crypto';
import type { AuthMode, Execution } from '../execution/execution.js';
import { SCOPES, grantsScope, type Manifest } from '../execution/manifest.js';
import { GasObject } from '../execution/service.js';

/** Settings of the simulated user and script. */
export interface SessionSettings {
  /** The runtime's default user (an execution may run as another: Execution.userEmail). */
  userEmail: string;
  timeZone: string;
  locale: string;
  scriptId: string;
  /** The project's manifest (its oauthScopes decide whether emails are shown); null: none. */
  manifest: Manifest | null;
}

/**
 * Whether an execution may see users' emails: only in AuthMode.FULL (Google: "the user's email address is
 * not available in any context that allows a script to run without that user's authorization, like a
 * simple onOpen(e) or onEdit(e) trigger, a custom function"), and only with the userinfo.email scope that
 * Session.getActiveUser() and getEffectiveUser() require (declared, or no oauthScopes: auto-detected).
 * https://developers.google.com/apps-script/reference/base/session
 */
export function mayShowEmail(exec: Execution, manifest: Manifest | null): boolean {
  return exec.authMode === 'FULL' && grantsScope(manifest, SCOPES.userinfoEmail) && exec.hasScope(SCOPES.userinfoEmail);
}

/** A `User` object. */
export class UserFake extends GasObject {
  readonly gasType = 'Session.User';
  readonly #email: string;

  constructor(email: string) {
    super();
    this.#email = email;
  }

  getEmail(): string {
    return this.#email;
  }

  override toString(): string {
    return this.#email;
  }
}

/**
 * The `Session` global. getActiveUser().getEmail() and getEffectiveUser().getEmail() give "" unless
 * mayShowEmail (custom functions, simple triggers, or no userinfo.email scope in the manifest).
 */
export class SessionFake extends GasObject {
  readonly gasType = 'Session';
  readonly #exec: Execution;
  readonly #settings: SessionSettings;

  constructor(exec: Execution, settings: SessionSettings) {
    super();
    this.#exec = exec;
    this.#settings = settings;
  }

  #email(): string {
    return mayShowEmail(this.#exec, this.#settings.manifest) ? this.#exec.userEmail : '';
  }

  getActiveUser(): UserFake {
    return new UserFake(this.#email());
  }

  getEffectiveUser(): UserFake {
    return new UserFake(this.#email());
  }

  getScriptTimeZone(): string {
    return this.#settings.timeZone;
  }

  getActiveUserLocale(): string {
    return this.#settings.locale;
  }

  /** Stable per user and script, and opaque, like Google's. */
  getTemporaryActiveUserKey(): string {
    return createHash('sha256').update(`${this.#settings.scriptId}:${this.#exec.userEmail}`).digest('base64').slice(0, 43);
  }
}

export const AUTH_MODES: Readonly<Record<AuthMode, AuthMode>> = Object.freeze({
  NONE: 'NONE',
  CUSTOM_FUNCTION: 'CUSTOM_FUNCTION',
  LIMITED: 'LIMITED',
  FULL: 'FULL',
});
