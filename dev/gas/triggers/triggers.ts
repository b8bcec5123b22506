/**
 * ScriptApp and installable triggers. Triggers are owned by (user, document) and outlive executions
 * (the runtime's TriggerStore); tests list them (`runtime.triggers`) and run them
 * (`runtime.fireTrigger`, `runtime.fireDueTriggers`). Google's rules:
 *   - only AuthMode.FULL may create, list or delete triggers (not custom functions, simple triggers,
 *     an add-on's onOpen in NONE);
 *   - an add-on may have ONE trigger of each event type per user per document, and its recurring
 *     time-based triggers may not run more often than hourly;
 *   - a script (not an add-on) may have 20 triggers per user.
 */
import { fieldsIn } from '../services/format-date.js';
import { zonedEpoch } from '../spreadsheet/cell-values.js';
import type { RuntimeClock } from '../execution/clock.js';
import type { Execution } from '../execution/execution.js';
import { GasException } from '../execution/execution.js';
import {
  AUTHORIZATION_STATUS,
  AuthorizationInfoFake,
  ConsentStore,
  authorizationInfo,
  requireScopes,
  type ConsentContext,
} from '../execution/consent.js';
import { isDate } from '../execution/realm.js';
import { GasObject, signatureError, unwrap } from '../execution/service.js';
import { AUTH_MODES, type SessionSettings } from '../services/session.js';
import { SpreadsheetFake } from '../spreadsheet/sheets.js';

export type TriggerEventType = 'CLOCK' | 'ON_OPEN' | 'ON_EDIT' | 'ON_CHANGE' | 'ON_FORM_SUBMIT';
export type WeekDay = 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';

const WEEK_DAYS: readonly WeekDay[] = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

export const TRIGGER_LIMITS = Object.freeze({
  /** Triggers per user per script (not an add-on). */
  maxPerUserScript: 20,
  everyMinutes: Object.freeze([1, 5, 10, 15, 30]),
  everyHours: Object.freeze([1, 2, 4, 6, 8, 12]),
});

export const TRIGGER_MESSAGES = Object.freeze({
  addonTooMany: 'This add-on has created too many time-based triggers in this document for this Google user account.',
  scriptTooMany: 'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
  addonInterval: 'The recurrence interval for an Add-on trigger must be at least one hour.',
  everyMinutes: 'The value you passed to everyMinutes was invalid. It must be one of 1, 5, 10, 15 or 30.',
  everyHours: 'The value you passed to everyHours was invalid. It must be one of 1, 2, 4, 6, 8 or 12.',
});

const SCRIPTAPP_SCOPE = 'https://www.googleapis.com/auth/script.scriptapp';

/** When a time-driven trigger runs. Times of day are in `timeZone`. */
export interface ClockSchedule {
  kind: 'minutes' | 'hours' | 'days' | 'weeks' | 'monthDay' | 'at' | 'after';
  /** For minutes, hours, days, weeks. */
  every?: number;
  atHour?: number;
  nearMinute?: number;
  weekDay?: WeekDay;
  monthDay?: number;
  /** Epoch ms: for `at` (at/atDate) the moment, for `after` the delay. */
  at?: number;
  afterMs?: number;
  timeZone: string;
}

/** An installable trigger as the runtime holds it. */
export interface TriggerRecord {
  uid: string;
  /** Email of the user who created it; its executions run as that user. */
  owner: string;
  /** The document it was created in. */
  documentId: string;
  handler: string;
  eventType: TriggerEventType;
  source: 'CLOCK' | 'SPREADSHEETS';
  /** The spreadsheet id for spreadsheet triggers, null for time-driven ones. */
  sourceId: string | null;
  schedule: ClockSchedule | null;
  /** "every 6 hours", "every day at 05:xx (Etc/UTC)", "on edit"... */
  description: string;
  createdAt: number;
  /** Next time fireDueTriggers() runs it (runtime clock, ms); null for spreadsheet triggers and spent one-shots. */
  nextRunAt: number | null;
  /** Times it ran (fireTrigger / fireDueTriggers). */
  runs: number;
}

