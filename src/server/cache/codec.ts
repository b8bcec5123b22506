/**
 * How cached answers are written: small JSON as is, larger JSON gzipped and base64-encoded (ASCII, so
 * its byte size is its length), and anything over one value's limit split into parts under a head.
 */

/** Google refuses values over 100 KB; stay under it with room for the part prefix. */
export const MAX_VALUE_CHARS = 100_000;
/** Below this, compressing costs more time than it saves space. */
const COMPRESS_FROM_CHARS = 4_096;

/**
 * Encodes a value: `j<json>` or `z<base64 gzip>`.
 * @param json serialised answer
 */
export function encode(json: string): string {
  if (json.length < COMPRESS_FROM_CHARS) return `j${json}`;
  const zipped = Utilities.gzip(Utilities.newBlob(json, 'application/json'));
  return `z${Utilities.base64Encode(zipped.getBytes())}`;
}

/**
 * Reverses encode; undefined for anything unreadable (treated as a miss).
 * @param value as stored
 */
export function decode(value: string): string | undefined {
  try {
    if (value.startsWith('j')) return value.slice(1);
    if (value.startsWith('z')) {
      const blob = Utilities.newBlob(Utilities.base64Decode(value.slice(1)), 'application/x-gzip');
      return Utilities.ungzip(blob).getDataAsString('UTF-8');
    }
  } catch {
    // fall through: a corrupt entry is a miss
  }
  return undefined;
}

/**
 * Splits an encoded value into parts no larger than the limit, each tagged with the write's id so
 * parts of different writes are never joined.
 * @param encoded from encode
 * @param id a short random id of this write
 */
export function split(encoded: string, id: string): string[] {
  const size = MAX_VALUE_CHARS - id.length - 1;
  const parts: string[] = [];
  // Compressed values are ASCII; a small `j` value never needs splitting, so cutting by length is safe.
  for (let i = 0; i < encoded.length; i += size) parts.push(`${id}|${encoded.slice(i, i + size)}`);
  return parts;
}
