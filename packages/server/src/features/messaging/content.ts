import { imageUrl } from '@tertulia/contract';

/**
 * Message content is plain text stored as typed (the web renders markers and emoticons safely).
 * Attachments travel as tags inside the text: [image]url[/image], [audio]url[/audio],
 * [gift]id[/gift], [icebreaker]text[/icebreaker]; [photo], [video] and [giphy] likewise.
 */
export type Tag = 'image' | 'audio' | 'gift' | 'icebreaker' | 'photo' | 'video' | 'giphy' | 'spin';

export const tagged = (tag: Tag, value: string) => `[${tag}]${value}[/${tag}]`;

/** A line with a picture: the text (if any), then the image's URL in a photo tag. */
export const withPhoto = (text: string, imageKey: string) =>
  text.trim() ? `${text}\n${tagged('photo', imageUrl(imageKey))}` : tagged('photo', imageUrl(imageKey));

const has = (content: string, tag: Tag) => content.includes(`[${tag}]`);

/** The line a conversation list shows for a message: attachments become a word. */
export function previewText(content: string, locale: 'es' | 'en' = 'es'): string {
  const words =
    locale === 'es'
      ? { photo: 'Foto', video: 'Video', audio: 'Mensaje de voz', gift: 'Regalo', spin: 'Ruleta' }
      : { photo: 'Photo', video: 'Video', audio: 'Voice message', gift: 'Gift', spin: 'Prize wheel' };
  if (has(content, 'video')) return words.video;
  if (has(content, 'image') || has(content, 'photo') || has(content, 'giphy')) return words.photo;
  if (has(content, 'audio')) return words.audio;
  if (has(content, 'gift')) return words.gift;
  if (has(content, 'spin')) return words.spin;
  return content.replace(/\[\/?icebreaker\]/g, '').trim();
}

export type AudioExt = 'wav' | 'webm' | 'ogg' | 'mp3';
export const AUDIO_TYPES: Record<AudioExt, string> = {
  wav: 'audio/wav',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  mp3: 'audio/mpeg',
};

const startsWith = (data: Uint8Array, bytes: number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The audio type from the file's first bytes; the declared type and the name are never trusted. */
export function sniffAudioType(data: Uint8Array): AudioExt | undefined {
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WAVE'), 8)) return 'wav';
  if (startsWith(data, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  if (startsWith(data, ascii('OggS'))) return 'ogg';
  if (startsWith(data, ascii('ID3'))) return 'mp3';
  // An MPEG audio frame: 11 sync bits, a valid version, layer and bitrate.
  if (data.length >= 4 && data[0] === 0xff && (data[1] & 0xe0) === 0xe0) {
    const version = (data[1] >> 3) & 3;
    const layer = (data[1] >> 1) & 3;
    const bitrate = data[2] >> 4;
    if (version !== 1 && layer !== 0 && bitrate !== 0 && bitrate !== 15) return 'mp3';
  }
  return undefined;
}
