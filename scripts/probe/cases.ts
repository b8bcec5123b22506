/**
 * Every probe case, in one typed list: which rule of dev/gas/RULES.md it checks (its section's anchor and
 * the row or words), the rule in words, what dev/gas does (the expected value, from dev/gas's own figures
 * where there is one) and how to try it on Google (the code each step of the probe runs). Adding a rule
 * to dev/gas/RULES.md that is our stricter reading, or where Google is silent, means adding a case here, or a
 * line to NOT_PROBED saying why it cannot be tried; test/build/probe-cases.test.ts fails until then.
 *
 * The code of the cases runs inside Apps Script (the probe a maintainer pastes, docs/develop/probe.md,
 * and dev/gas in test/integration/probe.test.ts); scripts/probe/script.ts runs each at its step.
 */
import { attempt, attemptChange, clip, messageOf, perCall } from './attempt.ts';
import { FIGURES } from './figures.ts';
import type { CellShown, NotProbed, ProbeCase, RuleRef } from './probe-case.ts';
import { measured, type Expectation, type Observation } from './verdict.ts';

// --- dev/gas/RULES.md's sections, by anchor ------------------------------------------------------

const MODELS = 'what-it-models';
const PROJECT = 'project-files';
const BOUND = 'add-ons-and-container-bound-scripts';
const CUSTOM = 'custom-functions-what-google-lists-as-the-anonymous-user';
const GOOGLE = 'googles-rules-and-where-they-come-from';
const RESULTS = 'results-of-custom-functions-mode-custom-function-only';
const URLFETCH = 'urlfetchapp-real-http-synchronous';
const CACHE = 'cacheservice';
const PROPERTIES = 'propertiesservice';
const SHEETS = 'spreadsheetapp-in-memory-spreadsheets';
const CHARTS = 'charts-embeddedchart';
const WIDTHS = 'column-widths';
const TRIGGERS = 'triggers-scriptapp';
const LATENCY = 'latency-model';
const AT_ONCE = 'executions-at-once';
const CONSENT = 'granular-consent';
const MAILAPP = 'mailapp';

// --- What the cases share ----------------------------------------------------------------------

/** The user property and user cache entry Start writes as the owner, and the editor's step as the editor. */
export const WHO_KEY = 'PROBE_WHO';
/** A refusal expected: Google answering instead is kinder (dev/gas refuses more than Google). */
const REFUSED: Expectation = { is: 'refused', otherwise: 'kinder' };
/** Latency: Google slower than dev/gas's figure by more than the measuring noise is stricter; much faster, kinder. */
const latency = (ms: number): Expectation => ({ atMost: ms, unit: 'ms a call', slackRatio: 0.1, slackPlus: 1, kinderBelow: 0.5 });
/** How many calls a latency is measured over. */
const TIMES = 10;
/** The date the display cases write and return, as a wall clock in the spreadsheet's time zone. */
const WALL = [2026, 2, 18, 13, 45, 30] as const;
/** How many cache items the early-removal case writes. */
const EARLY_ITEMS = 200;
/** How many cells the starts case fills at once. */
const STARTS = FIGURES.startsPerSecond;
/** The text the column-width case fits (lower-case letters and spaces, as most words are). */
const FIT_TEXT = 'whenever it is a damp drizzly november';
/** The scratch sheet's columns the column-width cases use (the scratch cells are all in column A). */
const FIT_COLUMN = 3;
const ZERO_COLUMN = 4;
/** How many requests the burst sends at once: well under the assumed limit, all that is safe to try. */
const BURST = 100;

/**
 * The Date whose wall clock in `zone` is WALL (a Date has no zone: Utilities.formatDate's offset says
 * where the spreadsheet's clock stands; twice, in case the first guess crossed a daylight-saving change).
 */
function wallClockDate(zone: string): Date {
  const utc = Date.UTC(...WALL);
  let date = new Date(utc);
  for (let i = 0; i < 2; i++) {
    const offset = Utilities.formatDate(date, zone, 'Z'); // "+0100"
    const minutes = (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(3, 5)));
    date = new Date(utc - minutes * 60_000);
  }
  return date;
}

/** An email as the sheet says it: whether there was one, never the address (the sheet may be shared). */
function emailWords(email: string): string {
  return email ? 'an email' : 'an empty email';
}

/** What a formula cell shows, as one observation: an error (Sheets' #…), a blank, or its text. */
function shownIn(cell: CellShown | 'waiting' | undefined, step: string): Observation {
  if (cell === undefined) return { waiting: step };
  if (cell === 'waiting') return { waiting: 'Sheets is still computing the formulas: Collect again in a minute' };
  if (cell.display.startsWith('#'))
    return { value: 'error', shows: `error: ${cell.display} (hover the cell in "Probe formulas" for Sheets' words)` };
  if (cell.display === '') return { value: 'blank', shows: 'a blank cell' };
  return { value: cell.display, shows: `shows "${clip(cell.display)}"` };
}

/** The words of dev/gas/RULES.md on "General", Sheets' automatic number format. */
const GENERAL = "setting `General`, Sheets' automatic format, takes a cell's own format away";

/** What the probe's mails say. It sends one, to the maintainer's own address, to time MailApp.sendEmail. */
const MAIL_SUBJECT = 'Search Demand probe: one mail to time MailApp.sendEmail';
const MAIL_BODY =
  'The Search Demand probe you started in a spreadsheet (Probe › 1. Start the probe) sent this mail to your own address, ' +
  "to time MailApp.sendEmail (docs/develop/probe.md in the add-on's repository). Nothing to do: delete it.";
/** What a mail case records when Google gives no address for the maintainer: nothing sent. */
const NO_ADDRESS = { value: 'no address', shows: 'Google gave no email for this account (userinfo.email unticked?): nothing sent' };

/** The maintainer's own address (Start runs as them), or '' when Google gives none. */
function ownAddress(): string {
  return Session.getEffectiveUser().getEmail();
}

/** An observation with the maintainer's address put out of it: the sheet may be shared. */
function withoutAddress(seen: Observation, address: string): Observation {
  return 'shows' in seen ? { ...seen, shows: seen.shows.split(address).join('your address') } : seen;
}

/** What a formula case waits for until its cell shows a value. */
const COLLECT = 'Probe › 2. Collect the results, once "Probe formulas" shows values';

/** A write into one of the three property stores from a custom function (dev/gas refuses them all). */
function propertyWrite(store: 'user' | 'document' | 'script'): ProbeCase {
  return {
    id: `formula-writes-${store}-property`,
    rules: [{ anchor: GOOGLE, row: 'Properties are read-only in custom functions' }],
    claim: `A custom function, run by the spreadsheet's owner, cannot write a ${store} property (dev/gas refuses every write to every store)`,
    devGas: REFUSED,
    step: 'formula',
    inFormula: () => {
      const stores = {
        user: () => PropertiesService.getUserProperties(),
        document: () => PropertiesService.getDocumentProperties(),
        script: () => PropertiesService.getScriptProperties(),
      };
      return attemptChange(() => stores[store]().setProperty('probe-formula-write', 'x'));
    },
  };
}

