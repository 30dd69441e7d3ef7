import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/** SECRET_KEY, or a key generated once into DATA_DIR (one machine needs no setup). */
export function loadSecret(config: Pick<Config, 'secretKey' | 'dataDir'>): string {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, '.secret-key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const key = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    return fs.readFileSync(file, 'utf8').trim();
  }
}

export function sign(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url');
}
