/**
 * One time-driven trigger per user, whatever number of spreadsheets they schedule.
 *
 * Google attaches an add-on's time-driven trigger to the script, allows one of each kind per user per
 * document, and lists a user's triggers per document. So the trigger is made in the spreadsheet where
 * the user first schedules something, recorded in their user properties, and reused from every other
 * spreadsheet while it is alive (it ran, or was made, recently). When nothing is scheduled any more, it
 * is deleted here if it lives here, or deletes itself on its next run.
 */
import { readTriggerRecord, scheduledSpreadsheets, writeTriggerRecord, type TriggerRecord } from './registry';

/** The trigger's handler: a public top-level function. */
export const SCHEDULE_HANDLER = 'refreshRankingTables';

/**
 * A recorded trigger counts as alive if it ran (or was made) this recently. It runs every hour, at a
 * minute Google picks, so two runs may be nearly two hours apart; three hours without one means it
 * stopped (the add-on was disabled or removed where it lives, or the day's trigger time ran out).
 */
export const ALIVE_MS = 3 * 3_600_000;

/**
 * Makes the user's triggers match their schedules: one hourly trigger while anything is scheduled,
 * none otherwise. Running it twice changes nothing.
 * @param spreadsheet the open spreadsheet (where a new trigger is made)
 */
export function syncTrigger(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): void {
  const wanted = Object.keys(scheduledSpreadsheets()).length > 0;
  const here = ScriptApp.getUserTriggers(spreadsheet).filter((t) => t.getHandlerFunction() === SCHEDULE_HANDLER);
  const record = readTriggerRecord();
  const documentId = spreadsheet.getId();
  if (!wanted) {
    for (const trigger of here) ScriptApp.deleteTrigger(trigger);
    if (record && (record.documentId === documentId || here.some((t) => t.getUniqueId() === record.uid))) writeTriggerRecord(null);
    return;
  }
  const [keep, ...extra] = here;
  for (const trigger of extra) ScriptApp.deleteTrigger(trigger);
  if (keep) {
    if (record?.uid !== keep.getUniqueId()) writeTriggerRecord(newRecord(keep.getUniqueId(), documentId));
    return;
  }
  if (record && record.documentId !== documentId && isAlive(record)) return;
  const trigger = ScriptApp.newTrigger(SCHEDULE_HANDLER).timeBased().everyHours(1).create();
  writeTriggerRecord(newRecord(trigger.getUniqueId(), documentId));
}

/**
 * Makes the user's trigger anew in the open spreadsheet, replacing any of theirs made here, and records
 * it: a stopped trigger elsewhere finds on its next run (if it ever runs again) that it is not the
 * recorded one and deletes itself, so one trigger serves the user and nothing runs twice.
 * @param spreadsheet the open spreadsheet
 */
export function remakeTrigger(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): void {
  for (const trigger of ScriptApp.getUserTriggers(spreadsheet)) {
    if (trigger.getHandlerFunction() === SCHEDULE_HANDLER) ScriptApp.deleteTrigger(trigger);
  }
  const trigger = ScriptApp.newTrigger(SCHEDULE_HANDLER).timeBased().everyHours(1).create();
  writeTriggerRecord(newRecord(trigger.getUniqueId(), spreadsheet.getId()));
}

/**
 * Deletes a trigger of this user by id, if Google lists it in this execution.
 * @param uid the trigger's unique id
 */
export function deleteTriggerById(uid: string): void {
  for (const trigger of ScriptApp.getProjectTriggers()) {
    if (trigger.getUniqueId() === uid) ScriptApp.deleteTrigger(trigger);
  }
}

function newRecord(uid: string, documentId: string): TriggerRecord {
  return { uid, documentId, createdAt: new Date().toISOString(), seenAt: null };
}

/**
 * Whether the recorded trigger ran (or was made) within ALIVE_MS.
 * @param record the user's trigger record
 */
export function isAlive(record: TriggerRecord): boolean {
  const last = Date.parse(record.seenAt ?? record.createdAt);
  return Number.isFinite(last) && Date.now() - last < ALIVE_MS;
}
