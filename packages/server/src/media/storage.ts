import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { HOT_CACHE_TTL_MS, withHotCache } from './hot-cache';
import { s3MediaStore } from './s3-store';
import { checkMediaName, type MediaStore } from './store-api';

export type { ByteRange, MediaStore, StoredStream } from './store-api';

export interface DiskMediaStore extends MediaStore {
  /** The file behind a name (tests and operations tooling). */
  pathOf(name: string): string;
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
    const s3 = config.media?.s3;
    // A remote store gets a per-instance memory cache of hot photos (MEDIA_CACHE_MB; hot-cache.ts).
    store = s3
      ? s3.cacheBytes > 0
        ? withHotCache(s3MediaStore(s3), { maxBytes: s3.cacheBytes, ttlMs: HOT_CACHE_TTL_MS })
        : s3MediaStore(s3)
      : diskStoreFor(config);
    stores.set(config, store);
  }
  return store;
}

/** The disk store under DATA_DIR/media (tests and tools that look at files). */
export function diskStoreFor(config: Pick<Config, 'dataDir'>): DiskMediaStore {
  return diskMediaStore(path.join(config.dataDir, 'media'));
}
