/** Session and ScriptApp: who runs, in which time zone, under which auth mode. */
import { createHash } from 'node:crypto';
import type { AuthMode, Execution } from './execution.js';
import { GasException } from './execution.js';
import { GasObject } from './service.js';

/** Settings of the simulated user and script. */
export interface SessionSettings {
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
    return mode === 'FULL' ? this.#settings.userEmail : '';
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
      .update(`${this.#settings.scriptId}:${this.#settings.userEmail}`)
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

/**
 * The `ScriptApp` global. Triggers are not modelled yet: their methods throw a clear "not implemented"
 * (and Google's permission error where Google would refuse them anyway).
 */
export class ScriptAppFake extends GasObject {
  readonly gasType = 'ScriptApp';
  readonly AuthMode = AUTH_MODES;
  readonly TriggerSource = Object.freeze({ SPREADSHEETS: 'SPREADSHEETS', CLOCK: 'CLOCK', FORMS: 'FORMS', DOCUMENTS: 'DOCUMENTS', SLIDES: 'SLIDES', CALENDAR: 'CALENDAR' });
  readonly EventType = Object.freeze({ CLOCK: 'CLOCK', ON_OPEN: 'ON_OPEN', ON_EDIT: 'ON_EDIT', ON_FORM_SUBMIT: 'ON_FORM_SUBMIT', ON_CHANGE: 'ON_CHANGE', ON_EVENT_UPDATED: 'ON_EVENT_UPDATED' });
  readonly #exec: Execution;
  readonly #settings: SessionSettings;

  constructor(exec: Execution, settings: SessionSettings) {
    super();
    this.#exec = exec;
    this.#settings = settings;
  }

  getScriptId(): string {
    return this.#settings.scriptId;
  }

  #triggers(method: string): never {
    const mode = this.#exec.authMode;
    this.#exec.denyUnless(mode === 'FULL', `ScriptApp.${method}`, 'https://www.googleapis.com/auth/script.scriptapp');
    throw new GasException(`ScriptApp.${method} is not implemented in dev/gas yet.`);
  }

  newTrigger(): never {
    return this.#triggers('newTrigger');
  }
  getProjectTriggers(): never {
    return this.#triggers('getProjectTriggers');
  }
  getUserTriggers(): never {
    return this.#triggers('getUserTriggers');
  }
  deleteTrigger(): never {
    return this.#triggers('deleteTrigger');
  }

  getOAuthToken(): string {
    this.#exec.denyUnless(this.#exec.authMode === 'FULL', 'ScriptApp.getOAuthToken');
    return 'dev-gas-oauth-token';
  }
}
