/**
 * What a user's scheduled runs need, in that user's own properties (the only store a time-driven
 * trigger can read: it runs as its owner, with no document): the spreadsheets they scheduled, their
 * trigger, a private id that recognises their schedules, and notes about spreadsheets that were dropped.
 */

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

/** The spreadsheets this user scheduled: id → the name it had, for notes. */
export function scheduledSpreadsheets(): Record<string, { name: string }> {
  const value = readJson<Record<string, { name: string }>>(SCHEDULED, {});
  return typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/**
 * Adds a spreadsheet to the user's schedule, or (name null) removes it.
 * @param id the spreadsheet's id
 * @param name its name, or null to remove
 */
export function setScheduled(id: string, name: string | null): void {
  const all = scheduledSpreadsheets();
  if (name === null) delete all[id];
  else all[id] = { name: name.slice(0, 100) };
  if (Object.keys(all).length) props().setProperty(SCHEDULED, JSON.stringify(all));
  else props().deleteProperty(SCHEDULED);
}

/** What the user's scheduled runs reported, newest first. */
export function readNotes(): { at: string; message: string }[] {
  const notes = readJson<{ at: string; message: string }[]>(NOTES, []);
  return Array.isArray(notes) ? notes : [];
}

/**
 * Records a note for the sidebar (shown in any spreadsheet the user opens it in).
 * @param message what happened
 */
export function addNote(message: string): void {
  const notes = [{ at: new Date().toISOString(), message: message.slice(0, 300) }, ...readNotes()].slice(0, MAX_NOTES);
  props().setProperty(NOTES, JSON.stringify(notes));
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