/** A service call a custom function makes outside Google's list (refused in dev/gas). */
function unlistedCall(id: string, call: string, run: () => unknown, rules: RuleRef[] = []): ProbeCase {
  return {
    id,
    rules: [{ anchor: CUSTOM, row: 'Only the listed services' }, ...rules],
    claim: `A custom function calling ${call}, a service outside Google's list for custom functions, is refused`,
    devGas: REFUSED,
    step: 'formula',
    inFormula: () => attempt(run),
  };
}

/** A call a bound script's onOpen, run by Sheets as a simple trigger (AuthMode.LIMITED), makes: refused in dev/gas. */
function openRefuses(id: string, rule: RuleRef, what: string, call: () => unknown): ProbeCase {
  return {
    id,
    rules: [rule],
    claim: `A bound script's onOpen (a simple trigger, AuthMode.LIMITED) cannot ${what}`,
    devGas: REFUSED,
    step: 'open',
    atOpen: (ctx) => (ctx.authMode === 'LIMITED' ? attempt(call) : { waiting: 'reload the spreadsheet: onOpen runs when Sheets opens it' }),
  };
}

/**
 * A number format written by setNumberFormat (none: Sheets' Automatic), and what Sheets shows in the
 * locale United States; `what` says the value in words.
 */
function numberFormat(id: string, what: string, value: (zone: string) => unknown, format: string | null, shows: string): ProbeCase {
  return {
    id,
    rules: [{ anchor: SHEETS, text: '`getDisplayValues` applies the number format' }],
    claim: `${what} with the number format ${format ?? 'Automatic (none set)'} shows "${shows}"`,
    devGas: { is: shows, otherwise: 'differs' },
    step: 'start',
    atStart: (ctx) => {
      const cell = ctx.scratchCell();
      cell.setValue(value(ctx.spreadsheet.getSpreadsheetTimeZone()));
      if (format !== null) cell.setNumberFormat(format);
      const shown = cell.getDisplayValue();
      return { value: shown, shows: `shows "${shown}"` };
    },
  };
}

/** A width change dev/gas refuses (dev/gas/RULES.md, "Column widths"), tried on the scratch sheet (ZERO_COLUMN set back after). */
function widthRefused(id: string, row: string, claim: string, change: (sheet: GoogleAppsScript.Spreadsheet.Sheet) => unknown): ProbeCase {
  return {
    id,
    rules: [{ anchor: WIDTHS, row }],
    claim,
    devGas: REFUSED,
    step: 'start',
    atStart: (ctx) => {
      const sheet = ctx.scratchCell().getSheet();
      return attemptChange(
        () => change(sheet),
        () => sheet.setColumnWidth(ZERO_COLUMN, 100),
      );
    },
  };
}

/**
 * One latency, measured at Start: `setup` gets what the calls need (a store's handle costs its own
 * call), then `call` is timed.
 */
function startLatency<T>(
  id: string,
  row: string,
  what: string,
  ms: number,
  setup: () => T,
  call: (on: T, i: number) => unknown,
  times = TIMES,
): ProbeCase {
  return {
    id,
    rules: [{ anchor: LATENCY, row }],
    claim: `${what} costs about ${ms} ms (dev/gas waits that long)`,
    devGas: latency(ms),
    step: 'start',
    atStart: () => {
      const on = setup();
      return perCall(times, (i) => call(on, i));
    },
  };
}

const L = FIGURES.latency;
/** What the latency cases time their calls on. */
const userCache = () => CacheService.getUserCache();
const scriptStore = () => PropertiesService.getScriptProperties();
const scratchZ = () => SpreadsheetApp.getActiveSpreadsheet().getRange(`'Probe scratch'!Z1`);
const FIVE = ['a', 'b', 'c', 'd', 'e'];

// --- The cases ----------------------------------------------------------------------------------

