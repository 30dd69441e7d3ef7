import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

/**
 * Where media bytes live. Names are made by us (random keys plus fixed prefixes), never by a
 * member. An S3-style store can replace the disk one by implementing these four calls.
 */
export interface MediaStore {
  put(name: string, data: Uint8Array): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the name. */
  get(name: string): Promise<Buffer | undefined>;
  has(name: string): Promise<boolean>;
  /** Removes one name, or every name under a prefix that ends in '/'. Missing names are fine. */
  remove(name: string): Promise<void>;
}

export interface DiskMediaStore extends MediaStore {
  /** The file behind a name (tests and operations tooling). */
  pathOf(name: string): string;
}

// Lower-case segments of letters, digits, '.', '_' and '-', never starting with a dot: no '..',
// no absolute paths, no separators of another platform.
const NAME = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*\/?$/;

export function diskMediaStore(root: string): DiskMediaStore {
  const base = path.resolve(root);
  const pathOf = (name: string) => {
    const full = path.resolve(base, name);
    if (!NAME.test(name) || !full.startsWith(base + path.sep)) throw new Error(`bad media name ${name}`);
    return full;
  };
  return {
    pathOf,
    async put(name, data) {
      const file = pathOf(name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: readers never see half a file, concurrent writers of a name both win.
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
    },
    async get(name) {
      try {
        return await fs.readFile(pathOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async has(name) {
      try {
        return (await fs.stat(pathOf(name))).isFile();
      } catch {
        return false;
      }
    },
    async remove(name) {
      await fs.rm(pathOf(name), { recursive: name.endsWith('/'), force: true });
    },
  };
}

/** The deployment's media store: DATA_DIR/media on disk. */
export function mediaStoreFor(config: Pick<Config, 'dataDir'>): DiskMediaStore {
  return diskMediaStore(path.join(config.dataDir, 'media'));
}
