/** The typed promise wrapper of google.script.run, against a fake with Google's chained shape. */
import { afterEach, describe, expect, it } from 'vitest';
import { call, NO_RUNNER_MESSAGE, toError } from '../../../src/sidebar/server';
import type { SettingsView } from '../../../src/shared/sidebar-api';
import { settingsView } from './settings-fixture';

type Handler = (value: unknown) => void;
type Outcome = { value: unknown } | { error: unknown } | { throws: unknown };

/** A google.script.run whose functions answer from `outcomes`, asynchronously like Google's. */
function installRunner(outcomes: Record<string, Outcome>, calls: { fn: string; args: unknown[] }[] = []) {
  const runner = (success?: Handler, failure?: Handler): Record<string, unknown> =>
    new Proxy(
      {
        withSuccessHandler: (f: Handler) => runner(f, failure),
        withFailureHandler: (f: Handler) => runner(success, f),
      },
      {
        get(target, name: string) {
          if (name in target) return target[name as keyof typeof target];
          if (!(name in outcomes)) return undefined;
          return (...args: unknown[]) => {
            calls.push({ fn: name, args });
            const outcome = outcomes[name]!;
            if ('throws' in outcome) throw outcome.throws;
            setTimeout(() => ('value' in outcome ? success?.(outcome.value) : failure?.(outcome.error)), 0);
          };
        },
      },
    );
  (globalThis as { google?: unknown }).google = { script: { run: runner() } };
  return calls;
}

afterEach(() => {
  delete (globalThis as { google?: unknown }).google;
});

const settings: SettingsView = settingsView();

describe('call', () => {
  it('resolves with the server function result and passes the arguments through', async () => {
    const calls = installRunner({ saveApiKey: { value: settings } });
    await expect(call('saveApiKey', 'k-123', true)).resolves.toEqual(settings);
    expect(calls).toEqual([{ fn: 'saveApiKey', args: ['k-123', true] }]);
  });

  it("rejects with an Error carrying the server's message", async () => {
    installRunner({ getUsage: { error: new Error('Daily limit reached: fresh searches.') } });
    await expect(call('getUsage')).rejects.toThrow(/^Daily limit reached: fresh searches\.$/);
  });

  it('rejects when google.script.run throws at the call (an argument it cannot send)', async () => {
    installRunner({ setBaseUrl: { throws: new Error('Failed due to illegal value in property: 0') } });
    await expect(call('setBaseUrl', 'x')).rejects.toThrow('Failed due to illegal value in property: 0');
  });

  it('rejects clearly outside Sheets and for a function the server lacks', async () => {
    await expect(call('getSettings')).rejects.toThrow(NO_RUNNER_MESSAGE);
    installRunner({});
    await expect(call('getSettings')).rejects.toThrow(/no server function getSettings/);
  });
});

describe('toError', () => {
  it("drops Apps Script's prefixes and keeps the message", () => {
    expect(toError(new Error('Exception: The service is unavailable.')).message).toBe('The service is unavailable.');
    expect(toError('Error: no API key').message).toBe('no API key');
    expect(toError(new Error('ScriptError: x')).message).toBe('x');
  });
  it('never gives an empty message', () => {
    expect(toError(undefined).message).toMatch(/went wrong/);
    expect(toError(new Error('')).message).toMatch(/went wrong/);
  });
  it('reads an error-like object by its message, and never shows "[object Object]"', () => {
    expect(toError({ name: 'ScriptError', message: 'Exception: Too many formulas' }).message).toBe('Too many formulas');
    expect(toError({ code: 500 }).message).toMatch(/went wrong/);
    expect(toError(42).message).toMatch(/went wrong/);
  });
});

describe("toError: Google's own failures in the sidebar's words", () => {
  it('never shows the raw text of a failure google.script.run reports', () => {
    const cases: [string, RegExp][] = [
      [
        'NetworkError: Connection failure due to HTTP 0',
        /^The sidebar lost its connection to Google Sheets: close it and open it again .*several Google accounts/,
      ],
      [
        'There are too many scripts running simultaneously for this Google user account.',
        /^Google is running too many scripts of your account at once \(it allows 30\)/,
      ],
      [
        'Exception: Script invoked too many times per second for this Google user account.',
        /^Google limits how often scripts of your account may start each second/,
      ],
      [
        'Service invoked too many times for one day: urlfetch.',
        /^Google's daily quota of URL fetches for your account is used up: it resets within 24 hours\.$/,
      ],
      [
        'Service invoked too many times in a short time: urlfetch. Try Utilities.sleep(1000) between calls.',
        /short-term limit on URL fetches/,
      ],
      [
        "We're sorry, a server error occurred. Please wait a bit and try again.",
        /^Google Sheets could not run this just now: try again in a moment\.$/,
      ],
      [
        'ScriptError: Authorization is required to perform that action.',
        /^Search Demand needs your permission again: open it from Extensions › Search Demand/,
      ],
    ];
    for (const [raw, words] of cases) {
      const message = toError(new Error(raw)).message;
      expect(message, raw).toMatch(words);
      expect(message).not.toMatch(/Utilities\.sleep|HTTP 0|Google user account|server error occurred|to perform that action/);
    }
  });
  it("keeps the server's own messages, Google's limits in the add-on's words included", () => {
    const busy =
      'Too many Search Demand formulas ran at once (Google allows 30 per user): run Extensions › Search Demand › Refresh all formulas in a minute.';
    expect(toError(new Error(`Exception: ${busy}`)).message).toBe(busy);
  });
});
