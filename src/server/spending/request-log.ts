/**
 * The request log's record (docs/use/sidebar.md, "The request log"): a batch for each lookup that sent
 * something, with what sent it, its requests, fresh searches, answers from the service's cache, refusals
 * and what went wrong, in words, never the key. Off by default (PROP_REQUEST_LOG).
 *
 * Formulas cannot write to a sheet, so a formula's batch is kept with the spend record: in one of
 * SHARDS cache entries, read in the lookup's first getAll and written in its one putAll, as the spend
 * log is (a batch costs no round trip of its own). The sidebar, a menu action or a scheduled run write
 * them to the log sheet (src/server/log-sheet/), which remembers up to when it wrote, so a batch is
 * written once. Google keeps a cache entry 6 hours at most, and may drop it sooner: batches of formulas
 * nobody opened the sidebar after for that long are lost, and the sheet says that it cannot know them.
 *
 * Everything else (the sidebar, the menu, a scheduled run) writes its own batches: the lookup notes them
 * in this execution (noteBatch), and the action writes them when it ends.
 */
import type { FormulaCell } from '../spreadsheet/formula-cell';
import type { Spend } from './spend-log';

/** What sent a batch: a formula (where it is), or an action of the sidebar, the menu or a scheduled run (in words). */
export type Sender = ({ kind: 'formula' } & FormulaCell) | { kind: 'action'; what: string };

/** One batch sent to the service. */
export interface Batch {
  /** When it was sent (ms; the lookup's end). */
  at: number;
  sender: Sender;
  /** Requests that reached the service (each an API call), refused ones included. */
  requests: number;
  /** Searches the service ran fresh (each a fresh search). */
  freshSearches: number;
  /** Answers the service gave from its 7-day cache (free). */
  serviceCached: number;
  /** Requests a daily limit refused. */
  refused: number;
  /** What went wrong, in the add-on's words: each message once, the first few. */
  problems: string[];
}

/** A batch's counts as a lookup makes them (what sent it is added by whoever notes it). */
export type Sent = Omit<Batch, 'at' | 'sender'>;

const SHARDS = 8;
/** Batches kept per shard until a log writer takes them: 480 formula batches in all. */
const BATCHES_MAX = 60;
/** Distinct problems kept per batch, and the words of each. */
const PROBLEMS_MAX = 3;
const PROBLEM_CHARS = 140;

/** The cache keys of the formulas' batches. */
export const batchKeys = (): string[] => Array.from({ length: SHARDS }, (_, i) => `sdm-rlog|${i}`);

/** The shard this execution adds to (read in the lookup's first getAll, written in its putAll). */
export function pickBatchKey(): string {
  return batchKeys()[Math.floor(Math.random() * SHARDS)] as string;
}

/**
 * What a lookup sent, as a batch's counts.
 * @param stats the lookup's counts
 * @param serviceCached answers its service gave from its cache
 * @param refused requests a daily limit refused
 * @param problems the messages of what went wrong, in order (repeats are dropped)
 */
export function sentOf(stats: Spend, serviceCached: number, refused: number, problems: string[]): Sent {
  const distinct = [...new Set(problems)];
  const shown = distinct.slice(0, PROBLEMS_MAX).map((p) => (p.length > PROBLEM_CHARS ? `${p.slice(0, PROBLEM_CHARS - 1)}…` : p));
  if (distinct.length > PROBLEMS_MAX) shown.push(`and ${distinct.length - PROBLEMS_MAX} more`);
  return { requests: stats.requests, freshSearches: stats.freshSearches, serviceCached, refused, problems: shown };
}

/** A formula batch as stored: [at, sheet id, cell, requests, fresh, service-cached, refused, problems]. */
type Stored = [number, number, string, number, number, number, number, string[]];

/** A shard as stored: its batches, oldest first, and the time up to which it dropped older ones (0: none). */
interface Shard {
  b: Stored[];
  o: number;
}

/**
 * The shard's new text with a formula's batch added (its oldest dropped past BATCHES_MAX).
 * @param previous the shard's text as read, if any
 * @param batch the batch (a formula's)
 */
export function addBatch(previous: string | undefined, batch: Batch): string {
  const shard = parseShard(previous);
  if (batch.sender.kind !== 'formula') return JSON.stringify(shard);
  const { sheetId, cell } = batch.sender;
  shard.b.push([batch.at, sheetId, cell, batch.requests, batch.freshSearches, batch.serviceCached, batch.refused, batch.problems]);
  for (const [at] of shard.b.splice(0, Math.max(0, shard.b.length - BATCHES_MAX))) shard.o = Math.max(shard.o, at);
  return JSON.stringify(shard);
}

/**
 * The formulas' batches the shards hold after a time, oldest first, and whether some after it may have
 * been dropped (a shard full before a writer came).
 * @param values the shards as read (batchKeys)
 * @param after batches at or before this time (ms) were written already
 */
export function batchesAfter(values: Record<string, string>, after: number): { batches: Batch[]; dropped: boolean } {
  const batches: Batch[] = [];
  let dropped = false;
  for (const key of batchKeys()) {
    const shard = parseShard(values[key]);
    if (shard.o > after) dropped = true;
    for (const [at, sheetId, cell, requests, freshSearches, serviceCached, refused, problems] of shard.b) {
      if (at > after)
        batches.push({ at, sender: { kind: 'formula', sheetId, cell }, requests, freshSearches, serviceCached, refused, problems });
    }
  }
  return { batches: batches.sort((a, b) => a.at - b.at), dropped };
}

function parseShard(text: string | undefined): Shard {
  try {
    const value = JSON.parse(text ?? '') as Partial<Shard>;
    const rows = Array.isArray(value.b) ? value.b.filter((row): row is Stored => Array.isArray(row) && row.length === 8) : [];
    return { b: rows, o: typeof value.o === 'number' ? value.o : 0 };
  } catch {
    return { b: [], o: 0 };
  }
}

// ── This execution's own batches (the sidebar, the menu, a scheduled run): written when its action ends ─

/** What this execution sent outside formulas. Apps Script runs each execution afresh, so it starts empty. */
let noted: Batch[] = [];
/** What this execution's lookups are sent for, in words, until another is named. */
let sendingNow = '';

/**
 * Names what the lookups that follow are sent for (a ranking table, a tracking list, a template…).
 * @param what in words, such as `Ranking table sector:fintech`
 */
export function sendingFor(what: string): void {
  sendingNow = what;
}

/**
 * Notes a batch a lookup outside a formula sent, for the action to write when it ends.
 * @param sent its counts
 */
export function noteBatch(sent: Sent): void {
  if (sent.requests) noted.push({ ...sent, at: Date.now(), sender: { kind: 'action', what: sendingNow } });
}

/** Takes the batches this execution noted (they are then no longer kept). */
export function takeNoted(): Batch[] {
  const taken = noted;
  noted = [];
  return taken;
}
