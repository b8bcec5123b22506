/** Blob: bytes with a content type and a name. */
import { decodeBytes, encodeString, requireBytes, toSignedBytes } from './bytes.js';
import { GasException } from '../execution/execution.js';
import { stringOf } from '../execution/realm.js';
import { GasObject, signatureError, unwrap } from '../execution/service.js';

export class BlobFake extends GasObject {
  readonly gasType = 'Blob';
  #bytes: Buffer;
  #contentType: string | null;
  #name: string | null;

  constructor(bytes: Buffer, contentType: string | null = null, name: string | null = null) {
    super();
    this.#bytes = bytes;
    this.#contentType = contentType;
    this.#name = name;
  }

  /** The raw bytes (node side; not reachable from the script). */
  static bytesOf(blob: BlobFake): Buffer {
    return blob.#bytes;
  }

  getBytes(): number[] {
    return toSignedBytes(this.#bytes);
  }

  setBytes(...args: unknown[]): this {
    this.#bytes = requireBytes(args[0], 'Blob.setBytes', args);
    return this;
  }

  getDataAsString(charset?: unknown): string {
    return decodeBytes(this.#bytes, charset);
  }

  setDataFromString(...args: unknown[]): this {
    if (typeof args[0] !== 'string') throw signatureError('Blob.setDataFromString', args);
    this.#bytes = encodeString(args[0], args[1]);
    return this;
  }

  getContentType(): string | null {
    return this.#contentType;
  }

  setContentType(contentType: unknown): this {
    this.#contentType = contentType === null || contentType === undefined ? null : stringOf(contentType);
    return this;
  }

  getName(): string | null {
    return this.#name;
  }

  setName(name: unknown): this {
    this.#name = name === null || name === undefined ? null : stringOf(name);
    return this;
  }

  copyBlob(): BlobFake {
    return new BlobFake(Buffer.from(this.#bytes), this.#contentType, this.#name);
  }

  getBlob(): this {
    return this;
  }

  /** Only a conversion to the blob's own type is supported here. */
  getAs(contentType: unknown): BlobFake {
    if (String(contentType) !== this.#contentType) {
      throw new GasException(`Converting from ${this.#contentType ?? 'unknown'} to ${String(contentType)} is not supported.`);
    }
    return this.copyBlob();
  }

  isGoogleType(): boolean {
    return false;
  }

  override toString(): string {
    return 'Blob';
  }
}

/** A Blob or a BlobSource (e.g. an HTTPResponse) passed by the script, or undefined. */
export function blobFromScript(value: unknown): BlobFake | undefined {
  const target = unwrap(value);
  if (target instanceof BlobFake) return target;
  if (target && typeof (target as { getBlob?: unknown }).getBlob === 'function') {
    const blob: unknown = (target as unknown as { getBlob(): unknown }).getBlob();
    if (blob instanceof BlobFake) return blob;
  }
  return undefined;
}
