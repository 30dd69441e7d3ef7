import sharp from 'sharp';
import { invalid } from '../http/errors';
import type { VariantFormat } from './keys';

/** Widths outside this range are clamped into it. */
export const MIN_WIDTH = 16;
export const MAX_WIDTH = 1200;

/** What the image service may do to a stored original; quality undefined means the default for the size. */
export interface Variant {
  width?: number;
  crop: boolean;
  blur: number;
  quality?: number;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
// Visually indistinguishable steps; fewer distinct variants to render and keep on disk.
const step5 = (n: number) => Math.round(n / 5) * 5;

function integer(query: Record<string, unknown>, name: string): number | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) throw invalid(name);
  return Number(value);
}

/**
 * `?w=&crop=1&blur=&q=` as the contract's imageUrl writes them. Numbers are clamped into range
 * (w 16..1200, blur 0..100, q 1..100); anything that is not a number (or 0/1 for crop) is a 400.
 */
export function parseVariant(query: Record<string, unknown>): Variant {
  const w = integer(query, 'w');
  if (w === 0) throw invalid('w', 'validation.tooSmall');
  const crop = query.crop;
  if (crop !== undefined && !['', '0', '1', 'true', 'false'].includes(crop as string)) throw invalid('crop');
  const blur = integer(query, 'blur');
  const q = integer(query, 'q');
  return {
    width: w === undefined ? undefined : clamp(w, MIN_WIDTH, MAX_WIDTH),
    crop: crop === '1' || crop === 'true',
    blur: blur === undefined ? 0 : step5(clamp(blur, 0, 100)),
    quality: q === undefined ? undefined : clamp(step5(q), 5, 100),
  };
}

export const isOriginal = (v: Variant) => !v.width && !v.crop && !v.blur && v.quality === undefined;

/** The variant's file name under the key's cache prefix; equal variants share one file. */
export function variantFile(v: Variant, ext: VariantFormat): string {
  return `w${v.width ?? 0}-c${v.crop ? 1 : 0}-b${v.blur}-q${v.quality ?? 'd'}.${ext}`;
}

/** Default compression: 0.75 when width or height is at least 200, 0.7 at width 90, else 0.5. */
export function defaultQuality(width: number, height: number): number {
  if (width >= 200 || height >= 200) return 75;
  if (width >= 90) return 70;
  return 50;
}

/**
 * The spec's blur runs 0-100 (ephemeral thumbnails use 50). As a Gaussian sigma it scales with
 * the output, so a 150 px and a 300 px thumbnail look equally blurred: 50 on 300 px is sigma 15,
 * enough that faces and text can't be made out; 100 leaves only colour.
 */
export function blurSigma(blur: number, width: number, height: number): number {
  return Math.max(0.3, (blur * Math.min(width, height)) / 1000);
}

/** Renders a variant of a stored original (never enlarged; crop is a centred square). */
export async function renderVariant(original: Buffer, v: Variant, ext: VariantFormat): Promise<Buffer> {
  const { width: ow = 1, height: oh = 1 } = await sharp(original).metadata();
  let width = ow;
  let height = oh;
  let pipeline = sharp(original);
  if (v.crop) {
    width = height = Math.min(v.width ?? Math.min(ow, oh), ow, oh);
    pipeline = pipeline.resize(width, height, { fit: 'cover', position: 'centre' });
  } else if (v.width && v.width < ow) {
    width = v.width;
    height = Math.max(1, Math.round((oh * width) / ow));
    pipeline = pipeline.resize(width, height);
  }
  if (v.blur) pipeline = pipeline.blur(blurSigma(v.blur, width, height));
  const quality = v.quality ?? defaultQuality(width, height);
  if (ext === 'avif') return pipeline.avif(avifOptions(quality)).toBuffer();
  pipeline = ext === 'webp' ? pipeline.webp({ quality }) : pipeline.jpeg({ quality });
  return pipeline.toBuffer();
}

/**
 * AVIF's quality scale runs lower than JPEG's for the same look (libaom at 50 is about JPEG at
 * 75-80), so the spec's qualities are scaled by 0.7. Effort 2 of 9: on a 150 px thumbnail it takes
 * about as long as WebP (26 ms against 27 ms; effort 4, sharp's default, 35 ms), which keeps a
 * first request's render near the bare-sharp reference of tools/bench/photos.ts.
 */
export function avifOptions(quality: number) {
  return { quality: Math.max(1, Math.round(quality * 0.7)), effort: 2 };
}
