/**
 * MailApp as Google documents it (dev/gas/RULES.md, "MailApp"): `sendEmail` in its four forms and
 * `getRemainingDailyQuota`, both needing the scope `script.send_mail` in AuthMode.FULL (never in a
 * custom function: MailApp is not on the custom functions' list); each user's daily recipients quota
 * (every address of to, cc and bcc counts); at most 50 recipients and 200 KB of body a message.
 * Nothing leaves the machine: each mail sent lands in the runtime's outbox, which a test or the
 * playground reads.
 */
import type { Execution } from '../execution/execution.js';
import { GasException } from '../execution/execution.js';
import { MemoryQuota } from '../execution/quota.js';
import type { RuntimeClock } from '../execution/clock.js';
import { isPlainObject } from '../execution/realm.js';
import { GasObject, signatureError } from '../execution/service.js';

/** Quotas page: "Email recipients per day (for example, with MailApp)" 100 / day consumer, 1,500 / day Workspace. */
export const MAIL_DAILY_RECIPIENTS = Object.freeze({ consumer: 100, workspace: 1500 });

/** Quotas page, "Current limitations": "Email recipients per message" 50 / msg; "Email body size" 200 KB / msg (consumer). */
export const MAIL_LIMITS = Object.freeze({ recipientsPerMessage: 50, bodyBytes: 200 * 1024 });

/** The scope MailApp needs (Google's consent screen: "Send email as you"). */
export const SEND_MAIL_SCOPE = 'https://www.googleapis.com/auth/script.send_mail';

/** What Apps Script throws (*reported*; the body's text is dev/gas wording after the recipients'). */
export const MAIL_MESSAGES = Object.freeze({
  daily: 'Service invoked too many times for one day: email.',
  recipients: 'Limit Exceeded: Email Recipients Per Message.',
  body: 'Limit Exceeded: Email Body Size.',
  noRecipient: 'Failed to send email: no recipient',
  invalid: (address: string) => `Invalid email: ${address}`,
});

/** One mail as sent: who sent it (the execution's user) and what it says. */
export interface OutboxMail {
  executionId: number;
  functionName: string;
  /** The runtime clock's time (ms) when it was sent. */
  at: number;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string | null;
  subject: string;
  body: string;
  htmlBody: string | null;
  /** The sender's name shown (`name` option), or null for the account's own. */
  name: string | null;
}

/** Each user's recipients left today: a 24-hour window from their first mail, like every daily quota here. */
export class MailQuota {
  readonly #quotas = new Map<string, MemoryQuota>();

  constructor(
    readonly limit: number,
    private readonly clock: Pick<RuntimeClock, 'now'>,
  ) {
    if (!Number.isInteger(limit) || limit < 0) throw new TypeError(`dev/gas: mailDailyQuota must be a whole number ≥ 0, got ${limit}`);
  }

  #of(user: string): MemoryQuota {
    let quota = this.#quotas.get(user);
    if (!quota) this.#quotas.set(user, (quota = new MemoryQuota(this.limit, this.clock)));
    return quota;
  }

  /** Recipients the user may still send to today. */
  remaining(user: string): number {
    return this.#of(user).remaining;
  }

  /** Takes `n` recipients (true), or none when fewer are left (false). */
  take(user: string, n: number): boolean {
    return this.#of(user).take(n);
  }

  /** When the user's day closes (runtime clock), or null when no mail was sent in it. */
  resetsAt(user: string): number | null {
    return this.#of(user).resetsAt;
  }
}

/** What MailApp needs from the runtime. */
export interface MailDeps {
  outbox: OutboxMail[];
  quota: MailQuota;
  clock: Pick<RuntimeClock, 'now'>;
}

/** An address as Google takes it (*strict*: a plain `name@domain.tld`; display names are not accepted). */
const ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

/** A comma-separated list of addresses, each checked. */
function addresses(list: unknown, method: string, args: unknown[]): string[] {
  if (list === undefined || list === null || list === '') return [];
  if (typeof list !== 'string') throw signatureError(method, args);
  return list
    .split(',')
    .map((a) => a.trim())
    .filter((a) => {
      if (!a) return false;
      if (!ADDRESS.test(a)) throw new GasException(MAIL_MESSAGES.invalid(a));
      return true;
    });
}

const text = (v: unknown, method: string, args: unknown[]): string => {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw signatureError(method, args);
  return v;
};

/** The message of any of sendEmail's four forms, as one record (before its checks). */
function messageOf(args: unknown[]): Record<string, unknown> {
  const method = 'MailApp.sendEmail';
  if (args.length === 1 && isPlainObject(args[0])) return args[0];
  if (args.length === 3 && args.every((a) => typeof a === 'string')) return { to: args[0], subject: args[1], body: args[2] };
  if (args.length === 4 && args.every((a) => typeof a === 'string'))
    return { to: args[0], replyTo: args[1], subject: args[2], body: args[3] };
  if (args.length === 4 && args.slice(0, 3).every((a) => typeof a === 'string') && isPlainObject(args[3]))
    return { ...args[3], to: args[0], subject: args[1], body: args[2] };
  throw signatureError(method, args);
}

/** The `MailApp` global. */
export class MailAppFake extends GasObject {
  readonly gasType = 'MailApp';
  readonly #exec: Execution;
  readonly #deps: MailDeps;

  constructor(exec: Execution, deps: MailDeps) {
    super();
    this.#exec = exec;
    this.#deps = deps;
  }

  /** Only in FULL, with "Send email as you" granted (a custom function, a simple trigger: refused). */
  #allowed(method: string): void {
    this.#exec.denyUnless(this.#exec.authMode === 'FULL' && this.#exec.hasScope(SEND_MAIL_SCOPE), `MailApp.${method}`, SEND_MAIL_SCOPE);
  }

  /** Google: "Returns the number of recipients you can send emails to for the rest of the day." */
  getRemainingDailyQuota(...args: unknown[]): number {
    this.#allowed('getRemainingDailyQuota');
    if (args.length) throw signatureError('MailApp.getRemainingDailyQuota', args);
    return this.#deps.quota.remaining(this.#exec.userEmail);
  }

  sendEmail(...args: unknown[]): void {
    this.#allowed('sendEmail');
    const method = 'MailApp.sendEmail';
    const m = messageOf(args);
    const to = addresses(m.to, method, args);
    const cc = addresses(m.cc, method, args);
    const bcc = addresses(m.bcc, method, args);
    const replyTo = addresses(m.replyTo, method, args)[0] ?? null;
    const all = to.length + cc.length + bcc.length;
    if (!all) throw new GasException(MAIL_MESSAGES.noRecipient);
    if (all > MAIL_LIMITS.recipientsPerMessage) throw new GasException(MAIL_MESSAGES.recipients);
    const body = text(m.body, method, args);
    const htmlBody = m.htmlBody === undefined ? null : text(m.htmlBody, method, args);
    // Both bodies travel in the message: the stricter reading counts them together.
    if (Buffer.byteLength(body + (htmlBody ?? ''), 'utf8') > MAIL_LIMITS.bodyBytes) throw new GasException(MAIL_MESSAGES.body);
    if (!this.#deps.quota.take(this.#exec.userEmail, all)) throw new GasException(MAIL_MESSAGES.daily);
    this.#deps.outbox.push({
      executionId: this.#exec.id,
      functionName: this.#exec.functionName,
      at: this.#deps.clock.now(),
      from: this.#exec.userEmail,
      to,
      cc,
      bcc,
      replyTo,
      subject: text(m.subject, method, args),
      body,
      htmlBody,
      name: m.name === undefined ? null : text(m.name, method, args),
    });
  }
}
