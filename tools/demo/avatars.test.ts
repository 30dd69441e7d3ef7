import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoAvatar } from './avatars';
import { DEMO_MEMBERS } from './seed';

describe('demo avatars', () => {
  it('are real, varied pictures, the same for the same member', async () => {
    const images = await Promise.all(DEMO_MEMBERS.map((m, i) => demoAvatar(m.name, i)));
    for (const image of images) {
      const meta = await sharp(image).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBeGreaterThanOrEqual(128);
      const { channels } = await sharp(image).stats();
      // A flat colour has no spread; a drawn face has dark lines and light skin.
      expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(20);
      expect(Math.max(...channels.map((c) => c.max - c.min))).toBeGreaterThan(150);
    }
    expect(new Set(images.map((i) => i.toString('base64'))).size).toBe(images.length);
    expect((await demoAvatar('lucia', 0)).equals(images[0])).toBe(true);
  });
});