/** Every probe case, in the order the sheet lists them. */
export const PROBE_CASES: readonly ProbeCase[] = [
  // Custom functions: what they may call, who they run as.
  unlistedCall('formula-logger', 'Logger.log', () => (Logger.log('probe'), 'logged'), [
    { anchor: MODELS, text: '`CUSTOM_FUNCTION`: only the services Google lists' },
  ]),
  unlistedCall('formula-console', 'console.log', () => (console.log('probe'), 'logged')),
  unlistedCall('formula-session-time-zone', 'Session.getScriptTimeZone', () => Session.getScriptTimeZone()),
  unlistedCall('formula-authorization-info', 'ScriptApp.getAuthorizationInfo', () =>
    String(ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.CUSTOM_FUNCTION).getAuthorizationStatus()),
  ),
  unlistedCall('formula-oauth-token', 'ScriptApp.getOAuthToken', () => (ScriptApp.getOAuthToken() ? 'a token' : 'no token')),
  unlistedCall('formula-mail-quota', 'MailApp.getRemainingDailyQuota', () => MailApp.getRemainingDailyQuota(), [
    { anchor: MAILAPP, row: 'Not in a custom function, nor a simple trigger' },
  ]),
  {
    id: 'formula-active-user',
    rules: [
      { anchor: CUSTOM, row: 'Who the user is' },
      { anchor: GOOGLE, row: 'Emails need FULL and `userinfo.email`' },
    ],
    claim: "A custom function runs as the anonymous user: Session.getActiveUser() is refused (dev/gas's reading of Google's silence)",
    devGas: REFUSED,
    step: 'formula',
    inFormula: () => attempt(() => emailWords(Session.getActiveUser().getEmail())),
  },
  {
    id: 'formula-effective-user',
    rules: [{ anchor: CUSTOM, row: 'Who the user is' }],
    claim: 'A custom function cannot learn who it runs as: Session.getEffectiveUser() is refused',
    devGas: REFUSED,
    step: 'formula',
    inFormula: () => attempt(() => emailWords(Session.getEffectiveUser().getEmail())),
  },
  {
    id: 'formula-temporary-user-key',
    rules: [{ anchor: CUSTOM, row: 'Who the user is' }],
    claim: 'A custom function gets no key for the user at the keyboard: Session.getTemporaryActiveUserKey() is refused',
    devGas: REFUSED,
    step: 'formula',
    inFormula: () => attempt(() => (Session.getTemporaryActiveUserKey() ? 'a key' : 'an empty key')),
  },
  {
    id: 'formula-owner-email',
    rules: [{ anchor: CUSTOM, row: 'Who the user is' }],
    claim: "A custom function cannot read the owner's email (Spreadsheet.getOwner().getEmail())",
    devGas: REFUSED,
    step: 'formula',
    inFormula: () =>
      attempt(() => {
        const owner = SpreadsheetApp.getActiveSpreadsheet().getOwner();
        return owner ? emailWords(owner.getEmail()) : 'no owner';
      }),
  },
  propertyWrite('user'),
  propertyWrite('document'),
  propertyWrite('script'),
  {
    id: 'formula-writes-metadata',
    rules: [{ anchor: GOOGLE, row: 'Developer metadata and named ranges in custom functions' }],
    claim: 'A custom function cannot add developer metadata (the spreadsheet is read-only there)',
    devGas: REFUSED,
    step: 'formula',
    inFormula: () =>
      attemptChange(
        () => SpreadsheetApp.getActiveSpreadsheet().addDeveloperMetadata('probe-formula'),
        () =>
          SpreadsheetApp.getActiveSpreadsheet()
            .createDeveloperMetadataFinder()
            .withKey('probe-formula')
            .find()
            .forEach((m) => m.remove()),
      ),
  },
  {
    id: 'formula-owner-user-cache',
    rules: [{ anchor: GOOGLE, row: '…and the user cache' }],
    claim: "A custom function's user cache is the spreadsheet owner's: it reads what Start wrote there as the owner",
    devGas: { is: 'owner', otherwise: 'stricter' },
    step: 'formula',
    inFormula: () => {
      const found = CacheService.getUserCache().get(WHO_KEY);
      return { value: found ?? 'nothing', shows: found ? `read "${found}"` : 'found nothing' };
    },
  },
  {
    id: 'formula-loads-every-file',
    rules: [{ anchor: PROJECT, row: 'Every execution loads the whole project' }],
    claim: "A custom function's execution loads every script file of the project (the probe's second file set its mark)",
    devGas: { is: 'loaded', otherwise: 'kinder' },
    step: 'formula',
    inFormula: () => {
      const loaded = (globalThis as Record<string, unknown>)['PROBE_SECOND_FILE_LOADED'] === true;
      return { value: loaded ? 'loaded' : 'not loaded', shows: loaded ? 'ProbeSecond.gs was loaded' : 'ProbeSecond.gs was not loaded' };
    },
  },
  {
    id: 'formula-refused-call-latency',
    rules: [
      { anchor: LATENCY, row: '`refused`' },
      { anchor: CUSTOM, row: '…charged and recorded' },
    ],
    claim: `A call a custom function may not make still costs a round trip (${L.session} ms)`,
    devGas: latency(L.session),
    step: 'formula',
    inFormula: () =>
      perCall(5, () => {
        try {
          Session.getScriptTimeZone();
        } catch {
          // Refused: that is what is timed.
        }
      }),
  },
  {
    id: 'formula-owner-properties',
    rules: [{ anchor: GOOGLE, row: "Custom functions see the owner's user properties" }],
    claim: 'A custom function reads the spreadsheet owner\'s user properties (Start wrote "owner" there)',
    devGas: { is: 'owner', otherwise: 'differs' },
    step: 'formula',
    compute: () => PropertiesService.getUserProperties().getProperty(WHO_KEY) ?? 'nothing',
    formulaAtStart: '',
    atCollect: (ctx) => shownIn(ctx.cell('formula-owner-properties'), COLLECT),
  },
  {
    id: 'formula-editor-properties',
    rules: [{ anchor: GOOGLE, row: "Custom functions see the owner's user properties" }],
    claim: "A custom function run while an editor is at the keyboard still reads the owner's user properties, not the editor's",
    devGas: { is: 'owner', otherwise: 'differs' },
    step: 'editor',
    compute: () => PropertiesService.getUserProperties().getProperty(WHO_KEY) ?? 'nothing',
    atEditor: (ctx) => {
      ctx.remember({ by: 'editor' });
      ctx.place('formula-editor-properties', ctx.formula('formula-editor-properties'));
    },
    atCollect: (ctx) => {
      if (ctx.recalled() === undefined) {
        return {
          waiting:
            "optional: a second account, editor of this spreadsheet, runs Probe › Editor: read the owner's properties as me; then Collect again",
        };
      }
      return shownIn(ctx.cell('formula-editor-properties'), COLLECT);
    },
  },

  // What a custom function may return, and how Sheets shows it.
  {
    id: 'formula-returns-date',
    rules: [{ anchor: SHEETS, text: 'a Date written by the script shows as `M/d/yyyy H:mm:ss`' }],
    claim: 'A Date a custom function returns shows as M/d/yyyy H:mm:ss (locale United States)',
    devGas: { is: '3/18/2026 13:45:30', otherwise: 'differs' },
    step: 'formula',
    compute: () => wallClockDate(SpreadsheetApp.getActiveSpreadsheet().getSpreadsheetTimeZone()),
    formulaAtStart: '',
    atCollect: (ctx) => shownIn(ctx.cell('formula-returns-date'), COLLECT),
  },
  ...(
    [
      ['null', () => null],
      ['NaN', () => NaN],
      ['an empty array', () => []],
    ] as const
  ).map(([what, result]): ProbeCase => {
    const id = `formula-returns-${what.replace(/^an /, '').replace(/ /g, '-').toLowerCase()}`;
    return {
      id,
      rules: [{ anchor: RESULTS, text: 'refusing anything else, and the messages, are *strict*' }],
      claim: `A custom function returning ${what} shows an error in its cell`,
      devGas: { is: 'error', otherwise: 'kinder' },
      step: 'formula',
      compute: result,
      formulaAtStart: '',
      atCollect: (ctx) => shownIn(ctx.cell(id), COLLECT),
    };
  }),
  {
    id: 'formula-empty-argument',
    rules: [{ anchor: GOOGLE, row: 'Range arguments' }],
    claim: 'An empty argument in a formula, =PROBE(…, , "b"), reaches the function as ""',
    devGas: { is: 'text ""', otherwise: 'differs' },
    step: 'formula',
    compute: (extra) => {
      const empty = extra[0];
      return empty === undefined
        ? 'undefined'
        : empty === null
          ? 'null'
          : `${typeof empty === 'string' ? 'text' : typeof empty} ${JSON.stringify(empty)}`;
    },
    formulaAtStart: ', , "b"',
    atCollect: (ctx) => shownIn(ctx.cell('formula-empty-argument'), COLLECT),
  },
  {
    id: 'formula-remembered-result',
    rules: [
      { anchor: GOOGLE, row: 'Remembered custom-function results' },
      { anchor: MODELS, text: "**Sheets' formula behaviour**" },
    ],
    claim:
      'Sheets hands back a remembered result for the same function and arguments: the formula deleted and typed again, or typed in another cell, shows its first result',
    devGas: { is: 'remembered', otherwise: 'kinder' },
    step: 'collect',
    compute: () => Utilities.getUuid(),
    formulaAtStart: '',
    atCollect: (ctx) => {
      const first = ctx.recalled() as { first: string } | undefined;
      const now = shownIn(ctx.cell('formula-remembered-result'), COLLECT);
      if (!first) {
        if ('waiting' in now) return now;
        const cell = ctx.cell('formula-remembered-result') as CellShown;
        ctx.remember({ first: cell.display });
        // Deleted and typed again, and typed in a new cell: the same function, the same arguments.
        const same = cell.formula;
        ctx.place('formula-remembered-result', '');
        SpreadsheetApp.flush();
        ctx.place('formula-remembered-result', same);
        ctx.place('formula-remembered-again', same);
        return { waiting: 'the formula was typed again: Collect again in a minute' };
      }
      const again = [ctx.cell('formula-remembered-result'), ctx.cell('formula-remembered-again')];
      if (again.some((c) => c === undefined || c === 'waiting'))
        return { waiting: 'Sheets is still computing the formulas: Collect again in a minute' };
      const shown = (again as CellShown[]).map((c) => c.display);
      const remembered = shown.every((s) => s === first.first);
      return {
        value: remembered ? 'remembered' : 'ran again',
        shows: remembered
          ? 'both showed the first result again'
          : `first ${first.first}; typed again ${shown[0]}; in a new cell ${shown[1]}`,
      };
    },
  },

  // Custom functions started at once.
  {
    id: 'starts-per-second',
    rules: [
      { anchor: GOOGLE, row: 'Executions started too often' },
      { anchor: AT_ONCE, text: 'How many cells Sheets starts at once is not published' },
    ],
    claim: `${STARTS} formula cells written at once all run: no "Script invoked too many times per second" (dev/gas allows ${STARTS} starts a second)`,
    devGas: { atMost: 0, unit: `of ${STARTS} cells refused` },
    step: 'collect',
    compute: () => 'ok',
    atCollect: (ctx) => {
      const formulas = ctx.cell('formulas');
      if (formulas === undefined || formulas === 'waiting') return { waiting: COLLECT };
      if (ctx.recalled() === undefined) {
        ctx.remember({ placed: STARTS });
        for (let i = 1; i <= STARTS; i++) ctx.place(`start-${i}`, ctx.formula('starts-per-second', i));
        return { waiting: `${STARTS} formulas were written at once: Collect again in a minute` };
      }
      const cells = Array.from({ length: STARTS }, (_, i) => ctx.cell(`start-${i + 1}`));
      if (cells.some((c) => c === undefined || c === 'waiting'))
        return { waiting: 'Sheets is still computing the formulas: Collect again in a minute' };
      const refused = (cells as CellShown[]).filter((c) => c.display !== 'ok').length;
      return measured(
        refused,
        `of ${STARTS} cells refused`,
        refused ? 'hover one in "Probe formulas" for Google\'s words' : 'every one ran',
      );
    },
  },

  // Menus and simple triggers.
  openRefuses('open-shows-alert', { anchor: BOUND, row: 'Simple triggers show nothing' }, 'show an alert', () =>
    SpreadsheetApp.getUi().alert('The probe checks whether onOpen may show a dialog: press OK.'),
  ),
  openRefuses(
    'open-mail-quota',
    { anchor: MAILAPP, row: 'Not in a custom function, nor a simple trigger' },
    'call MailApp (getRemainingDailyQuota, which sends nothing)',
    () => MailApp.getRemainingDailyQuota(),
  ),
  {
    id: 'latency-ui',
    rules: [{ anchor: LATENCY, row: '`ui`' }],
    claim: `Adding the menu (Menu.addToUi) costs about ${L.ui} ms`,
    devGas: latency(L.ui),
    step: 'open',
    atOpen: (ctx) => measured(ctx.addToUiMs, 'ms a call', '1 call'),
  },

  // Latencies measured at Start.
  startLatency(
    'latency-handle',
    '`handle`',
    'Getting a store (CacheService.getUserCache)',
    L.handle,
    () => null,
    () => CacheService.getUserCache(),
  ),
  startLatency('latency-cache-get', '`cacheGet`', 'A cache read (get)', L.cacheGet, userCache, (cache, i) =>
    cache.get(`probe-latency-${i}`),
  ),
  startLatency('latency-cache-get-all', '`cacheGetAll`', 'A cache read of 5 keys (getAll)', L.cacheGetAll, userCache, (cache, i) =>
    cache.getAll(FIVE.map((k) => `probe-${k}-${i}`)),
  ),
  startLatency('latency-cache-put', '`cachePut`', 'A cache write (put)', L.cachePut, userCache, (cache, i) =>
    cache.put(`probe-latency-${i}`, 'x', 600),
  ),
  startLatency('latency-cache-put-all', '`cachePutAll`', 'A cache write of 5 keys (putAll)', L.cachePutAll, userCache, (cache, i) =>
    cache.putAll(Object.fromEntries(FIVE.map((k) => [`probe-${k}-${i}`, 'x'])), 600),
  ),
  startLatency('latency-cache-remove', '`cacheRemove`', 'A cache remove', L.cacheRemove, userCache, (cache, i) =>
    cache.remove(`probe-latency-${i}`),
  ),
  startLatency(
    'latency-cache-remove-all',
    '`cacheRemoveAll`',
    'A cache remove of 5 keys (removeAll)',
    L.cacheRemoveAll,
    userCache,
    (cache, i) => cache.removeAll(FIVE.map((k) => `probe-${k}-${i}`)),
  ),
  startLatency('latency-property-read', '`propertyRead`', 'A property read (getProperty)', L.propertyRead, scriptStore, (store) =>
    store.getProperty('probe-latency'),
  ),
  startLatency(
    'latency-property-read-all',
    '`propertyReadAll`',
    'Reading a whole store (getProperties)',
    L.propertyReadAll,
    scriptStore,
    (store) => store.getProperties(),
  ),
  startLatency('latency-property-write', '`propertyWrite`', 'A property write (setProperty)', L.propertyWrite, scriptStore, (store, i) =>
    store.setProperty('probe-latency', String(i)),
  ),
  startLatency(
    'latency-lock',
    '`lockTry`, `lockWait`, `lockRelease`',
    'A lock call (tryLock, releaseLock)',
    L.lockTry,
    () => LockService.getScriptLock(),
    (lock, i) => (i % 2 === 0 ? lock.tryLock(1000) : lock.releaseLock()),
  ),
  startLatency('latency-spreadsheet-read', '`spreadsheetRead`', 'A document read (Range.getValue)', L.spreadsheetRead, scratchZ, (cell) =>
    cell.getValue(),
  ),
  startLatency(
    'latency-spreadsheet-write',
    '`spreadsheetWrite`',
    'A document write (Range.setValue)',
    L.spreadsheetWrite,
    scratchZ,
    (cell, i) => cell.setValue(i),
  ),
  startLatency(
    'latency-triggers',
    '`triggers`',
    'Listing triggers (ScriptApp.getProjectTriggers)',
    L.triggers,
    () => null,
    () => ScriptApp.getProjectTriggers(),
    5,
  ),
  startLatency(
    'latency-session',
    '`session`',
    'A Session call (getScriptTimeZone)',
    L.session,
    () => null,
    () => Session.getScriptTimeZone(),
  ),
  startLatency(
    'latency-script-app',
    '`scriptApp`',
    'ScriptApp.getAuthorizationInfo',
    L.scriptApp,
    () => null,
    () => ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL).getAuthorizationStatus(),
  ),
  {
    id: 'latency-free',
    rules: [
      { anchor: LATENCY, text: '**Free and not counted**' },
      { anchor: LATENCY, text: 'Google publishes no figures; developers have measured some' },
    ],
    claim: 'What the script does itself (Logger.log, Utilities.getUuid) costs next to nothing: dev/gas charges it 0 ms',
    devGas: { atMost: 0, unit: 'ms a call', slackPlus: 1 },
    step: 'start',
    atStart: () => perCall(20, () => Logger.log(Utilities.getUuid())),
  },

  // The cache.
  {
    id: 'cache-eviction',
    rules: [{ anchor: GOOGLE, row: 'Cache eviction' }],
    claim: `One putAll of ${FIGURES.evictionWrites} items into an empty cache keeps ${FIGURES.evictionKept} (past 1,000, the 900 farthest from expiry, each item counted as a write)`,
    devGas: { atLeast: FIGURES.evictionKept, unit: `of ${FIGURES.evictionWrites} items kept` },
    step: 'start',
    atStart: () => {
      const cache = CacheService.getScriptCache();
      const items: Record<string, string> = {};
      for (let i = 0; i < FIGURES.evictionWrites; i++) items[`probe-evict-${i}`] = 'x';
      const keys = Object.keys(items);
      cache.removeAll(keys);
      cache.putAll(items, FIGURES.maxCacheSeconds);
      const kept = Object.keys(cache.getAll(keys)).length;
      cache.removeAll(keys);
      return measured(kept, `of ${FIGURES.evictionWrites} items kept`);
    },
  },
  {
    id: 'cache-early-removal',
    rules: [{ anchor: GOOGLE, row: 'Cache expiry is only a suggestion' }],
    claim: `At most ${FIGURES.earlyRemovalRate * 100}% of cache items go before their expiry (dev/gas lets that many go, at any moment)`,
    devGas: { atMost: FIGURES.earlyRemovalRate * 100, unit: '% gone early' },
    step: 'collect',
    atStart: (ctx) => {
      const items: Record<string, string> = {};
      for (let i = 0; i < EARLY_ITEMS; i++) items[`probe-early-${i}`] = 'x';
      CacheService.getDocumentCache()?.putAll(items, FIGURES.maxCacheSeconds);
      ctx.remember({ at: Date.now() });
    },
    atCollect: (ctx) => {
      const written = ctx.recalled() as { at: number } | undefined;
      if (!written) return { waiting: 'Probe › 1. Start the probe' };
      const keys = Array.from({ length: EARLY_ITEMS }, (_, i) => `probe-early-${i}`);
      const kept = Object.keys(CacheService.getDocumentCache()?.getAll(keys) ?? {}).length;
      const minutes = Math.round((Date.now() - written.at) / 60_000);
      return measured(
        ((EARLY_ITEMS - kept) / EARLY_ITEMS) * 100,
        '% gone early',
        `${EARLY_ITEMS - kept} of ${EARLY_ITEMS} after ${minutes} min of 6 h; Collect later for a longer look`,
      );
    },
  },
  {
    id: 'cache-expiry-too-long',
    rules: [{ anchor: CACHE, text: "refusing a value's type or an expiry outside 1–21,600 s is *strict*" }],
    claim: `A cache put with an expiry past ${FIGURES.maxCacheSeconds} s (6 h) is refused`,
    devGas: REFUSED,
    step: 'start',
    atStart: () => attemptChange(() => CacheService.getUserCache().put('probe-expiry', 'x', FIGURES.maxCacheSeconds + 1)),
  },
  {
    id: 'cache-value-not-text',
    rules: [{ anchor: CACHE, text: "refusing a value's type or an expiry outside 1–21,600 s is *strict*" }],
    claim: 'A cache put of a number (not text) is refused',
    devGas: REFUSED,
    step: 'start',
    atStart: () =>
      attemptChange(() => (CacheService.getUserCache() as unknown as { put(k: string, v: unknown): void }).put('probe-number', 5)),
  },

  // Properties.
  {
    id: 'properties-store-size',
    rules: [{ anchor: PROPERTIES, text: "the store's size counted as keys plus values in UTF-8 is *strict*" }],
    claim: `An empty property store takes ${FIGURES.fillAccepted} values of ${FIGURES.fillValueLength} characters (500 KB, keys and values counted)`,
    devGas: { atLeast: FIGURES.fillAccepted, unit: 'values taken' },
    step: 'start',
    atStart: () => {
      const store = PropertiesService.getUserProperties();
      store.deleteAllProperties();
      const value = 'x'.repeat(FIGURES.fillValueLength);
      let taken = 0;
      let refusal = '';
      try {
        for (; taken < FIGURES.fillAccepted + 10; taken++) store.setProperty(`probe-fill-${String(taken).padStart(2, '0')}`, value);
      } catch (error) {
        refusal = messageOf(error);
      }
      store.deleteAllProperties();
      return measured(taken, 'values taken', refusal ? `then: ${clip(refusal, 120)}` : 'none refused');
    },
  },

  // The spreadsheet.
  {
    id: 'date-written-shows',
    rules: [{ anchor: SHEETS, text: 'a Date written by the script shows as `M/d/yyyy H:mm:ss`' }],
    claim: 'A Date the script writes (Range.setValue) shows as M/d/yyyy H:mm:ss (locale United States)',
    devGas: { is: '3/18/2026 13:45:30', otherwise: 'differs' },
    step: 'start',
    atStart: (ctx) => {
      const cell = ctx.scratchCell();
      cell.setValue(wallClockDate(ctx.spreadsheet.getSpreadsheetTimeZone()));
      const shown = cell.getDisplayValue();
      return { value: shown, shows: `shows "${shown}"` };
    },
  },
  widthRefused(
    'column-width-out-of-bounds',
    'Positions and counts',
    "setColumnWidth of a column past the sheet's last one is refused",
    (sheet) => sheet.setColumnWidth(sheet.getMaxColumns() + 1, 120),
  ),
  widthRefused('column-width-zero', 'A width of at least 1 pixel', 'setColumnWidth with a width of 0 pixels is refused', (sheet) =>
    sheet.setColumnWidth(ZERO_COLUMN, 0),
  ),
  {
    id: 'column-width-fit',
    rules: [{ anchor: WIDTHS, row: 'How wide a text is' }],
    claim: `autoResizeColumn fits "${FIT_TEXT}" (${FIT_TEXT.length} characters, Arial 10) in at most ${FIGURES.characterPixels} px a character plus ${FIGURES.cellPaddingPixels}`,
    devGas: { atMost: FIT_TEXT.length * FIGURES.characterPixels + FIGURES.cellPaddingPixels, unit: 'px', slackPlus: 2 },
    step: 'start',
    atStart: (ctx) => {
      const cell = ctx.scratchCell();
      const sheet = cell.getSheet();
      sheet.getRange(cell.getRow(), FIT_COLUMN).setValue(FIT_TEXT);
      sheet.autoResizeColumn(FIT_COLUMN);
      return measured(sheet.getColumnWidth(FIT_COLUMN), 'px');
    },
  },
  numberFormat('format-thousands', '1234567.891', () => 1234567.891, '#,##0', '1,234,568'),
  numberFormat('format-percent', '0.1234', () => 0.1234, '0.0%', '12.3%'),
  numberFormat('format-scientific', '1234567.891', () => 1234567.891, '0.00E+00', '1.23E+06'),
  numberFormat('format-date', 'A date', wallClockDate, 'yyyy-mm-dd', '2026-03-18'),
  numberFormat('format-month', 'A date', wallClockDate, 'mmm yyyy', 'Mar 2026'),
  numberFormat('format-automatic', '1/3', () => 1 / 3, null, '0.3333333333'),
  // The add-on's own patterns for results (src/server/shape/number-formats.ts) not tried above.
  numberFormat('format-index', '1.2345', () => 1.2345, '0.00', '1.23'),
  numberFormat('format-percent-units', '4.1', () => 4.1, '0.0"%"', '4.1%'),
  numberFormat('format-date-time', 'A date', wallClockDate, 'yyyy-mm-dd hh:mm', '2026-03-18 13:45'),
  numberFormat('format-text-suffix', 'The text "Fetched at"', () => 'Fetched at', '@" (UTC)"', 'Fetched at (UTC)'),
  {
    id: 'format-none-reads-general',
    rules: [{ anchor: SHEETS, text: GENERAL }],
    claim: 'A cell whose number format was never set reads "General" (Range.getNumberFormat)',
    devGas: { is: 'General', otherwise: 'differs' },
    step: 'start',
    atStart: (ctx) => {
      const cell = ctx.scratchCell();
      cell.setValue(1 / 3);
      const format = cell.getNumberFormat();
      return { value: format, shows: `reads "${format}"` };
    },
  },
  {
    id: 'format-general-takes-away',
    rules: [{ anchor: SHEETS, text: GENERAL }],
    claim:
      'Setting "General" (setNumberFormats, as the add-on does) takes a cell\'s own format away: 1/3 formatted 0.00, then General, shows as Automatic again',
    devGas: { is: '0.3333333333 | General', otherwise: 'differs', shows: 'shows "0.3333333333", reads "General"' },
    step: 'start',
    atStart: (ctx) => {
      const cell = ctx.scratchCell();
      cell.setValue(1 / 3);
      cell.setNumberFormat('0.00');
      cell.setNumberFormats([['General']]);
      const [shown, format] = [cell.getDisplayValue(), cell.getNumberFormat()];
      return { value: `${shown} | ${format}`, shows: `shows "${shown}", reads "${format}"` };
    },
  },
  {
    id: 'cell-text-limit',
    rules: [
      { anchor: GOOGLE, row: 'Cells' },
      { anchor: SHEETS, text: 'refusals beyond them are *strict*' },
    ],
    claim: `A cell refuses text of more than ${FIGURES.maxCellText} characters`,
    devGas: REFUSED,
    step: 'start',
    atStart: (ctx) => {
      const cell = ctx.scratchCell();
      return attemptChange(
        () => cell.setValue('x'.repeat(FIGURES.maxCellText + 1)),
        () => cell.clearContent(),
      );
    },
  },
  {
    id: 'metadata-limit',
    rules: [{ anchor: GOOGLE, row: 'Developer metadata limits' }],
    claim: `A spreadsheet refuses developer metadata past ${FIGURES.maxMetadataChars} characters`,
    devGas: REFUSED,
    step: 'start',
    atStart: (ctx) =>
      attemptChange(
        () => ctx.spreadsheet.addDeveloperMetadata('probe-limit', 'x'.repeat(FIGURES.maxMetadataChars + 1)),
        () =>
          ctx.spreadsheet
            .createDeveloperMetadataFinder()
            .withKey('probe-limit')
            .find()
            .forEach((m) => m.remove()),
      ),
  },
  {
    id: 'named-range-case',
    rules: [{ anchor: GOOGLE, row: 'Named range names' }],
    claim: 'Named ranges are found whatever the case of their name (ProbeRange as proberange)',
    devGas: { is: 'found', otherwise: 'differs' },
    step: 'start',
    atStart: (ctx) => {
      ctx.spreadsheet.setNamedRange('ProbeRange', ctx.scratchCell());
      const found = ctx.spreadsheet.getRangeByName('proberange') !== null;
      ctx.spreadsheet.removeNamedRange('ProbeRange');
      return { value: found ? 'found' : 'not found', shows: found ? 'found' : 'not found' };
    },
  },
  {
    id: 'named-range-remove-unknown',
    rules: [{ anchor: GOOGLE, row: 'Named range names' }],
    claim: 'Removing a named range that does not exist is refused',
    devGas: REFUSED,
    step: 'start',
    atStart: (ctx) => attemptChange(() => ctx.spreadsheet.removeNamedRange('ProbeNoSuchRange')),
  },
  {
    id: 'editors-list-owner',
    rules: [{ anchor: GOOGLE, row: 'Who may edit it' }],
    claim: 'Spreadsheet.getEditors() lists the owner among the editors',
    devGas: { is: 'listed', otherwise: 'differs' },
    step: 'start',
    atStart: (ctx) => {
      const owner = ctx.spreadsheet.getOwner()?.getEmail() ?? '';
      if (!owner) return { value: 'no owner email', shows: 'the owner has no email here (shared drive, or userinfo.email unticked)' };
      const listed = ctx.spreadsheet.getEditors().some((user) => user.getEmail() === owner);
      return { value: listed ? 'listed' : 'not listed', shows: listed ? 'the owner is listed' : 'the owner is not listed' };
    },
  },
  {
    id: 'chart-other-sheet-range',
    rules: [{ anchor: GOOGLE, row: "A chart's data" }],
    claim: 'A chart cannot take a range of another sheet than its own',
    devGas: REFUSED,
    step: 'start',
    atStart: (ctx) => {
      const own = ctx.scratchCell().getSheet();
      const other = ctx.spreadsheet.getSheetByName('Probe formulas') ?? own;
      let inserted: GoogleAppsScript.Spreadsheet.EmbeddedChart | undefined;
      return attemptChange(
        () => {
          inserted = own.newChart().setChartType(Charts.ChartType.LINE).addRange(other.getRange('A1:B2')).setPosition(1, 1, 0, 0).build();
          own.insertChart(inserted);
        },
        () => own.getCharts().forEach((chart) => own.removeChart(chart)),
      );
    },
  },
  {
    id: 'conditional-format-no-condition',
    rules: [{ anchor: GOOGLE, row: 'Conditional format rules' }],
    claim: 'A conditional format rule without a condition cannot be built',
    devGas: REFUSED,
    step: 'start',
    atStart: (ctx) =>
      attemptChange(() => SpreadsheetApp.newConditionalFormatRule().setBackground('#ffcc00').setRanges([ctx.scratchCell()]).build()),
  },
  {
    id: 'menu-opens-by-id',
    rules: [
      { anchor: BOUND, row: 'A bound script asking for `spreadsheets.currentonly` opens no other file' },
      { anchor: GOOGLE, row: 'Opening other spreadsheets needs the `spreadsheets` scope' },
    ],
    claim: "Under spreadsheets.currentonly (the self-install's scope), SpreadsheetApp.openById is refused, even for this spreadsheet",
    devGas: REFUSED,
    step: 'start',
    atStart: (ctx) => attempt(() => SpreadsheetApp.openById(ctx.spreadsheet.getId()).getName()),
  },

  // Triggers.
  {
    id: 'trigger-without-schedule',
    rules: [{ anchor: TRIGGERS, text: "the builder's own refusals *strict*" }],
    claim: 'A time-driven trigger without a schedule cannot be created',
    devGas: REFUSED,
    step: 'start',
    atStart: () => {
      let made: GoogleAppsScript.Script.Trigger | undefined;
      return attemptChange(
        () => (made = ScriptApp.newTrigger('probeNothing').timeBased().create()),
        () => made && ScriptApp.deleteTrigger(made),
      );
    },
  },
  {
    id: 'trigger-sees-container',
    rules: [{ anchor: BOUND, row: '…a time-driven one sees its container' }],
    claim:
      "A bound script's time-driven trigger sees its container: getActiveSpreadsheet() is this spreadsheet, and it may write to it (Google's bound-script guide lists triggers among what may call it)",
    devGas: { is: 'its container', otherwise: 'stricter' },
    step: 'trigger',
    inTrigger: (ctx) => {
      const active = SpreadsheetApp.getActiveSpreadsheet();
      if (!active) return { value: 'none', shows: 'no active spreadsheet' };
      if (active.getId() !== ctx.containerId) return { value: 'another', shows: 'a spreadsheet other than this one' };
      const wrote = attemptChange(() => active.getSheetByName('Probe scratch')?.getRange('Z2').setValue('written by the trigger'));
      return { value: 'its container', shows: `this spreadsheet; writing to it: ${wrote.shows}` };
    },
  },
  {
    id: 'trigger-document-stores',
    rules: [{ anchor: BOUND, row: '…a time-driven one sees its container' }],
    claim: "A bound script's time-driven trigger has its container's document properties, document cache and document lock",
    devGas: { is: 'all three', otherwise: 'stricter' },
    step: 'trigger',
    inTrigger: () => {
      const there = [
        { name: 'document properties', store: PropertiesService.getDocumentProperties() },
        { name: 'document cache', store: CacheService.getDocumentCache() },
        { name: 'document lock', store: LockService.getDocumentLock() },
      ].filter(({ store }) => store !== null);
      if (there.length === 0) return { value: 'none', shows: 'none of the three' };
      return { value: there.length === 3 ? 'all three' : 'some', shows: `has: ${there.map(({ name }) => name).join(', ')}` };
    },
  },
  {
    id: 'trigger-no-selection',
    rules: [{ anchor: BOUND, row: '…a time-driven one sees its container' }],
    claim:
      "A bound script's time-driven trigger sees nobody's selection: getActiveSheet(), getActiveRange() and getCurrentCell() are null (dev/gas's stricter reading; Google does not say)",
    devGas: { is: 'none', otherwise: 'kinder' },
    step: 'trigger',
    inTrigger: () => {
      const seen = [
        { name: 'getActiveSheet', got: () => SpreadsheetApp.getActiveSheet()?.getName() },
        { name: 'getActiveRange', got: () => SpreadsheetApp.getActiveRange()?.getA1Notation() },
        { name: 'getCurrentCell', got: () => SpreadsheetApp.getCurrentCell()?.getA1Notation() },
      ].flatMap(({ name, got }) => {
        const found = got();
        return found === undefined || found === null ? [] : [`${name}: ${found}`];
      });
      if (seen.length === 0) return { value: 'none', shows: 'all three null' };
      return { value: 'some', shows: clip(seen.join('; ')) };
    },
  },
  {
    id: 'trigger-opens-by-id',
    rules: [
      { anchor: BOUND, row: 'A bound script asking for `spreadsheets.currentonly` opens no other file' },
      { anchor: GOOGLE, row: 'Opening other spreadsheets needs the `spreadsheets` scope' },
    ],
    claim: 'Under spreadsheets.currentonly, a time-driven trigger cannot open its own spreadsheet by id',
    devGas: REFUSED,
    step: 'trigger',
    inTrigger: (ctx) => attempt(() => SpreadsheetApp.openById(ctx.containerId).getName()),
  },
  {
    id: 'trigger-finds-itself',
    rules: [{ anchor: GOOGLE, row: '…its own triggers stay reachable' }],
    claim: "A time-driven trigger finds itself among ScriptApp.getProjectTriggers() by its event's triggerUid (so it can remove itself)",
    devGas: { is: 'found', otherwise: 'stricter' },
    step: 'trigger',
    inTrigger: (ctx) => {
      const found = ScriptApp.getProjectTriggers().some((t) => t.getUniqueId() === ctx.event.triggerUid);
      return { value: found ? 'found' : 'not found', shows: found ? 'found itself' : `did not find ${String(ctx.event.triggerUid)}` };
    },
  },

  // UrlFetch: only what is safe to try (Google's own connectivity check, at most a hundred requests).
  {
    id: 'fetch-burst',
    rules: [{ anchor: GOOGLE, row: 'UrlFetch short-term limit' }],
    claim: `${BURST} requests in one fetchAll are sent (dev/gas assumes ${FIGURES.fetchesPerMinute} a minute; more is not safe to try)`,
    devGas: { is: 'sent', otherwise: 'stricter' },
    step: 'start',
    atStart: (ctx) => {
      try {
        const answers = UrlFetchApp.fetchAll(Array.from({ length: BURST }, () => ({ url: ctx.fetchUrl, muteHttpExceptions: true })));
        return { value: 'sent', shows: `sent ${answers.length}` };
      } catch (error) {
        return { value: 'refused', shows: clip(`refused: ${messageOf(error)}`) };
      }
    },
  },
  {
    id: 'fetch-header-count',
    rules: [{ anchor: GOOGLE, row: 'UrlFetch sizes' }],
    claim: `A fetch with ${FIGURES.maxRequestHeaders} headers of its own is refused: UrlFetchApp's User-Agent makes ${FIGURES.maxRequestHeaders + 1}`,
    devGas: REFUSED,
    step: 'start',
    atStart: (ctx) => {
      const headers: Record<string, string> = {};
      for (let i = 1; i <= FIGURES.maxRequestHeaders; i++) headers[`X-Probe-${i}`] = String(i);
      return attemptChange(() => UrlFetchApp.fetch(ctx.fetchUrl, { headers, muteHttpExceptions: true }));
    },
  },
  {
    id: 'fetch-unencoded-url',
    rules: [{ anchor: URLFETCH, text: 'never encoding silently is *strict*' }],
    claim: 'A URL with a space in it is refused, never encoded silently',
    devGas: REFUSED,
    step: 'start',
    atStart: (ctx) =>
      attemptChange(() =>
        UrlFetchApp.fetch(`${ctx.fetchUrl}${ctx.fetchUrl.includes('?') ? '&' : '?'}probe=a b`, { muteHttpExceptions: true }),
      ),
  },

  // MailApp: nothing but one mail to the maintainer's own address (a second only if Google takes a display name).
  {
    id: 'mail-daily-quota',
    rules: [{ anchor: MAILAPP, row: 'Recipients per day' }],
    claim: `MailApp.getRemainingDailyQuota() answers how many recipients are left today (dev/gas: ${FIGURES.mailRecipientsPerDay} a day, a personal account's; 1,500 on Workspace)`,
    devGas: { is: 'a number', otherwise: 'differs' },
    step: 'start',
    atStart: () => {
      const left: unknown = MailApp.getRemainingDailyQuota();
      if (typeof left === 'number' && Number.isInteger(left) && left >= 0)
        return { value: 'a number', shows: `answered ${left} recipients left today` };
      return { value: 'something else', shows: clip(`answered ${String(left)}`) };
    },
  },
  startLatency(
    'latency-mail',
    '`mail`',
    "Asking MailApp for the day's quota (getRemainingDailyQuota, which sends nothing)",
    L.mail,
    () => null,
    () => MailApp.getRemainingDailyQuota(),
  ),
  {
    id: 'mail-display-name',
    rules: [{ anchor: MAILAPP, row: 'Addresses' }],
    claim:
      'MailApp.sendEmail refuses an address with a display name ("Search Demand probe <you>", your own address; dev/gas\'s stricter reading): if Google takes it, that mail reaches you',
    devGas: REFUSED,
    step: 'start',
    atStart: () => {
      const me = ownAddress();
      if (!me) return NO_ADDRESS;
      const seen = attemptChange(() =>
        MailApp.sendEmail(`Search Demand probe <${me}>`, 'Search Demand probe: an address with a display name was taken', MAIL_BODY),
      );
      return withoutAddress(seen, me);
    },
  },
  {
    id: 'latency-mail-send',
    rules: [{ anchor: LATENCY, row: '`mail`' }],
    claim: `Sending one mail (MailApp.sendEmail, the probe's one mail, to your own address) costs about ${L.mail} ms`,
    devGas: latency(L.mail),
    step: 'start',
    atStart: () => {
      const me = ownAddress();
      if (!me) return NO_ADDRESS;
      const before = MailApp.getRemainingDailyQuota();
      const start = Date.now();
      try {
        MailApp.sendEmail(me, MAIL_SUBJECT, MAIL_BODY);
      } catch (error) {
        return withoutAddress({ value: 'refused', shows: clip(`refused: ${messageOf(error)}`) }, me);
      }
      const ms = Date.now() - start;
      return measured(ms, 'ms a call', `1 call; recipients left today ${before} → ${MailApp.getRemainingDailyQuota()}`);
    },
  },
];

