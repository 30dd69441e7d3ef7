import { randomBytes } from 'node:crypto';

/** Stored images are JPEG, or WebP when they have transparency. */
export type ImageExt = 'jpg' | 'webp';

/** What a resized variant may be served as: a stored format, or AVIF for browsers that take it. */
export type VariantFormat = ImageExt | 'avif';

export const CONTENT_TYPES: Record<VariantFormat, string> = {
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
};

// 128 random bits: unguessable, never reused, so a key's bytes never change.
const KEY = /^([0-9a-f]{32})\.(jpg|webp)$/;

export function newImageKey(ext: ImageExt): string {
  return `${randomBytes(16).toString('hex')}.${ext}`;
}

export function parseImageKey(key: string): { stem: string; ext: ImageExt } | undefined {
  const match = KEY.exec(key);
  return match ? { stem: match[1], ext: match[2] as ImageExt } : undefined;
}

/** Store names, sharded by the first two hex digits so no folder grows too large. */
export const originalName = (key: string) => `orig/${key.slice(0, 2)}/${key}`;
/** Every resized variant of a key lives under one prefix, so deleting a photo removes them all. */
export const variantPrefix = (key: string) => `cache/${key.slice(0, 2)}/${key.slice(0, 32)}/`;
