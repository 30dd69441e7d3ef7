import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { PushConfig } from '../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID pair that signs every push: from the config when set, else generated once into
 * DATA_DIR (like http/secret.ts), so one machine needs no setup. Browsers subscribed with the
 * public key; changing it silently orphans every subscription, so it is kept, never rotated here.
 */
export function loadVapidKeys(config: { dataDir: string; push: PushConfig }): VapidKeys {
  const { vapidPublicKey, vapidPrivateKey } = config.push;
  if (vapidPublicKey && vapidPrivateKey) return { publicKey: vapidPublicKey, privateKey: vapidPrivateKey };
  if (vapidPublicKey || vapidPrivateKey)
    throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  const file = path.join(config.dataDir, '.vapid-keys.json');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const keys = webpush.generateVAPIDKeys();
    try {
      fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    } catch {
      // Another instance on the same folder wrote it first: theirs wins.
    }
    return JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  }
}
