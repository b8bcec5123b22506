/**
 * Bytes and charsets as Apps Script has them: byte arrays are plain arrays of SIGNED numbers
 * (-128..127, Java's byte), strings are encoded with a named charset (UTF-8 unless told).
 */
import { GasException } from '../execution/execution.js';
import { stringOf } from '../execution/realm.js';
import { signatureError } from '../execution/service.js';

/** Java-style signed bytes, as Google returns them from getBytes(), computeDigest()... */
export function toSignedBytes(buf: Uint8Array): number[] {
  const out = new Array<number>(buf.length);
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i] as number;
    out[i] = b > 127 ? b - 256 : b;
  }
  return out;
}

/**
 * Reads a byte array passed by the script (signed or unsigned numbers, or a typed array).
 * Returns undefined when `value` is not bytes.
 */
export function fromScriptBytes(value: unknown): Buffer | undefined {
  if (ArrayBuffer.isView(value)) {
    return Buffer.from(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
  }
  if (!Array.isArray(value)) return undefined;
  const buf = Buffer.alloc(value.length);
  for (let i = 0; i < value.length; i++) {
    const n: unknown = value[i];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < -128 || n > 255) return undefined;
    buf[i] = n & 0xff;
  }
  return buf;
}

/** Like fromScriptBytes, but throws Google's signature error when `value` is not bytes. */
export function requireBytes(value: unknown, method: string, args: readonly unknown[]): Buffer {
  const buf = fromScriptBytes(value);
  if (!buf) throw signatureError(method, args);
  return buf;
}

type Encoding = 'utf8' | 'ascii' | 'latin1' | 'utf16le';

/**
 * Maps Utilities.Charset values and Java charset names to an encoding. Other names TextDecoder knows
 * (e.g. "windows-1252" from a Content-Type header) can be decoded but not encoded.
 */
function encodingOf(charset: unknown): { encoding: Encoding | undefined; label: string } {
  if (charset === undefined || charset === null) return { encoding: 'utf8', label: 'utf-8' };
  const name = stringOf(charset).toUpperCase().replace(/_/g, '-');
  switch (name) {
    case 'UTF-8':
    case 'UTF8':
      return { encoding: 'utf8', label: 'utf-8' };
    case 'US-ASCII':
    case 'ASCII':
      return { encoding: 'ascii', label: 'us-ascii' };
    case 'ISO-8859-1':
    case 'LATIN1':
      return { encoding: 'latin1', label: 'iso-8859-1' };
    case 'UTF-16LE':
      return { encoding: 'utf16le', label: 'utf-16le' };
    default:
      try {
        new TextDecoder(name);
        return { encoding: undefined, label: name };
      } catch {
        throw new GasException(`Invalid argument: charset`);
      }
  }
}

/** Encodes a string; characters the charset cannot hold become "?" as in Java. */
export function encodeString(text: string, charset?: unknown): Buffer {
  const { encoding } = encodingOf(charset);
  // The ranges start at U+0000 on purpose: everything outside them is what the charset cannot hold.
  // eslint-disable-next-line no-control-regex
  if (encoding === 'ascii') return Buffer.from(text.replace(/[^\x00-\x7f]/gu, '?'), 'latin1');
  // eslint-disable-next-line no-control-regex
  if (encoding === 'latin1') return Buffer.from(text.replace(/[^\x00-\xff]/gu, '?'), 'latin1');
  if (encoding === undefined) throw new GasException(`Invalid argument: charset`);
  return Buffer.from(text, encoding);
}

/** Decodes bytes; invalid sequences become U+FFFD. */
export function decodeBytes(buf: Uint8Array, charset?: unknown): string {
  const { encoding, label } = encodingOf(charset);
  if (encoding === 'ascii')
    return Buffer.from(buf)
      .toString('latin1')
      .replace(/[\x80-\xff]/g, '\ufffd');
  return new TextDecoder(label).decode(buf);
}

/** The charset named in a Content-Type header, if any. */
export function charsetOfContentType(contentType: string | undefined): string | undefined {
  const m = contentType ? /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType) : null;
  return m?.[1];
}
