/**
 * What a user's scheduled runs need, in that user's own properties (the only store a time-driven
 * trigger can read: it runs as its owner, with no document): the spreadsheets they scheduled, their
 * trigger, a private id that recognises their schedules, and notes about spreadsheets that were dropped.
 */
import { errors } from '../errors/errors';
import { BACKGROUND_RESERVE_BYTES, USER_SETTINGS_FULL_MESSAGE, propertyWriteProblem, utf8Bytes } from '../settings/property-limits';

const SCHEDULED = 'SDM_SCHEDULED';
const NOTES = 'SDM_SCHEDULE_NOTES';
const USER_ID = 'SDM_USER_ID';
const TRIGGER = 'SDM_TRIGGER';

/** Notes kept per user (newest first). */
const MAX_NOTES = 10;

/** The user's one time-driven trigger, as recorded when it was made and each time it ran. */
export interface TriggerRecord {
  uid: string;
  /** The spreadsheet it was made in (Google lists an add-on's triggers per document). */
  documentId: string;
  createdAt: string;
  /** When it last ran; a trigger that stopped running is replaced by the next schedule change. */
  seenAt: string | null;
}

const props = () => PropertiesService.getUserProperties();

function readJson<T>(name: string, fallback: T): T {
  try {
    const value: unknown = JSON.parse(props().getProperty(name) ?? '');
    return (value ?? fallback) as T;
  } catch {
    return fallback;
  }
}

/** The user's private id (made on first use): schedules record it instead of relying on an email. */
export function userId(): string {
  const store = props();
  const existing = store.getProperty(USER_ID);
  if (existing) return existing;
  const id = Utilities.getUuid();
  store.setProperty(USER_ID, id);
  return id;
}

/**
 * A spreadsheet in the user's schedule: the name it had (for notes) and when something of theirs there
 * next falls due (ms since the epoch; 0: at the next run). The run opens only those that are due, so
 * an hour with nothing due opens no spreadsheet. An early time costs one needless opening; a late one
 * would miss a run, so every change of what runs there (saved, run, removed) writes it again.
 */
export interface ScheduledSpreadsheet {
  name: string;
  due: number;
}

/** Names are kept short: the index must fit Google's 9 KB per property value in a few pieces. */
const NAME_CHARS = 60;
/** Bytes per piece of the index: under Google's 9 KB per property value. */
const PIECE_BYTES = 8_000;
/** Pieces at most (160 KB of the store's 500 KB, which the key, notes and usage share). */
const MAX_PIECES = 20;
/** The largest entry a new spreadsheet adds (every name character as 3 bytes, a 13-digit time). */
const MAX_ENTRY_BYTES = 64 + NAME_CHARS * 3 + 40;

/**
 * The spreadsheets this user scheduled: id → name and next due time. Stored as JSON in one property,
 * or (past one value's size) in pieces: the first holds `~<pieces>~` and the text's start.
 */
export function scheduledSpreadsheets(): Record<string, ScheduledSpreadsheet> {
  return readIndex().entries;
}

/**
 * Reads the index, piece by piece from the store or (`all`) from the store's content already read.
 * @param all every user property, when the caller read them at once
 */
function readIndex(all?: Record<string, string>): { entries: Record<string, ScheduledSpreadsheet>; pieces: number } {
  const store = props();
  const get = (key: string): string | null => (all ? (all[key] ?? null) : store.getProperty(key));
  const first = get(SCHEDULED) ?? '';
  const head = /^~(\d+)~/.exec(first);
  const pieces = head ? Number(head[1]) : first ? 1 : 0;
  let text = head ? first.slice(head[0].length) : first;
  for (let i = 1; i < pieces; i++) text += get(`${SCHEDULED}~${i}`) ?? '';
  const entries: Record<string, ScheduledSpreadsheet> = {};
  try {
    const value: unknown = JSON.parse(text || '{}');
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [id, raw] of Object.entries(value as Record<string, { name?: unknown; due?: unknown }>)) {
        // An entry without a time (written before times were kept) is due at the next run.
        const due = typeof raw?.due === 'number' && Number.isFinite(raw.due) ? raw.due : 0;
        entries[id] = { name: typeof raw?.name === 'string' ? raw.name : id, due };
      }
    }
  } catch {
    // an unreadable index is empty: schedules are listed again when next saved
  }
  return { entries, pieces };
}

