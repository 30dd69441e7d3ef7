import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { s3MediaStore } from './s3-store';

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

export interface DiskMediaStore extends MediaStore {
  /** The file behind a name (tests and operations tooling). */
  pathOf(name: string): string;
}

// Lower-case segments of letters, digits, '.', '_' and '-', never starting with a dot: no '..',
// no absolute paths, no separators of another platform.
const NAME = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*\/?$/;

/** Throws for a name outside the rule above (both stores share it). */
export function checkMediaName(name: string): string {
  if (!NAME.test(name)) throw new Error(`bad media name ${name}`);
  return name;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function diskMediaStore(root: string): DiskMediaStore {
  const base = path.resolve(root);
  const pathOf = (name: string) => {
    const full = path.resolve(base, checkMediaName(name));
    if (!full.startsWith(base + path.sep)) throw new Error(`bad media name ${name}`);
    return full;
  };
  // Write then rename: readers never see half a file, concurrent writers of a name both win.
  const place = async (name: string, write: (temp: string) => Promise<void>) => {
    const file = pathOf(name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await write(temp);
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  };
  const size = async (name: string) => {
    try {
      const stat = await fs.stat(pathOf(name));
      return stat.isFile() ? stat.size : undefined;
    } catch {
      return undefined;
    }
  };
  async function walk(dir: string, prefix: string, out: string[]) {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (missing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.endsWith('.tmp')) continue;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${prefix}${entry.name}/`, out);
      else if (entry.isFile()) out.push(prefix + entry.name);
    }
  }
  return {
    kind: 'disk',
    pathOf,
    put: (name, data) => place(name, (temp) => fs.writeFile(temp, data)),
    putFile: (name, file) => place(name, (temp) => fs.copyFile(file, temp)),
    async get(name) {
      try {
        return await fs.readFile(pathOf(name));
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    size,
    async stream(name, range) {
      const total = await size(name);
      if (total === undefined) return undefined;
      const body = createReadStream(pathOf(name), range ? { start: range.start, end: range.end } : {});
      return { body, length: range ? Math.min(range.end, total - 1) - range.start + 1 : total };
    },
    async download(name, file) {
      try {
        await fs.copyFile(pathOf(name), file);
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    has: async (name) => (await size(name)) !== undefined,
    async remove(name) {
      await fs.rm(pathOf(name), { recursive: name.endsWith('/'), force: true });
    },
    async list(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`a prefix ends in '/': ${prefix}`);
      const out: string[] = [];
      await walk(pathOf(prefix), prefix, out);
      return out.sort();
    },
  };
}

// One store per configuration: the S3 one holds a client with its connection pool.
const stores = new WeakMap<object, MediaStore>();

/** The deployment's media store: DATA_DIR/media on disk, or the S3 bucket MEDIA_STORE=s3 names. */
export function mediaStoreFor(config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 'media'>>): MediaStore {
  let store = stores.get(config);
  if (!store) {
    store = config.media?.s3 ? s3MediaStore(config.media.s3) : diskStoreFor(config);
    stores.set(config, store);
  }
  return store;
}

/** The disk store under DATA_DIR/media (tests and tools that look at files). */
export function diskStoreFor(config: Pick<Config, 'dataDir'>): DiskMediaStore {
  return diskMediaStore(path.join(config.dataDir, 'media'));
}
