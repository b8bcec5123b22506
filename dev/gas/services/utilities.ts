/**
 * Utilities: digests and HMACs as SIGNED byte arrays, base64 (web-safe keeps "=" padding), blobs,
 * gzip, a sleep that really blocks and counts against the deadline, UUIDs, formatDate, formatString.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { format as nodeFormat } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { BlobFake, blobFromScript } from './blob.js';
import { encodeString, fromScriptBytes, toSignedBytes } from './bytes.js';
import type { Execution } from '../execution/execution.js';
import { GasException } from '../execution/execution.js';
import { formatDate } from './format-date.js';
import { isDate, stringOf } from '../execution/realm.js';
import { GasObject, signatureError } from '../execution/service.js';

const DIGESTS: Record<string, string> = {
  MD5: 'md5',
  SHA_1: 'sha1',
  SHA_256: 'sha256',
  SHA_384: 'sha384',
  SHA_512: 'sha512',
};
const MACS: Record<string, string> = {
  HMAC_MD5: 'md5',
  HMAC_SHA_1: 'sha1',
  HMAC_SHA_256: 'sha256',
  HMAC_SHA_384: 'sha384',
  HMAC_SHA_512: 'sha512',
};

/** Longest Utilities.sleep Google allows (5 minutes). */
export const MAX_SLEEP_MS = 300_000;

const enumOf = <K extends string>(names: readonly K[]): Readonly<Record<K, K>> =>
  Object.freeze(Object.fromEntries(names.map((n) => [n, n])) as Record<K, K>);

/** A string (encoded with `charset`) or a byte array, else Google's signature error. */
function dataBytes(value: unknown, charset: unknown, method: string, args: readonly unknown[]): Buffer {
  if (typeof value === 'string') return encodeString(value, charset);
  const buf = fromScriptBytes(value);
  if (!buf) throw signatureError(method, args);
  return buf;
}

const STD_B64 = /^[A-Za-z0-9+/]*={0,2}$/;
const WEB_B64 = /^[A-Za-z0-9_-]*={0,2}$/;

function decodeBase64(encoded: unknown, webSafe: boolean, method: string, args: readonly unknown[]): Buffer {
  if (typeof encoded !== 'string') throw signatureError(method, args);
  const unpadded = encoded.replace(/=+$/, '');
  if (!(webSafe ? WEB_B64 : STD_B64).test(encoded) || unpadded.length % 4 === 1) {
    throw new GasException('Could not decode string.');
  }
  return Buffer.from(encoded, webSafe ? 'base64url' : 'base64');
}

/** Java String.format subset: %s %d %f %.Nf %x %% (enough for Apps Script logging helpers). */
function formatString(template: string, values: readonly unknown[]): string {
  let i = 0;
  return template.replace(/%(\.\d+)?([sdfx%])/g, (whole, precision: string | undefined, conv: string) => {
    if (conv === '%') return '%';
    if (i >= values.length) throw new GasException(`Format specifier '${whole}' has no argument`);
    const v = values[i++];
    switch (conv) {
      case 'd':
        return String(Math.trunc(Number(v)));
      case 'f':
        return Number(v).toFixed(precision ? Number(precision.slice(1)) : 6);
      case 'x':
        return Math.trunc(Number(v)).toString(16);
      default:
        return typeof v === 'string' ? v : nodeFormat('%s', v);
    }
  });
}

/** The `Utilities` global. */
export class UtilitiesFake extends GasObject {
  readonly gasType = 'Utilities';
  readonly DigestAlgorithm = enumOf(['MD2', 'MD5', 'SHA_1', 'SHA_256', 'SHA_384', 'SHA_512'] as const);
  readonly MacAlgorithm = enumOf(['HMAC_MD5', 'HMAC_SHA_1', 'HMAC_SHA_256', 'HMAC_SHA_384', 'HMAC_SHA_512'] as const);
  readonly Charset = enumOf(['US_ASCII', 'UTF_8'] as const);
  readonly #exec: Execution;

  constructor(exec: Execution) {
    super();
    this.#exec = exec;
  }

