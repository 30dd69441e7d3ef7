import type { Readable } from 'node:stream';

/** An inclusive byte range of a stored object (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media bytes live: the disk store (default) or any S3-compatible service (s3-store.ts),
 * chosen by MEDIA_STORE (docs/media-storage.md). Names are made by us (random keys plus fixed
 * prefixes), never by a member. Nothing is ever public in a bucket: the server checks access,
 * then streams, or redirects to a short-lived signed URL.
 */
export interface MediaStore {
  readonly kind: 'disk' | 's3';
  put(name: string, data: Uint8Array): Promise<void>;
  /** Streams a local file into the store (videos are never held whole in memory). */
  putFile(name: string, file: string): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the name. */
  get(name: string): Promise<Buffer | undefined>;
  /** The object's size in bytes, or undefined when missing. */
  size(name: string): Promise<number | undefined>;
  /** The bytes (or one inclusive range of them) as a stream, and how many; undefined when missing. */
  stream(name: string, range?: ByteRange): Promise<StoredStream | undefined>;
  /** Copies an object to a local file (ffmpeg reads files); false when missing. */
  download(name: string, file: string): Promise<boolean>;
  has(name: string): Promise<boolean>;
  /** Removes one name, or every name under a prefix that ends in '/'. Missing names are fine. */
  remove(name: string): Promise<void>;
  /** Every name under a prefix ending in '/', sorted. */
  list(prefix: string): Promise<string[]>;
  /** A URL reading the object for `seconds` (S3 only; the disk store has none). */
  signedUrl?(name: string, seconds: number, contentType?: string): Promise<string>;
}

export interface StoredStream {
  body: Readable;
  /** Bytes in `body` (the content length). */
  length: number;
}

// Lower-case segments of letters, digits, '.', '_' and '-', never starting with a dot: no '..',
// no absolute paths, no separators of another platform.
const NAME = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*\/?$/;

/** Throws for a name outside the rule above (both stores share it). */
export function checkMediaName(name: string): string {
  if (!NAME.test(name)) throw new Error(`bad media name ${name}`);
  return name;
}