export interface TriggerSpec {
  handler: string;
  eventType: TriggerEventType;
  sourceId: string | null;
  schedule: ClockSchedule | null;
}

const DAY_MS = 86_400_000;

/** The first run of `s` strictly after `from` (null when a one-shot is spent). */
export function nextRunAfter(s: ClockSchedule, createdAt: number, from: number): number | null {
  switch (s.kind) {
    case 'minutes':
    case 'hours': {
      const interval = (s.every ?? 1) * (s.kind === 'minutes' ? 60_000 : 3_600_000);
      return createdAt + (Math.floor((from - createdAt) / interval) + 1) * interval;
    }
    case 'at':
      return (s.at as number) > from ? (s.at as number) : null;
    case 'after': {
      const at = createdAt + (s.afterMs ?? 0);
      return at > from ? at : null;
    }
    default:
      break;
  }
  const created = fieldsIn(new Date(createdAt), s.timeZone);
  const hour = s.atHour ?? created.hour;
  const minute = s.nearMinute ?? created.minute;
  const at = (dayOffset: number, monthOffset = 0, day = created.day): number =>
    zonedEpoch(s.timeZone, created.year, created.month + monthOffset, day + dayOffset, hour, minute);
  if (s.kind === 'monthDay') {
    for (let k = 0; ; k++) {
      const t = at(0, k, s.monthDay ?? 1);
      if (t > from) return t;
    }
  }
  let first = 0;
  let step = (s.every ?? 1) * DAY_MS;
  if (s.kind === 'weeks') {
    const target = WEEK_DAYS.indexOf(s.weekDay ?? (WEEK_DAYS[created.weekday] as WeekDay));
    first = (target - created.weekday + 7) % 7;
    step = (s.every ?? 1) * 7 * DAY_MS;
  }
  const stepDays = step / DAY_MS;
  let k = Math.max(0, Math.floor((from - at(first)) / step) - 1);
  for (;;) {
    const t = at(first + k * stepDays);
    if (t > from) return t;
    k++;
  }
}

