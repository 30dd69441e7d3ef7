/** Client resize to at most 1200 by 1200, JPEG quality 0.5, after 100 ms. */
export const RESIZE_MAX_PX = 1200;
export const RESIZE_QUALITY = 0.5;
export const RESIZE_DELAY_MS = 100;
export const RESIZABLE_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png'] as const;

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Output type by extension; files without one are treated as JPEG. */
export function outputTypeOf(name: string): string | undefined {
  const ext = extensionOf(name);
  if (!ext) return TYPES.jpeg;
  return TYPES[ext];
}

/** Fit inside max by max, aspect kept; never enlarged. */
export function fitWithin(
  width: number,
  height: number,
  max = RESIZE_MAX_PX,
): { width: number; height: number } {
  const scale = Math.min(1, max / width, max / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface ImageCodec {
  decode(file: Blob): Promise<{ width: number; height: number; source: CanvasImageSource }>;
  encode(
    source: CanvasImageSource,
    width: number,
    height: number,
    type: string,
    quality: number,
  ): Promise<Blob>;
}

const browserCodec: ImageCodec = {
  async decode(file) {
    const bitmap = await createImageBitmap(file);
    return { width: bitmap.width, height: bitmap.height, source: bitmap };
  },
  encode(source, width, height, type, quality) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return Promise.reject(new Error('no 2d context'));
    context.drawImage(source, 0, 0, width, height);
    return new Promise((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encode failed'))), type, quality),
    );
  },
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Returns a smaller image, or the original when the type is not resizable, resizing fails, or
 * the result is not smaller (re-encoding a small PNG can make it bigger).
 */
export async function resizeImage(file: File, codec: ImageCodec = browserCodec): Promise<Blob> {
  const type = outputTypeOf(file.name);
  if (!type) return file;
  // Let the UI paint the chosen file before the heavy decode starts.
  await wait(RESIZE_DELAY_MS);
  try {
    const image = await codec.decode(file);
    const size = fitWithin(image.width, image.height);
    const blob = await codec.encode(image.source, size.width, size.height, type, RESIZE_QUALITY);
    return blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}
