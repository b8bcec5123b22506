/** A request the service refuses with 400, and the reading of a control body's numbers. */

/** A JSON object as a body reads. */
export type Json = Record<string, unknown>;

/** Thrown for a request the service answers with 400 bad_request and its message. */
export class BadRequest extends Error {}

/** Reads an optional non-negative finite number from a control body. */
export function optNum(body: Json, name: string): number | undefined {
  const v = body[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new BadRequest(`${name} must be a non-negative number`);
  return v;
}