  /** computeDigest(algorithm, value, [charset]) → signed bytes. */
  computeDigest(...args: unknown[]): number[] {
    const [algorithm, value, charset] = args;
    const alg = DIGESTS[String(algorithm)];
    if (!alg) {
      if (algorithm === 'MD2') throw new GasException('MD2 is not supported by dev/gas.');
      throw signatureError('Utilities.computeDigest', args);
    }
    const data = dataBytes(value, charset, 'Utilities.computeDigest', args);
    return toSignedBytes(createHash(alg).update(data).digest());
  }

  /** computeHmacSignature(algorithm, value, key, [charset]) → signed bytes. */
  computeHmacSignature(...args: unknown[]): number[] {
    const [algorithm, value, key, charset] = args;
    const alg = MACS[String(algorithm)];
    if (!alg) throw signatureError('Utilities.computeHmacSignature', args);
    const data = dataBytes(value, charset, 'Utilities.computeHmacSignature', args);
    const secret = dataBytes(key, charset, 'Utilities.computeHmacSignature', args);
    return toSignedBytes(createHmac(alg, secret).update(data).digest());
  }

  computeHmacSha256Signature(...args: unknown[]): number[] {
    return this.computeHmacSignature('HMAC_SHA_256', ...args);
  }

  base64Encode(...args: unknown[]): string {
    return dataBytes(args[0], args[1], 'Utilities.base64Encode', args).toString('base64');
  }

  /** Web-safe alphabet ("-" and "_"), padding kept as Google does. */
  base64EncodeWebSafe(...args: unknown[]): string {
    return dataBytes(args[0], args[1], 'Utilities.base64EncodeWebSafe', args).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
  }

  base64Decode(...args: unknown[]): number[] {
    return toSignedBytes(decodeBase64(args[0], false, 'Utilities.base64Decode', args));
  }

  base64DecodeWebSafe(...args: unknown[]): number[] {
    return toSignedBytes(decodeBase64(args[0], true, 'Utilities.base64DecodeWebSafe', args));
  }

  /** newBlob(data, [contentType], [name]); a string is stored as UTF-8. */
  newBlob(...args: unknown[]): BlobFake {
    const [data, contentType, name] = args;
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : fromScriptBytes(data);
    if (!bytes) throw signatureError('Utilities.newBlob', args);
    return new BlobFake(
      bytes,
      contentType === undefined || contentType === null ? null : stringOf(contentType),
      name === undefined || name === null ? null : stringOf(name),
    );
  }

  gzip(...args: unknown[]): BlobFake {
    const blob = blobFromScript(args[0]);
    if (!blob) throw signatureError('Utilities.gzip', args);
    const name = args[1] !== undefined ? stringOf(args[1]) : blob.getName() !== null ? `${blob.getName()}.gz` : 'archive.gz';
    return new BlobFake(gzipSync(BlobFake.bytesOf(blob)), 'application/x-gzip', name);
  }

  ungzip(...args: unknown[]): BlobFake {
    const blob = blobFromScript(args[0]);
    if (!blob) throw signatureError('Utilities.ungzip', args);
    let out: Buffer;
    try {
      out = gunzipSync(BlobFake.bytesOf(blob));
    } catch {
      throw new GasException('Could not decompress gzip.');
    }
    const name = blob.getName();
    return new BlobFake(out, null, name === null ? null : name.replace(/\.gz$/i, ''));
  }

  /** Really blocks; past the deadline the execution is terminated. */
  sleep(...args: unknown[]): void {
    const [ms] = args;
    if (typeof ms !== 'number' || !Number.isFinite(ms)) throw signatureError('Utilities.sleep', args);
    if (ms < 0 || ms > MAX_SLEEP_MS) throw new GasException('Invalid argument: milliseconds');
    this.#exec.scriptSleep(ms);
  }

  getUuid(): string {
    return randomUUID();
  }

  formatDate(...args: unknown[]): string {
    const [date, timeZone, pattern] = args;
    if (!isDate(date) || typeof timeZone !== 'string' || typeof pattern !== 'string') {
      throw signatureError('Utilities.formatDate', args);
    }
    if (Number.isNaN(date.getTime())) throw new GasException('Invalid argument: date');
    return formatDate(date, timeZone, pattern);
  }

  formatString(...args: unknown[]): string {
    const [template, ...values] = args;
    if (typeof template !== 'string') throw signatureError('Utilities.formatString', args);
    return formatString(template, values);
  }
}
