/**
 * Google's own failure texts, recognised once for both sides: the server meets them when a service call
 * fails (its quotas and limits), the sidebar when google.script.run fails before or around a server
 * function (too many executions, a lost connection). Pure: each side words its own message from the
 * kind found here, so Google's raw text never reaches a user.
 *
 * The quota texts are those of Google's Quotas page, "Exception messages"
 * (https://developers.google.com/apps-script/guides/services/quotas), plus the daily wording developers
 * report ("Service invoked too many times for one day: urlfetch."; the page shows "Service invoked too
 * many times: Calendar."). The last three are what google.script.run's failure handler is reported to
 * receive: "NetworkError: Connection failure due to HTTP 0" (a sidebar whose connection dropped, and the
 * known trouble of users signed into several Google accounts), "We're sorry, a server error occurred.
 * Please wait a bit and try again." and "Authorization is required to perform that action.".
 */

/** Which of Google's failures a text is, with the service or limit it names. */
export type GoogleFailure =
  /** "There are too many scripts running simultaneously for this Google user account." */
  | { kind: 'simultaneous' }
  /** "Script invoked too many times per second for this Google user account." */
  | { kind: 'start-rate' }
  /** "Service using too much computer time for one day." (trigger run time) */
  | { kind: 'trigger-time' }
  /** "Service invoked too many times in a short time: urlfetch. …" */
  | { kind: 'short-time'; service: string }
  /** "Service invoked too many times for one day: urlfetch." or "Service invoked too many times: Calendar." */
  | { kind: 'daily'; service: string }
  /** "Limit exceeded: Email Attachments Per Message." */
  | { kind: 'limit'; which: string }
  /** "NetworkError: Connection failure due to HTTP 0" */
  | { kind: 'connection' }
  /** "We're sorry, a server error occurred. Please wait a bit and try again." */
  | { kind: 'server-error' }
  /** "Authorization is required to perform that action." */
  | { kind: 'authorization' };

/** Google's name of a service in its quota texts ("…: urlfetch.") → our words. */
const SERVICES: Record<string, string> = {
  urlfetch: 'URL fetches',
  properties: 'property reads and writes',
};

/** A service name as Google gives it ("UrlFetch", "urlfetch") → our words. */
function serviceName(raw: string | undefined): string {
  const name = (raw ?? '').trim().toLowerCase();
  return SERVICES[name] ?? `${name || 'Google service'} calls`;
}

/** Each text and what it is, tried in this order (the more specific first). */
const RULES: { pattern: RegExp; failure: (match: RegExpExecArray) => GoogleFailure }[] = [
  {
    pattern: /too many (scripts running )?(simultaneous|concurrent)|running simultaneously|simultaneous invocations/i,
    failure: () => ({ kind: 'simultaneous' }),
  },
  { pattern: /script invoked too many times per second/i, failure: () => ({ kind: 'start-rate' }) },
  { pattern: /too much computer time for one day/i, failure: () => ({ kind: 'trigger-time' }) },
  { pattern: /too many times in a short time:?\s*([a-z ]*)/i, failure: (m) => ({ kind: 'short-time', service: serviceName(m[1]) }) },
  { pattern: /too many times for one day:\s*([a-z ]+)/i, failure: (m) => ({ kind: 'daily', service: serviceName(m[1]) }) },
  { pattern: /service invoked too many times:\s*([a-z ]+)/i, failure: (m) => ({ kind: 'daily', service: serviceName(m[1]) }) },
  { pattern: /^(?:exception:\s*)?limit exceeded:\s*([^.]+)/i, failure: (m) => ({ kind: 'limit', which: (m[1] ?? '').trim() }) },
  { pattern: /^(?:networkerror:\s*)?connection failure due to http/i, failure: () => ({ kind: 'connection' }) },
  { pattern: /^we're sorry, a server error occurred/i, failure: () => ({ kind: 'server-error' }) },
  { pattern: /^authorization is required to perform that action/i, failure: () => ({ kind: 'authorization' }) },
];

/**
 * Which of Google's failures a text is, or undefined when it is none of them.
 * @param text the failure's message (Google's raw text, a prefix such as "Exception: " allowed)
 */
export function googleFailureOf(text: string): GoogleFailure | undefined {
  const message = text.replace(/^(?:Uncaught\s+)?(?:Script)?(?:Error|Exception):\s*/, '').trim();
  for (const { pattern, failure } of RULES) {
    const match = pattern.exec(message);
    if (match) return failure(match);
  }
  return undefined;
}
