import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Sealed image references: an image shown without revealing which image it is (blurred
 * visitor tiles must not give away the visitor's key, which is also their public image1).
 * AES-256-GCM under a key derived from the server secret; every seal is different.
 */
const keyOf = (secret: string) => createHash('sha256').update(`image-seal:${secret}`).digest();

export function sealImageKey(secret: string, imageKey: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), nonce);
  const body = Buffer.concat([cipher.update(imageKey, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url');
}

export function unsealImageKey(secret: string, token: string): string | undefined {
  try {
    const data = Buffer.from(token, 'base64url');
    if (data.length < 12 + 16 + 1) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), data.subarray(0, 12));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([decipher.update(data.subarray(12, data.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}
