/**
 * Sending an alert as Google allows: with MailApp (which can only send, never read a mailbox), as the
 * user the scheduled run runs as (the schedule's owner, Session.getEffectiveUser), to that user, and to
 * the listed recipients only if there are any (blind copies: they do not see each other's addresses).
 * The permission is checked and the day's recipients quota read before anything is sent, so a mail that
 * cannot go says why instead of throwing; only the scheduled run calls this.
 */
import { missingPermissions, permissionErrorOf } from '../execution/permissions';
import type { MailBlock } from './alert-state';
import type { Mail } from './mail-text';

/** The sender's name the mails show. */
const SENDER = 'Search Demand';

/** What became of a mail: sent (to whom), or why not. */
export type SendResult = { sent: true; to: string[] } | { sent: false; why: MailBlock };

/** The email of the user the run runs as, or "" when Google does not give it. */
export function effectiveEmail(): string {
  try {
    return Session.getEffectiveUser().getEmail() || '';
  } catch {
    return '';
  }
}

/**
 * Sends a mail to the run's user and the recipients, once each; never throws.
 * @param mail subject and plain-text body
 * @param recipients the listed addresses besides the owner
 */
export function sendAlertMail(mail: Mail, recipients: readonly string[]): SendResult {
  if (missingPermissions(['mail']).length) return { sent: false, why: 'permission' };
  const owner = effectiveEmail();
  const seen = new Set<string>();
  const all = [owner, ...recipients].filter((a) => a && !seen.has(a.toLowerCase()) && seen.add(a.toLowerCase()));
  const [to, ...bcc] = all;
  if (to === undefined) return { sent: false, why: 'no-address' };
  try {
    // Google counts every recipient against the day's quota: read what is left first.
    if (MailApp.getRemainingDailyQuota() < all.length) return { sent: false, why: 'quota' };
    MailApp.sendEmail({ to, subject: mail.subject, body: mail.body, name: SENDER, ...(bcc.length ? { bcc: bcc.join(',') } : {}) });
    return { sent: true, to: all };
  } catch (error) {
    if (permissionErrorOf(error)) return { sent: false, why: 'permission' };
    const text = error instanceof Error ? error.message : '';
    return { sent: false, why: /too many times for one day/i.test(text) ? 'quota' : 'refused' };
  }
}