/** Writes the index in as few pieces as fit, in one call, and removes pieces no longer needed. */
function writeIndex(entries: Record<string, ScheduledSpreadsheet>, oldPieces: number): void {
  const store = props();
  if (!Object.keys(entries).length) {
    for (let i = 0; i < oldPieces; i++) store.deleteProperty(i ? `${SCHEDULED}~${i}` : SCHEDULED);
    return;
  }
  const parts = splitBytes(JSON.stringify(entries), PIECE_BYTES);
  const values: Record<string, string> = {};
  parts.forEach(
    (part, i) => (values[i ? `${SCHEDULED}~${i}` : SCHEDULED] = i === 0 && parts.length > 1 ? `~${parts.length}~${part}` : part),
  );
  store.setProperties(values);
  for (let i = parts.length; i < oldPieces; i++) store.deleteProperty(`${SCHEDULED}~${i}`);
}

/**
 * Refuses (changing nothing) when one more spreadsheet would not fit the user's index, or the user's
 * store (Google's limit, settings/property-limits.ts, with room kept for what runs write by themselves). One
 * read of the store.
 * @param id the spreadsheet about to be scheduled
 */
export function assertRoomFor(id: string): void {
  const all = props().getProperties();
  const { entries } = readIndex(all);
  if (entries[id]) return;
  if (utf8Bytes(JSON.stringify(entries)) + MAX_ENTRY_BYTES > PIECE_BYTES * MAX_PIECES - 100) {
    throw errors.input(
      `You run ranking tables or tracking lists in ${Object.keys(entries).length} spreadsheets, as many as Google lets the add-on remember for you: turn a schedule off or forget a list in one of them first.`,
    );
  }
  // The entry may open a new piece of the index, and the first schedule makes the user id and trigger record.
  const room = { [`${SCHEDULED}~new`]: 'x'.repeat(MAX_ENTRY_BYTES), [USER_ID]: 'x'.repeat(40), [TRIGGER]: 'x'.repeat(200) };
  if (propertyWriteProblem(all, room, [], BACKGROUND_RESERVE_BYTES) === 'store') throw errors.input(USER_SETTINGS_FULL_MESSAGE);
}

/**
 * Adds a spreadsheet to the user's schedule with its next due time, updates it, or (null) removes it.
 * @param id the spreadsheet's id
 * @param entry its name and next due time, or null to remove
 */
export function setScheduled(id: string, entry: { name: string; due: number } | null): void {
  updateScheduled({ [id]: entry });
}

/**
 * Applies several changes to the index in one read and one write (a run's results).
 * @param changes id → name and next due time, or null to remove
 */
export function updateScheduled(changes: Record<string, { name: string; due: number } | null>): void {
  const { entries, pieces } = readIndex();
  for (const [id, entry] of Object.entries(changes)) {
    if (entry === null) delete entries[id];
    else entries[id] = { name: entry.name.slice(0, NAME_CHARS), due: entry.due };
  }
  writeIndex(entries, pieces);
}

/** Cuts text into pieces of at most `max` UTF-8 bytes, never inside a character. */
function splitBytes(text: string, max: number): string[] {
  const parts: string[] = [];
  let part = '';
  let bytes = 0;
  for (const ch of text) {
    const size = utf8Bytes(ch);
    if (bytes + size > max) {
      parts.push(part);
      part = '';
      bytes = 0;
    }
    part += ch;
    bytes += size;
  }
  parts.push(part);
  return parts;
}

/** What the user's scheduled runs reported, newest first. */
export function readNotes(): { at: string; message: string }[] {
  const notes = readJson<{ at: string; message: string }[]>(NOTES, []);
  return Array.isArray(notes) ? notes : [];
}

/**
 * Records a note for the sidebar (shown in any spreadsheet the user opens it in): the newest notes that
 * fit Google's limits (settings/property-limits.ts); none kept rather than a failed run.
 * @param message what happened
 */
export function addNote(message: string): void {
  const store = props();
  const current = store.getProperties();
  const notes = [{ at: new Date().toISOString(), message: message.slice(0, 300) }, ...readNotes()].slice(0, MAX_NOTES);
  while (notes.length && propertyWriteProblem(current, { [NOTES]: JSON.stringify(notes) })) notes.pop();
  if (notes.length) store.setProperty(NOTES, JSON.stringify(notes));
}

/** The recorded trigger, if any. */
export function readTriggerRecord(): TriggerRecord | null {
  const record = readJson<TriggerRecord | null>(TRIGGER, null);
  return record && typeof record.uid === 'string' ? record : null;
}

/**
 * Records the user's trigger, or (null) forgets it.
 * @param record the trigger
 */
export function writeTriggerRecord(record: TriggerRecord | null): void {
  if (record) props().setProperty(TRIGGER, JSON.stringify(record));
  else props().deleteProperty(TRIGGER);
}