/** The rules dev/gas/RULES.md marks as our stricter reading or Google's silence that the probe cannot try, and why. */
export const NOT_PROBED: readonly NotProbed[] = [
  {
    rules: [
      { anchor: 'devgas--the-rules-it-models', text: 'our stricter reading where Google is silent' },
      { anchor: 'devgas--the-rules-it-models', text: 'Checked by the probe:' },
      { anchor: GOOGLE, text: 'where Google is silent, dev/gas models the stricter case' },
    ],
    why: 'They explain the marks, and this probe; they state no rule of their own.',
  },
  {
    rules: [{ anchor: PROJECT, row: 'File order' }],
    why: "dev/gas cannot know the editor's order of files, and the add-on's files only declare at load (test/build/code-js.test.ts), so no order changes what they do.",
  },
  {
    rules: [{ anchor: PROJECT, row: 'No code from text' }],
    why: 'Not a runtime rule: the build test refuses eval and new Function under the Marketplace policy; Google runs them.',
  },
  {
    rules: [{ anchor: CUSTOM, row: '…and whose quotas' }],
    why: "Whose consent a formula's fetch needs takes a second account that unticks a permission, and Google shows no quota's owner to a script; the add-on words Google's refusal of the fetch either way.",
  },
  {
    rules: [
      { anchor: GOOGLE, row: '…in a shared drive (no owner)' },
      { anchor: GOOGLE, row: 'A shared-drive file has no owner' },
    ],
    why: 'Needs a spreadsheet in a shared drive (Google Workspace only); the add-on works with no owner either way.',
  },
  {
    rules: [
      { anchor: GOOGLE, row: "An add-on's time-driven triggers run with no document" },
      { anchor: GOOGLE, row: '…no document lock' },
      { anchor: GOOGLE, row: 'An add-on disabled in a document' },
      { anchor: GOOGLE, row: 'An add-on removed (uninstalled)' },
    ],
    why: "An add-on's own triggers: the probe is a bound script, and Google's test deployments of an editor add-on run no installable triggers; the first published version is where to look.",
  },
  {
    rules: [{ anchor: GOOGLE, row: '…gives the file, not the document stores' }],
    why: "Needs openById, which the probe's scope (spreadsheets.currentonly, the self-install's) refuses; the Marketplace add-on's scheduled run is where it shows.",
  },
  {
    rules: [{ anchor: GOOGLE, row: 'Allowlist prefixes' }],
    why: "Needs an allowlist and a host written in another case; the self-install has no allowlist and the Marketplace build's lists its own service's address as it is written.",
  },
  {
    rules: [
      { anchor: GOOGLE, row: '"Per day"' },
      { anchor: GOOGLE, row: 'Trigger runtime quota' },
    ],
    why: "Takes a day's quota spent to see when it comes back: not safe to try.",
  },
  {
    rules: [{ anchor: MAILAPP, row: 'Recipients and size of a message' }],
    why: "51 recipients or a body over 200 KB would be sent wherever Google lets them through: mail to others, or 51 mails and half a day's quota spent on the maintainer's own address, or a 200 KB mail; not safe to try.",
  },
  {
    rules: [{ anchor: MAILAPP, row: 'The pool' }],
    why: "GasWorkerPool is dev/gas's own machinery (workers that each keep an outbox and a quota): Google has nothing of it to try.",
  },
  {
    rules: [{ anchor: CHARTS, row: 'Dates only on a time axis once "Treat labels as text" is off' }],
    why: 'How a chart draws its axis is seen, not read: no script can ask it.',
  },
  {
    rules: [
      { anchor: LATENCY, row: '`startup`' },
      { anchor: LATENCY, row: '`openSpreadsheet`' },
      { anchor: LATENCY, row: '`projectFile`' },
      { anchor: LATENCY, row: '`urlFetch`' },
    ],
    why: "An execution cannot see its own start; openById is refused under the probe's scope; the probe has no HTML file to read; a fetch's time is the network's and its server's, not a modelled figure.",
  },
  {
    rules: [
      { anchor: CONSENT, row: '`ScriptApp.getAuthorizationInfo(authMode[, oAuthScopes])`' },
      { anchor: CONSENT, row: '`ScriptApp.requireScopes(authMode, oAuthScopes)`, `requireAllScopes(authMode)`' },
      { anchor: CONSENT, row: 'A prompt answered' },
    ],
    why: 'Needs a permission left unticked on the consent screen, which would stop the cases that use it; docs/develop/probe.md says how to try it by hand.',
  },
];

/** The probe's case by id. */
export function probeCase(id: string): ProbeCase | undefined {
  return PROBE_CASES.find((c) => c.id === id);
}
