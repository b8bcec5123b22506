/**
 * The one way the sidebar talks to the Apps Script server: google.script.run as typed promises.
 * Names, arguments and results come from the shared contract (src/shared/sidebar-api.ts).
 */
import type { SidebarApi } from '../shared/sidebar-api';

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
 * @param name a function of the sidebar contract
 * @param args its arguments, as the contract types them
 */
export function call<K extends keyof SidebarApi>(name: K, ...args: Parameters<SidebarApi[K]>): Promise<ReturnType<SidebarApi[K]>> {
  return new Promise((resolve, reject) => {
    const run = (globalThis as GoogleGlobal).google?.script?.run;
    if (!run) {
      reject(new Error(NO_RUNNER_MESSAGE));
      return;
    }
    const runner = run
      .withSuccessHandler((value) => resolve(value as ReturnType<SidebarApi[K]>))
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
 * Turns what a failure handler receives into an Error whose message is the server's text, without the
 * "Error: " / "Exception: " prefix Apps Script may add.
 * @param error usually an Error; sometimes a string
 */
export function toError(error: unknown): Error {
  // google.script.run sends Errors or strings; an error-like object gives its message, anything else
  // the general sentence below (never "[object Object]").
  const carried = typeof error === 'object' && error !== null && 'message' in error ? error.message : error;
  const raw = typeof carried === 'string' ? carried : '';
  const message = raw.replace(/^(?:Uncaught\s+)?(?:Script)?(?:Error|Exception):\s*/, '').trim();
  return new Error(message || 'Something went wrong on the server. Try again.');
}
