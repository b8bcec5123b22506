/**
 * Why the alerts' mail cannot go, in the sidebar's words: the viewer's own mail permission and what is
 * left of their day's mail quota (read now, when the viewer's runs send the mail), else what the last
 * scheduled run met. Sends nothing.
 */
import type { AlertSettings } from './alert-settings';
import type { AlertState } from './alert-state';
import { GRANT_MENU_ITEM, missingPermissions, permissionLabel } from '../execution/permissions';

/** Google's quotas page: "Email recipients per day" 100 on a consumer account, 1,500 on Workspace. */
const QUOTA_WORDS = 'Google allows 100 recipients a day on a personal account, 1,500 on Workspace';
const GRANT = `grant it with Extensions › Search Demand › ${GRANT_MENU_ITEM} and tick “${permissionLabel('mail')}”`;

/**
 * Why mail cannot go, in words: the viewer's own permission or mail quota when their runs send it,
 * else what the last scheduled run met; null when nothing stands in the way.
 * @param settings the spreadsheet's alerts
 * @param state what the alerts remember (the last run's block among it)
 * @param viewerSends whether the viewer's own scheduled runs send the mails
 */
export function mailBlockedWhy(settings: AlertSettings, state: AlertState, viewerSends: boolean): string | null {
  const why = state.blocked?.why;
  if (viewerSends) {
    // The viewer's own grant and quota, as they are now (what the last run met may be mended since).
    if (missingPermissions(['mail']).length)
      return `Mail cannot be sent: you have not allowed Search Demand to send email as you; ${GRANT}.`;
    if (MailApp.getRemainingDailyQuota() < 1 + settings.recipients.length) {
      return `Mail waits for tomorrow: Google's daily mail quota of your account is used up (${QUOTA_WORDS}). What is found meanwhile goes in the next mail.`;
    }
    if (why === 'permission' || why === 'quota') return null;
  }
  const who = state.blocked?.owner || 'the schedule’s owner';
  switch (why) {
    case 'permission':
      return `The last mail could not be sent: ${who} has not allowed Search Demand to send email as them; ${GRANT}.`;
    case 'quota':
      return `The last mail waits for tomorrow: Google's daily mail quota of ${who} was used up (${QUOTA_WORDS}).`;
    case 'no-address':
      return 'The last mail could not be sent: Google gave the add-on no address to send it to. List a recipient, or allow it to see your email address.';
    case 'refused':
      return 'Google refused the last mail; the next scheduled run tries again.';
    default:
      return null;
  }
}
