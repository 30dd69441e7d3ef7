import { adventurer, avataaars, lorelei, micah, notionists, openPeeps, personas } from '@dicebear/collection';
import { createAvatar, type Style } from '@dicebear/core';
import sharp from 'sharp';

// biome-ignore lint/suspicious/noExplicitAny: each style has its own options type.
type AnyStyle = Style<any>;

/** One illustrated style per member, so the demo does not look like a single generator. */
const STYLES: Record<string, AnyStyle> = {
  lucia: lorelei,
  mateo: personas,
  valentina: adventurer,
  admin: notionists,
  carlos: avataaars,
  sofia: micah,
  diego: openPeeps,
  camila: lorelei,
};
const FALLBACK: AnyStyle[] = [adventurer, personas, micah, lorelei, notionists];
const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf'];

/** A member's demo picture: a DiceBear character drawn as SVG, rasterised to a 512 px PNG. */
export async function demoAvatar(name: string, index = 0): Promise<Buffer> {
  const style = STYLES[name] ?? FALLBACK[index % FALLBACK.length];
  const svg = createAvatar(style, {
    seed: `tertulia-${name}`,
    size: 512,
    backgroundColor: [BACKGROUNDS[index % BACKGROUNDS.length]],
  }).toString();
  return sharp(Buffer.from(svg)).png().toBuffer();
}
