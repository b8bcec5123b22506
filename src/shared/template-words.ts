/**
 * What a template that cannot be inserted now says: the sidebar's cost line before the click and the
 * server's refusal after it say the same numbers and the same reset (DESIGN, "Spending within the limits
 * a user has": with no fresh search left an estimate says what is sent now and what waits for the reset).
 */
import { afterReset, resetClock } from './reset-time';
import type { TemplateWait } from './sidebar-api';

/**
 * "Needs up to 8 fresh searches, and none is left today: nothing can be sent now. Insert it after 00:00
 * UTC, when they reset." The cost line of a template that waits.
 * @param wait why it waits
 * @param now the time (ms)
 */
export function templateWaitText(wait: TemplateWait, now: number): string {
  const when = afterReset(wait.resetAt === null ? null : Date.parse(wait.resetAt), now);
  if (wait.limit === 'cap') {
    return (
      `Needs up to ${wait.needed ?? 0} fresh searches, and this spreadsheet's cap leaves ${wait.left ?? 0} today: nothing can be ` +
      `sent now. Raise the cap in Settings, or insert it ${when}, when it resets.`
    );
  }
  if (wait.needed === null || wait.left === null) {
    return `${limitReached(wait)}: nothing can be sent now. Insert it ${when}, when it resets.`;
  }
  const left = wait.left === 0 ? 'none is' : wait.left === 1 ? 'only 1 is' : `only ${wait.left} are`;
  return `Needs up to ${wait.needed} ${wait.limit}, and ${left} left today: nothing can be sent now. Insert it ${when}, when they reset.`;
}

/**
 * The refusal of a template that waits: "Not inserted: "Keyword research" may use 8 fresh searches, and 5
 * were left at your last usage read (14:05 UTC). Nothing was sent or changed: try again after 00:00 UTC."
 * @param title the template's title
 * @param wait why it waits
 * @param now the time (ms)
 */
export function templateRefusal(title: string, wait: TemplateWait, now: number): string {
  const when = afterReset(wait.resetAt === null ? null : Date.parse(wait.resetAt), now);
  if (wait.limit === 'cap') {
    return (
      `Not inserted: "${title}" may use ${wait.needed ?? 0} fresh searches, and this spreadsheet's cap leaves ${wait.left ?? 0} today ` +
      `(it resets at ${wait.resetAt === null ? '00:00 UTC' : resetClock(Date.parse(wait.resetAt), now)}). Nothing was sent or changed: raise the cap in Settings, or try after the reset.`
    );
  }
  if (wait.needed === null || wait.left === null || wait.readAt === null) {
    return `Not inserted: ${inSentence(limitReached(wait))} (try again ${when}), and "${title}" needs answers it holds back. Nothing was sent or changed.`;
  }
  const since = wait.sentSince ? ', with what this document sent since' : '';
  return (
    `Not inserted: "${title}" may use ${wait.needed} ${wait.limit}, and ${wait.left} were left at your last usage read ` +
    `(${wait.readAt.slice(11, 16)} UTC${since}). Nothing was sent or changed: try again ${when}.`
  );
}

const limitReached = (wait: TemplateWait): string =>
  wait.limit === 'unknown' ? 'A daily limit was reached' : `The daily limit of ${wait.limit} was reached`;

const inSentence = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);
