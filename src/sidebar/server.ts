/**
 * The one way the sidebar talks to the Apps Script server: google.script.run as typed promises.
 * Names, arguments and results come from the server's own functions, the exports of
 * src/server/index.ts (each one a top-level function of Code.js, which google.script.run can call): a
 * type-only import, so no server code reaches the page (src/sidebar/tsconfig.json reads the server
 * project's declarations).
 */
import type * as Server from '../server/index';
import { googleFailureOf, type GoogleFailure } from '../shared/google-failures';
import type { Unchecked } from '../shared/sidebar-api';

/** The functions the sidebar can call: the one list is src/server/index.ts's exports. */
export type ServerFunctions = typeof Server;

/** What the sidebar passes for a function's parameters: each `Sent<T>` of the server as its T. */
export type ArgsOf<F> = F extends (...args: infer P) => unknown ? { [I in keyof P]: Exclude<P[I], Unchecked> } : never;

/** The part of google.script.run this wrapper uses (Google's own shape: chained, callback-based). */
export interface ScriptRunner {
  withSuccessHandler(handler: (value: unknown, userObject?: unknown) => void): ScriptRunner;
  withFailureHandler(handler: (error: unknown, userObject?: unknown) => void): ScriptRunner;
  [serverFunction: string]: unknown;
}

interface GoogleGlobal {
  google?: { script?: { run?: ScriptRunner } };
}

/** Shown when the page is opened outside Sheets (or the host's shim is missing). */
export const NO_RUNNER_MESSAGE = 'This page must be opened from Google Sheets (Extensions › Search Demand › Settings).';

/**
 * Calls a server function and settles with its result, or rejects with an Error carrying the
 * server's message (meant for the user).
 * @param name an export of src/server/index.ts
 * @param args its arguments, as its `Sent<T>` parameters type them
 */
export function call<K extends keyof ServerFunctions>(
  name: K,
  ...args: ArgsOf<ServerFunctions[K]>
): Promise<ReturnType<ServerFunctions[K]>> {
  return new Promise((resolve, reject) => {
    const run = (globalThis as GoogleGlobal).google?.script?.run;
    if (!run) {
      reject(new Error(NO_RUNNER_MESSAGE));
      return;
    }
    const runner = run
      .withSuccessHandler((value) => resolve(value as ReturnType<ServerFunctions[K]>))
      .withFailureHandler((error) => reject(toError(error)));
    const fn = runner[name];
    if (typeof fn !== 'function') {
      reject(new Error(`The add-on has no server function ${name}: reload the sidebar after updating the add-on.`));
      return;
    }
    try {
      (fn as (...a: unknown[]) => void).apply(runner, args);
    } catch (error) {
      reject(toError(error)); // google.script.run throws at once for arguments it cannot send
    }
  });
}

/**
 * Google's failure, in the sidebar's words: what happened and what to do. Google's own text never
 * reaches the user.
 * @param failure which of Google's failures it was
 */
function googleFailureMessage(failure: GoogleFailure): string {
  switch (failure.kind) {
    case 'simultaneous':
      return 'Google is running too many scripts of your account at once (it allows 30): try again in a minute.';
    case 'start-rate':
      return 'Google limits how often scripts of your account may start each second: try again in a few seconds.';
    case 'trigger-time':
      return "Google's daily run time for scheduled runs of your account is used up: it resets within 24 hours.";
    case 'short-time':
      return `Google's short-term limit on ${failure.service} for your account was reached: try again in a minute.`;
    case 'daily':
      return `Google's daily quota of ${failure.service} for your account is used up: it resets within 24 hours.`;
    case 'limit':
      return `Google refused this: it is over one of Google's limits (${failure.which}).`;
    case 'connection':
      return 'The sidebar lost its connection to Google Sheets: close it and open it again from Extensions › Search Demand. If you are signed into several Google accounts, open the spreadsheet in a window signed into one account only.';
    case 'server-error':
      return 'Google Sheets could not run this just now: try again in a moment.';
    case 'authorization':
      return 'Search Demand needs your permission again: open it from Extensions › Search Demand and allow it.';
  }
}

/**
 * Turns what a failure handler receives into an Error whose message is the server's text, without the
 * "Error: " / "Exception: " prefix Apps Script may add, or the sidebar's words for one of Google's own
 * failures (src/shared/google-failures.ts).
 * @param error usually an Error; sometimes a string
 */
export function toError(error: unknown): Error {
  // google.script.run sends Errors or strings; an error-like object gives its message, anything else
  // the general sentence below (never "[object Object]").
  const carried = typeof error === 'object' && error !== null && 'message' in error ? error.message : error;
  const raw = typeof carried === 'string' ? carried : '';
  const google = googleFailureOf(raw);
  if (google) return new Error(googleFailureMessage(google));
  const message = raw.replace(/^(?:Uncaught\s+)?(?:Script)?(?:Error|Exception):\s*/, '').trim();
  return new Error(message || 'Something went wrong on the server. Try again.');
}