/** The first run of a new trigger (a moment already past: at once). */
function firstRun(s: ClockSchedule, createdAt: number): number | null {
  if (s.kind === 'at') return Math.max(s.at as number, createdAt);
  return nextRunAfter(s, createdAt, createdAt);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const plural = (n: number, unit: string): string => (n === 1 ? `every ${unit}` : `every ${n} ${unit}s`);

export function describeSchedule(s: ClockSchedule, createdAt: number): string {
  const created = fieldsIn(new Date(createdAt), s.timeZone);
  const time = `${pad2(s.atHour ?? created.hour)}:${s.nearMinute !== undefined ? pad2(s.nearMinute) : 'xx'} (${s.timeZone})`;
  switch (s.kind) {
    case 'minutes':
      return plural(s.every ?? 1, 'minute');
    case 'hours':
      return plural(s.every ?? 1, 'hour') + (s.nearMinute !== undefined ? ` near minute ${s.nearMinute}` : '');
    case 'days':
      return `${plural(s.every ?? 1, 'day')} at ${time}`;
    case 'weeks':
      return `${plural(s.every ?? 1, 'week')} on ${s.weekDay ?? WEEK_DAYS[created.weekday]} at ${time}`;
    case 'monthDay':
      return `every month on day ${s.monthDay} at ${time}`;
    case 'at':
      return `once at ${new Date(s.at as number).toISOString()}`;
    case 'after':
      return `once after ${s.afterMs} ms`;
  }
}

/**
 * Why an add-on's trigger does not fire. Google's editor add-on triggers guide: "Add-on triggers stop
 * firing in any of the following situations: If the add-on is uninstalled by the user, If the add-on
 * is disabled in a document (if it is re-enabled, the trigger becomes operational again), …".
 */
export type TriggerStop = 'disabled' | 'uninstalled';

/** The runtime's triggers: every user's, in creation order. */
export class TriggerStore {
  readonly list: TriggerRecord[] = [];
  readonly addon: boolean;
  readonly #clock: RuntimeClock;
  #nextUid = 1;
  /** Documents where the add-on is disabled: their triggers do not fire until it is enabled again. */
  readonly #disabled = new Set<string>();
  /** Triggers of a user who uninstalled the add-on: they never fire again (*strict*: not even after a reinstall). */
  readonly #dead = new Set<string>();

  constructor(opts: { addon: boolean; clock: RuntimeClock }) {
    this.addon = opts.addon;
    this.#clock = opts.clock;
  }

  /** The triggers a user sees from a document (add-on: that document's; script: all of theirs). */
  ofUser(owner: string, documentId: string): TriggerRecord[] {
    return this.list.filter((t) => t.owner === owner && (!this.addon || t.documentId === documentId));
  }

  find(uid: string): TriggerRecord | undefined {
    return this.list.find((t) => t.uid === uid);
  }

  /** Creates a trigger after Google's per-user limits. */
  create(spec: TriggerSpec, owner: string, documentId: string): TriggerRecord {
    if (this.addon) {
      if (spec.schedule?.kind === 'minutes') throw new GasException(TRIGGER_MESSAGES.addonInterval);
      const same = this.list.filter((t) => t.owner === owner && t.documentId === documentId && t.eventType === spec.eventType);
      if (same.length >= 1) throw new GasException(TRIGGER_MESSAGES.addonTooMany);
    } else if (this.list.filter((t) => t.owner === owner).length >= TRIGGER_LIMITS.maxPerUserScript) {
      throw new GasException(TRIGGER_MESSAGES.scriptTooMany);
    }
    const createdAt = this.#clock.now();
    const uid = String(4_128_735 + this.#nextUid++ * 7_919);
    const record: TriggerRecord = {
      uid,
      owner,
      documentId,
      handler: spec.handler,
      eventType: spec.eventType,
      source: spec.eventType === 'CLOCK' ? 'CLOCK' : 'SPREADSHEETS',
      sourceId: spec.sourceId,
      schedule: spec.schedule,
      description: spec.schedule ? describeSchedule(spec.schedule, createdAt) : spec.eventType.toLowerCase().replace('_', ' '),
      createdAt,
      nextRunAt: spec.schedule ? firstRun(spec.schedule, createdAt) : null,
      runs: 0,
    };
    this.list.push(record);
    return record;
  }

  /** Disables (or enables again) the add-on in a document: its triggers stop (or fire again). */
  setDisabled(documentId: string, disabled: boolean): void {
    if (disabled) this.#disabled.add(documentId);
    else this.#disabled.delete(documentId);
  }

  /** Whether the add-on is disabled in a document. */
  isDisabled(documentId: string): boolean {
    return this.#disabled.has(documentId);
  }

  /** The user uninstalled the add-on: every trigger they own stops for good. */
  uninstall(owner: string): void {
    for (const t of this.list) if (t.owner === owner) this.#dead.add(t.uid);
  }

  /** Why a trigger does not fire, or null when it fires (an add-on rule: a bound script's always fire). */
  stopped(trigger: TriggerRecord): TriggerStop | null {
    if (!this.addon) return null;
    if (this.#dead.has(trigger.uid)) return 'uninstalled';
    return this.#disabled.has(trigger.documentId) ? 'disabled' : null;
  }

  delete(uid: string): boolean {
    const i = this.list.findIndex((t) => t.uid === uid);
    if (i < 0) return false;
    this.list.splice(i, 1);
    return true;
  }
}

/** The event object of a time-driven trigger, as Google builds it (fields in UTC). */
export function clockEvent(trigger: TriggerRecord, now: number): Record<string, unknown> {
  const d = new Date(now);
  const dayOfWeek = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
  // ISO week number.
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 4 - dayOfWeek));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((thursday.getTime() - yearStart) / DAY_MS + 1) / 7);
  return {
    authMode: AUTH_MODES.FULL,
    'day-of-month': d.getUTCDate(),
    'day-of-week': dayOfWeek,
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    month: d.getUTCMonth() + 1,
    second: d.getUTCSeconds(),
    timezone: 'UTC',
    triggerUid: trigger.uid,
    'week-of-year': week,
    year: d.getUTCFullYear(),
  };
}

