/**
 * Google's limits on properties, checked before a write so that the user reads what to remove instead
 * of Google's refusal ("Something went wrong"): a value at most 9 KB, a store at most 500 KB (keys and
 * values, UTF-8; Apps Script quotas page). The developer-metadata guard in spreadsheet/spreadsheet-store.ts is the
 * same idea for a spreadsheet's 30,000 characters.
 */
import { errors } from '../errors/errors';

/** Google's limit on one property value, in UTF-8 bytes. */
export const PROPERTY_VALUE_LIMIT_BYTES = 9 * 1024;
/** Google's limit on one properties store (keys plus values), in UTF-8 bytes. */
export const PROPERTY_STORE_LIMIT_BYTES = 500 * 1024;
/**
 * Kept free by every write a user asks for, so that what runs write by themselves (a scheduled run's
 * trigger record and notes, the last usage read) still fits: those are never refused to a user.
 */
export const BACKGROUND_RESERVE_BYTES = 24 * 1024;

/** What a user is told when their own store would pass 500 KB: before Google refuses it, with what to remove. */
export const USER_SETTINGS_FULL_MESSAGE =
  'Your Search Demand settings are full (Google keeps 500 KB per user): forget ranking tables or tracking lists in spreadsheets you no longer use, then try again. Nothing was changed.';

/** Why Google would refuse a write: one value over 9 KB, or the store past 500 KB. */
export type PropertyWriteProblem = 'value' | 'store' | null;

/**
 * UTF-8 length, as Google counts a property's key and value.
 * @param text any text
 */
export function utf8Bytes(text: string): number {
  let n = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    n += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return n;
}

/**
 * Why a write would not fit, checked against a store's current content (read once by the caller with
 * `getProperties()`); null when it fits.
 * @param current the store's properties before the write
 * @param set keys to set and their values
 * @param remove keys the same change deletes
 * @param reserve bytes to leave free under 500 KB (BACKGROUND_RESERVE_BYTES for a user's action)
 */
export function propertyWriteProblem(
  current: Record<string, string>,
  set: Record<string, string>,
  remove: readonly string[] = [],
  reserve = 0,
): PropertyWriteProblem {
  if (Object.values(set).some((value) => utf8Bytes(value) > PROPERTY_VALUE_LIMIT_BYTES)) return 'value';
  let total = 0;
  for (const [key, value] of Object.entries(current)) {
    if (!Object.prototype.hasOwnProperty.call(set, key) && !remove.includes(key)) total += utf8Bytes(key) + utf8Bytes(value);
  }
  for (const [key, value] of Object.entries(set)) total += utf8Bytes(key) + utf8Bytes(value);
  return total > PROPERTY_STORE_LIMIT_BYTES - reserve ? 'store' : null;
}

/**
 * Refuses (changing nothing) a write a user asked for to their own properties unless it fits, with room
 * left for what runs write by themselves. Costs one read of the store.
 * @param set keys to set and their values
 * @param tooLong the message when one value is over 9 KB (what the user typed or made too long)
 */
export function assertUserSettingsFit(set: Record<string, string>, tooLong: string): void {
  const problem = propertyWriteProblem(PropertiesService.getUserProperties().getProperties(), set, [], BACKGROUND_RESERVE_BYTES);
  if (problem === 'value') throw errors.input(tooLong);
  if (problem === 'store') throw errors.input(USER_SETTINGS_FULL_MESSAGE);
}
