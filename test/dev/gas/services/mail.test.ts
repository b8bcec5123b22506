/**
 * MailApp (dev/gas/RULES.md, "MailApp"): sendEmail's four forms land in the runtime's outbox, sent by the
 * execution's user; each user's daily recipients quota (100 on a consumer account, every address of to,
 * cc and bcc counted) and getRemainingDailyQuota; 50 recipients and 200 KB of body a message; an
 * address Google would refuse; the scope "Send email as you", and no MailApp in a custom function or a
 * simple trigger.
 */
import { describe, expect, it } from 'vitest';
import { GasRuntime, MAIL_DAILY_RECIPIENTS, MAIL_MESSAGES, SCOPES, type Manifest } from '../../../../dev/gas/index.js';

const ALL = [SCOPES.externalRequest, SCOPES.spreadsheets, SCOPES.sendMail, SCOPES.userinfoEmail];
const MANIFEST: Manifest = { oauthScopes: ALL };

const CODE = `
function attempt(fn) { try { return fn(); } catch (e) { return e.name + ': ' + e.message; } }
function SEND3(to, subject, body) { return attempt(() => MailApp.sendEmail(to, subject, body)); }
function SEND4(to, subject, body, options) { return attempt(() => MailApp.sendEmail(to, subject, body, options)); }
function SEND_REPLY(to, replyTo, subject, body) { return attempt(() => MailApp.sendEmail(to, replyTo, subject, body)); }
function SEND_MESSAGE(message) { return attempt(() => MailApp.sendEmail(message)); }
function LEFT() { return attempt(() => MailApp.getRemainingDailyQuota()); }
`;

function runtime(options: { granted?: readonly string[]; mailDailyQuota?: number } = {}): GasRuntime {
  return new GasRuntime({
    code: CODE,
    manifest: MANIFEST,
    latency: false,
    ...(options.granted ? { grantedScopes: options.granted } : {}),
    ...(options.mailDailyQuota !== undefined ? { mailDailyQuota: options.mailDailyQuota } : {}),
  });
}

const menu = { mode: 'menu' } as const;
const trigger = { mode: 'trigger' } as const;