/** What the ScriptApp fakes of one execution need. */
export interface TriggerContext {
  exec: Execution;
  store: TriggerStore;
  /**
   * The document whose triggers this execution sees and creates: the active document, or for a
   * time-driven trigger (no active document) the document the trigger was created in, so a handler
   * can find and delete itself.
   */
  documentId: string;
  /** The execution's active document (forSpreadsheet targets it); null in a time-driven trigger. */
  activeDocumentId: string | null;
  settings: SessionSettings;
  /** Each user's granted scopes (consent.ts); default: a store of its own where everyone grants everything. */
  consent?: ConsentStore;
}

/** A `Trigger`. */
export class TriggerFake extends GasObject {
  readonly gasType = 'ScriptApp.Trigger';
  readonly #record: TriggerRecord;

  constructor(record: TriggerRecord) {
    super();
    this.#record = record;
  }

  static uidOf(t: TriggerFake): string {
    return t.#record.uid;
  }

  getUniqueId(): string {
    return this.#record.uid;
  }
  getHandlerFunction(): string {
    return this.#record.handler;
  }
  getEventType(): TriggerEventType {
    return this.#record.eventType;
  }
  getTriggerSource(): string {
    return this.#record.source;
  }
  getTriggerSourceId(): string | null {
    return this.#record.sourceId;
  }
}

/** A `ClockTriggerBuilder`. */
export class ClockTriggerBuilderFake extends GasObject {
  readonly gasType = 'ScriptApp.ClockTriggerBuilder';
  readonly #ctx: TriggerContext;
  readonly #handler: string;
  #kind: ClockSchedule['kind'] | undefined;
  #every: number | undefined;
  #atHour: number | undefined;
  #nearMinute: number | undefined;
  #weekDay: WeekDay | undefined;
  #monthDay: number | undefined;
  #at: number | undefined;
  #afterMs: number | undefined;
  #timeZone: string | undefined;

  constructor(ctx: TriggerContext, handler: string) {
    super();
    this.#ctx = ctx;
    this.#handler = handler;
  }

