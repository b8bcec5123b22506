/** Session: who runs (the execution's user), in which time zone; the AuthMode enum ScriptApp exposes (triggers.ts). */
import { createHash } from 'node:crypto';
import type { AuthMode, Execution } from './execution.js';
import { GasObject } from './service.js';

/** Settings of the simulated user and script. */
export interface SessionSettings {
  /** The runtime's default user (an execution may run as another: Execution.userEmail). */
  userEmail: string;
  timeZone: string;
  locale: string;
  scriptId: string;
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
 * The `Session` global. In custom functions and simple triggers (LIMITED) Google hides the user's
 * email: getActiveUser().getEmail() and getEffectiveUser().getEmail() give "".
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
    const mode = this.#exec.authMode;
    return mode === 'FULL' ? this.#exec.userEmail : '';
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
    return createHash('sha256')
      .update(`${this.#settings.scriptId}:${this.#exec.userEmail}`)
      .digest('base64')
      .slice(0, 43);
  }
}

export const AUTH_MODES: Readonly<Record<AuthMode, AuthMode>> = Object.freeze({
  NONE: 'NONE',
  CUSTOM_FUNCTION: 'CUSTOM_FUNCTION',
  LIMITED: 'LIMITED',
  FULL: 'FULL',
});
