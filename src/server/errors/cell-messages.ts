/**
 * Reads the add-on's own messages back in a cell. A range formula writes a row it could not fill as
 * that row's message (a daily limit's row says when it is fetched); Freeze must not keep such a text as
 * if it were the result. Recognised by how each message begins (LEADS, which the messages are built
 * from), never by the layout of a complete result.
 */
import { LEADS } from './errors';

/** Why a cell holds no value: a daily limit, the time budget, or any other error of the add-on. */
export type MessageKind = 'limit' | 'budget' | 'error';

/**
 * Messages a range writes into a row that are built outside errors.ts, by the shaping of an answer
 * (shape/paths.ts: unknown, empty or ambiguous field; shape/score.ts: no or several score fields;
 * lookup/answer-shaping.ts: a list or table where one value fits, capitalised). The unit test of this
 * module runs those producers, so a change of their words shows there.
 */
const SHAPING =
  /^(?:Unknown field "|Field is empty|Field "[\s\S]*" (?:is ambiguous|could be |gives a )|No score field found:|Several score fields:)/;

// A kept answer's line: the result is not current, so it is held like a daily limit's row; the
// spreadsheet's own cap holds a row as a daily limit does.
const KIND_OF_LEAD: Partial<Record<keyof typeof LEADS, MessageKind>> = {
  dailyLimit: 'limit',
  spendCap: 'limit',
  kept: 'limit',
  notInTime: 'budget',
};

/**
 * What a cell's value says when it is one of the add-on's messages instead of a value; undefined for a
 * value (a number, a date, the service's text).
 * @param value a value as getValues() gives it
 */
export function messageKind(value: unknown): MessageKind | undefined {
  if (typeof value !== 'string') return undefined;
  const key = (Object.keys(LEADS) as (keyof typeof LEADS)[]).find((k) => value.startsWith(LEADS[k]));
  if (key) return KIND_OF_LEAD[key] ?? 'error';
  return SHAPING.test(value) ? 'error' : undefined;
}