  #int(method: string, args: readonly unknown[], min: number, max: number, message?: string): number {
    const [n] = args;
    if (args.length !== 1 || typeof n !== 'number') throw signatureError(`ScriptApp.ClockTriggerBuilder.${method}`, args);
    if (!Number.isInteger(n) || n < min || n > max) throw new GasException(message ?? `The value you passed to ${method} was invalid.`);
    return n;
  }

  #frequency(kind: ClockSchedule['kind'], method: string): void {
    const compatible = this.#kind === kind && kind === 'weeks';
    if (this.#kind !== undefined && !compatible) {
      throw new GasException(
        `dev/gas: ${method}() on a trigger that already has a schedule (${this.#kind}): Google keeps one frequency per trigger.`,
      );
    }
    this.#kind = kind;
  }

  everyMinutes(...args: unknown[]): this {
    const n = this.#int('everyMinutes', args, 1, 30, TRIGGER_MESSAGES.everyMinutes);
    if (!TRIGGER_LIMITS.everyMinutes.includes(n)) throw new GasException(TRIGGER_MESSAGES.everyMinutes);
    this.#frequency('minutes', 'everyMinutes');
    this.#every = n;
    return this;
  }

  everyHours(...args: unknown[]): this {
    const n = this.#int('everyHours', args, 1, 12, TRIGGER_MESSAGES.everyHours);
    if (!TRIGGER_LIMITS.everyHours.includes(n)) throw new GasException(TRIGGER_MESSAGES.everyHours);
    this.#frequency('hours', 'everyHours');
    this.#every = n;
    return this;
  }

  everyDays(...args: unknown[]): this {
    const n = this.#int('everyDays', args, 1, 366);
    this.#frequency('days', 'everyDays');
    this.#every = n;
    return this;
  }

  everyWeeks(...args: unknown[]): this {
    const n = this.#int('everyWeeks', args, 1, 52);
    this.#frequency('weeks', 'everyWeeks');
    this.#every = n;
    return this;
  }

  /** Weekly on that day (alone, or with everyWeeks). */
  onWeekDay(...args: unknown[]): this {
    const [day] = args;
    if (args.length !== 1 || typeof day !== 'string' || !WEEK_DAYS.includes(day as WeekDay)) {
      throw signatureError('ScriptApp.ClockTriggerBuilder.onWeekDay', args);
    }
    if (this.#weekDay !== undefined) throw new GasException('dev/gas: onWeekDay() called twice: Google keeps one day per trigger.');
    this.#frequency('weeks', 'onWeekDay');
    this.#weekDay = day as WeekDay;
    return this;
  }

  onMonthDay(...args: unknown[]): this {
    const d = this.#int('onMonthDay', args, 1, 31);
    this.#frequency('monthDay', 'onMonthDay');
    this.#monthDay = d;
    return this;
  }

  atHour(...args: unknown[]): this {
    this.#atHour = this.#int('atHour', args, 0, 23);
    return this;
  }

  nearMinute(...args: unknown[]): this {
    this.#nearMinute = this.#int('nearMinute', args, 0, 59);
    return this;
  }

  inTimezone(...args: unknown[]): this {
    const [tz] = args;
    if (args.length !== 1 || typeof tz !== 'string') throw signatureError('ScriptApp.ClockTriggerBuilder.inTimezone', args);
    try {
      fieldsIn(new Date(0), tz);
    } catch {
      throw new GasException('Invalid argument: timezone');
    }
    this.#timeZone = tz;
    return this;
  }

  /** Once, at a moment. */
  at(...args: unknown[]): this {
    const [date] = args;
    if (args.length !== 1 || !isDate(date) || Number.isNaN(date.getTime())) throw signatureError('ScriptApp.ClockTriggerBuilder.at', args);
    this.#frequency('at', 'at');
    this.#at = date.getTime();
    return this;
  }

  /** Once, on a day (midnight in the trigger's time zone). */
  atDate(...args: unknown[]): this {
    const [y, m, d] = args;
    if (args.length !== 3 || ![y, m, d].every((v) => typeof v === 'number' && Number.isInteger(v))) {
      throw signatureError('ScriptApp.ClockTriggerBuilder.atDate', args);
    }
    this.#frequency('at', 'atDate');
    this.#at = zonedEpoch(this.#timeZone ?? this.#ctx.settings.timeZone, y as number, m as number, d as number);
    return this;
  }

  /** Once, `ms` after creation. */
  after(...args: unknown[]): this {
    const [ms] = args;
    if (args.length !== 1 || typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0) {
      throw signatureError('ScriptApp.ClockTriggerBuilder.after', args);
    }
    this.#frequency('after', 'after');
    this.#afterMs = ms;
    return this;
  }

  create(): TriggerFake {
    const kind = this.#kind;
    if (kind === undefined) {
      throw new GasException(
        'dev/gas: the time-based trigger has no schedule: call everyMinutes, everyHours, everyDays, everyWeeks, onWeekDay, onMonthDay, at, atDate or after before create().',
      );
    }
    if (this.#atHour !== undefined && kind !== 'days' && kind !== 'weeks' && kind !== 'monthDay') {
      throw new GasException('dev/gas: atHour() needs a daily, weekly or monthly trigger (everyDays, everyWeeks, onWeekDay, onMonthDay).');
    }
    if (this.#nearMinute !== undefined && (kind === 'minutes' || kind === 'at' || kind === 'after')) {
      throw new GasException('dev/gas: nearMinute() needs an hourly, daily, weekly or monthly trigger.');
    }
    const schedule: ClockSchedule = { kind, timeZone: this.#timeZone ?? this.#ctx.settings.timeZone };
    if (this.#every !== undefined) schedule.every = this.#every;
    if (kind === 'weeks' && schedule.every === undefined) schedule.every = 1;
    if (this.#atHour !== undefined) schedule.atHour = this.#atHour;
    if (this.#nearMinute !== undefined) schedule.nearMinute = this.#nearMinute;
    if (this.#weekDay !== undefined) schedule.weekDay = this.#weekDay;
    if (this.#monthDay !== undefined) schedule.monthDay = this.#monthDay;
    if (this.#at !== undefined) schedule.at = this.#at;
    if (this.#afterMs !== undefined) schedule.afterMs = this.#afterMs;
    const record = this.#ctx.store.create(
      { handler: this.#handler, eventType: 'CLOCK', sourceId: null, schedule },
      this.#ctx.exec.userEmail,
      this.#ctx.documentId,
    );
    return new TriggerFake(record);
  }
}

/** A `SpreadsheetTriggerBuilder`. */
export class SpreadsheetTriggerBuilderFake extends GasObject {
  readonly gasType = 'ScriptApp.SpreadsheetTriggerBuilder';
  readonly #ctx: TriggerContext;
  readonly #handler: string;
  #type: TriggerEventType | undefined;

  constructor(ctx: TriggerContext, handler: string) {
    super();
    this.#ctx = ctx;
    this.#handler = handler;
  }

  #on(type: TriggerEventType): this {
    this.#type = type;
    return this;
  }
  onOpen(): this {
    return this.#on('ON_OPEN');
  }
  onEdit(): this {
    return this.#on('ON_EDIT');
  }
  onChange(): this {
    return this.#on('ON_CHANGE');
  }
  onFormSubmit(): this {
    return this.#on('ON_FORM_SUBMIT');
  }

  create(): TriggerFake {
    if (!this.#type) throw new GasException('dev/gas: choose onOpen(), onEdit(), onChange() or onFormSubmit() before create().');
    const record = this.#ctx.store.create(
      { handler: this.#handler, eventType: this.#type, sourceId: this.#ctx.documentId, schedule: null },
      this.#ctx.exec.userEmail,
      this.#ctx.documentId,
    );
    return new TriggerFake(record);
  }
}

/** A `TriggerBuilder`. */
export class TriggerBuilderFake extends GasObject {
  readonly gasType = 'ScriptApp.TriggerBuilder';
  readonly #ctx: TriggerContext;
  readonly #handler: string;

  constructor(ctx: TriggerContext, handler: string) {
    super();
    this.#ctx = ctx;
    this.#handler = handler;
  }

  timeBased(): ClockTriggerBuilderFake {
    return new ClockTriggerBuilderFake(this.#ctx, this.#handler);
  }

  /** The active spreadsheet (a Spreadsheet or its id); others are out of an add-on's reach here. */
  forSpreadsheet(...args: unknown[]): SpreadsheetTriggerBuilderFake {
    const [key] = args;
    const target = unwrap(key);
    const id = target instanceof SpreadsheetFake ? target.getId() : key;
    if (typeof id !== 'string') throw signatureError('ScriptApp.TriggerBuilder.forSpreadsheet', args);
    if (id !== this.#ctx.activeDocumentId) {
      throw new GasException(
        `dev/gas: forSpreadsheet("${id}"): only the execution's active spreadsheet (${this.#ctx.activeDocumentId ?? 'none'}) is modelled.`,
      );
    }
    return new SpreadsheetTriggerBuilderFake(this.#ctx, this.#handler);
  }

  forDocument(): never {
    throw new GasException('dev/gas: ScriptApp.TriggerBuilder.forDocument is not modelled.');
  }
  forForm(): never {
    throw new GasException('dev/gas: ScriptApp.TriggerBuilder.forForm is not modelled.');
  }
  forUserCalendar(): never {
    throw new GasException('dev/gas: ScriptApp.TriggerBuilder.forUserCalendar is not modelled.');
  }
}

/** The `ScriptApp` global. */
export class ScriptAppFake extends GasObject {
  readonly gasType = 'ScriptApp';
  readonly AuthMode = AUTH_MODES;
  readonly TriggerSource = Object.freeze({
    SPREADSHEETS: 'SPREADSHEETS',
    CLOCK: 'CLOCK',
    FORMS: 'FORMS',
    DOCUMENTS: 'DOCUMENTS',
    SLIDES: 'SLIDES',
    CALENDAR: 'CALENDAR',
  });
  readonly EventType = Object.freeze({
    CLOCK: 'CLOCK',
    ON_OPEN: 'ON_OPEN',
    ON_EDIT: 'ON_EDIT',
    ON_FORM_SUBMIT: 'ON_FORM_SUBMIT',
    ON_CHANGE: 'ON_CHANGE',
    ON_EVENT_UPDATED: 'ON_EVENT_UPDATED',
  });
  readonly WeekDay = Object.freeze(Object.fromEntries(WEEK_DAYS.map((d) => [d, d])) as Record<WeekDay, WeekDay>);
  readonly AuthorizationStatus = AUTHORIZATION_STATUS;
  readonly #ctx: TriggerContext;

  constructor(ctx: TriggerContext) {
    super();
    this.#ctx = ctx;
  }

  getScriptId(): string {
    return this.#ctx.settings.scriptId;
  }

  #full(method: string): void {
    this.#ctx.exec.denyUnless(this.#ctx.exec.authMode === 'FULL', `ScriptApp.${method}`, SCRIPTAPP_SCOPE);
    this.#ctx.exec.requireScope(`ScriptApp.${method}`, SCRIPTAPP_SCOPE);
  }

  newTrigger(...args: unknown[]): TriggerBuilderFake {
    this.#full('newTrigger');
    if (args.length !== 1 || typeof args[0] !== 'string') throw signatureError('ScriptApp.newTrigger', args);
    return new TriggerBuilderFake(this.#ctx, args[0]);
  }

  /** The current user's triggers (an add-on: those made in this document, or a time-driven trigger's own document). */
  getProjectTriggers(): TriggerFake[] {
    this.#full('getProjectTriggers');
    return this.#ctx.store.ofUser(this.#ctx.exec.userEmail, this.#ctx.documentId).map((t) => new TriggerFake(t));
  }

  /** The current user's triggers for that spreadsheet. */
  getUserTriggers(...args: unknown[]): TriggerFake[] {
    this.#full('getUserTriggers');
    const target = unwrap(args[0]);
    if (!(target instanceof SpreadsheetFake) || args.length !== 1) throw signatureError('ScriptApp.getUserTriggers', args);
    return this.#ctx.store.list
      .filter((t) => t.owner === this.#ctx.exec.userEmail && t.documentId === target.getId())
      .map((t) => new TriggerFake(t));
  }

  deleteTrigger(...args: unknown[]): void {
    this.#full('deleteTrigger');
    const target = unwrap(args[0]);
    if (!(target instanceof TriggerFake) || args.length !== 1) throw signatureError('ScriptApp.deleteTrigger', args);
    const record = this.#ctx.store.find(TriggerFake.uidOf(target));
    if (record && record.owner === this.#ctx.exec.userEmail) this.#ctx.store.delete(record.uid);
  }

  /** What the consent methods see: the execution's user's grant against the manifest's scopes. */
  #consent(): ConsentContext {
    const { exec, settings } = this.#ctx;
    const store = this.#ctx.consent ?? new ConsentStore(settings.manifest);
    return { exec, store, declared: settings.manifest?.oauthScopes ?? null, scriptId: settings.scriptId };
  }

  getAuthorizationInfo(...args: unknown[]): AuthorizationInfoFake {
    return authorizationInfo(this.#consent(), args);
  }

  requireScopes(...args: unknown[]): void {
    requireScopes(this.#consent(), 'requireScopes', args);
  }

  requireAllScopes(...args: unknown[]): void {
    requireScopes(this.#consent(), 'requireAllScopes', args);
  }

  getOAuthToken(): string {
    this.#ctx.exec.denyUnless(this.#ctx.exec.authMode === 'FULL', 'ScriptApp.getOAuthToken');
    return 'dev-gas-oauth-token';
  }
}