describe('sendEmail', () => {
  it('each of its four forms sends one mail, from the user who runs the script, into the outbox', () => {
    const gas = runtime();
    gas.run('SEND3', ['a@example.com', 'One', 'Body one'], trigger);
    gas.run('SEND4', ['a@example.com, b@example.org', 'Two', 'Body two', { cc: 'c@example.com', name: 'Search Demand' }], trigger);
    gas.run('SEND_REPLY', ['a@example.com', 'reply@example.com', 'Three', 'Body three'], menu);
    gas.advanceClock(3_600_000);
    gas.run('SEND_MESSAGE', [{ to: 'a@example.com', subject: 'Four', body: 'Plain', htmlBody: '<p>Rich</p>' }], menu);
    expect(gas.outbox.map((m) => [m.from, m.to, m.cc, m.subject, m.body, m.htmlBody, m.replyTo, m.name])).toEqual([
      ['user@example.com', ['a@example.com'], [], 'One', 'Body one', null, null, null],
      ['user@example.com', ['a@example.com', 'b@example.org'], ['c@example.com'], 'Two', 'Body two', null, null, 'Search Demand'],
      ['user@example.com', ['a@example.com'], [], 'Three', 'Body three', null, 'reply@example.com', null],
      ['user@example.com', ['a@example.com'], [], 'Four', 'Plain', '<p>Rich</p>', null, null],
    ]);
    // When each was sent, on the runtime clock.
    expect((gas.outbox[3]?.at ?? 0) - (gas.outbox[0]?.at ?? 0)).toBeGreaterThanOrEqual(3_600_000);
  });

  it('refuses an address Google would refuse, or no recipient, and sends nothing', () => {
    const gas = runtime();
    expect(gas.run('SEND3', ['not an address', 'S', 'B'], trigger).value).toBe(`Exception: ${MAIL_MESSAGES.invalid('not an address')}`);
    expect(gas.run('SEND3', ['a@example.com, bob@', 'S', 'B'], trigger).value).toBe(`Exception: ${MAIL_MESSAGES.invalid('bob@')}`);
    expect(gas.run('SEND_MESSAGE', [{ subject: 'S', body: 'B' }], trigger).value).toBe(`Exception: ${MAIL_MESSAGES.noRecipient}`);
    expect(gas.run('SEND3', [1, 'S', 'B'], trigger).value).toMatch(/don't match the method signature for MailApp.sendEmail/);
    expect(gas.outbox).toHaveLength(0);
    expect(gas.run('LEFT', [], trigger).value).toBe(MAIL_DAILY_RECIPIENTS.consumer);
  });

  it('at most 50 recipients and 200 KB of body a message (Quotas page, "Current limitations")', () => {
    const gas = runtime();
    const list = (n: number) => Array.from({ length: n }, (_, i) => `r${i}@example.com`).join(',');
    expect(gas.run('SEND4', [list(40), 'S', 'B', { bcc: list(11) }], trigger).value).toBe(`Exception: ${MAIL_MESSAGES.recipients}`);
    expect(gas.run('SEND3', ['a@example.com', 'S', 'x'.repeat(200 * 1024 + 1)], trigger).value).toBe(`Exception: ${MAIL_MESSAGES.body}`);
    expect(gas.outbox).toHaveLength(0);
    gas.run('SEND4', [list(40), 'S', 'B', { bcc: list(10) }], trigger);
    expect(gas.outbox).toHaveLength(1);
  });
});

describe('the daily recipients quota', () => {
  it('counts every recipient; past it Google\'s "Service invoked too many times for one day: email." and nothing sent', () => {
    const gas = runtime({ mailDailyQuota: 5 });
    expect(gas.run('LEFT', [], trigger).value).toBe(5);
    gas.run('SEND4', ['a@example.com, b@example.com', 'S', 'B', { cc: 'c@example.com' }], trigger);
    expect(gas.run('LEFT', [], trigger).value).toBe(2);
    expect(gas.run('SEND3', ['a@example.com, b@example.com, c@example.com', 'S', 'B'], trigger).value).toBe(
      `Exception: ${MAIL_MESSAGES.daily}`,
    );
    expect(gas.outbox).toHaveLength(1);
    expect(gas.run('LEFT', [], trigger).value).toBe(2);
    // Each user has their own day; it comes back 24 hours after the first mail of it.
    expect(gas.run('LEFT', [], { ...trigger, user: 'other@example.com' }).value).toBe(5);
    gas.advanceClock(24 * 3_600_000);
    expect(gas.run('LEFT', [], trigger).value).toBe(5);
  });

  it('is 100 a day on a consumer account and 1,500 on Workspace (the option)', () => {
    expect(runtime().mailQuota.limit).toBe(100);
    expect(runtime({ mailDailyQuota: MAIL_DAILY_RECIPIENTS.workspace }).mailQuota.limit).toBe(1500);
  });
});

describe('who may send', () => {
  it('needs "Send email as you": unticked, Google\'s permission text, for the quota too', () => {
    const gas = runtime({ granted: ALL.filter((s) => s !== SCOPES.sendMail) });
    const denied = (call: string) =>
      `Exception: You do not have permission to call MailApp.${call}. Required permissions: ${SCOPES.sendMail}`;
    expect(gas.run('SEND3', ['a@example.com', 'S', 'B'], trigger).value).toBe(denied('sendEmail'));
    expect(gas.run('LEFT', [], trigger).value).toBe(denied('getRemainingDailyQuota'));
    expect(gas.outbox).toHaveLength(0);
  });

  it('never a custom function (MailApp is not on its list) nor a simple trigger', () => {
    const gas = runtime();
    const cell = gas.run('SEND3', ['a@example.com', 'S', 'B']);
    expect(cell.value).toBe(`Exception: You do not have permission to call MailApp.sendEmail. Required permissions: ${SCOPES.sendMail}`);
    expect(gas.run('LEFT', [], { mode: 'simple-trigger' }).value).toMatch(/^Exception: You do not have permission to call MailApp/);
    expect(gas.outbox).toHaveLength(0);
  });

  it('each call is a round trip to Google, counted', () => {
    const gas = runtime();
    const result = gas.run('SEND3', ['a@example.com', 'S', 'B'], trigger);
    expect(result.serviceCalls['mail.sendEmail']).toBe(1);
  });
});
