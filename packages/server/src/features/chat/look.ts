import { type Emoticon, EmoticonTheme } from '@tertulia/contract';
import { emoticonArt } from './emoticon-art';

/** Colours members may pick for their text and background in rooms. */
export const CHAT_COLORS = [
  '#000000',
  '#4A4A4A',
  '#C0392B',
  '#E67E22',
  '#B7950B',
  '#27AE60',
  '#16A085',
  '#2980B9',
  '#8E44AD',
  '#D81B60',
  '#6D4C41',
  '#FFFFFF',
] as const;

export const normalizeColor = (color: string) => color.trim().toUpperCase();
export const isChatColor = (color: string) =>
  (CHAT_COLORS as readonly string[]).includes(normalizeColor(color));

/** Emoticon themes offered: those whose artwork was found (emoticon-art.ts). */
export const isEmoticonTheme = (path: string): path is EmoticonTheme =>
  (emoticonArt().themes as string[]).includes(path);

/** A stored theme still offered, else the default one. */
export const offeredTheme = (path: string | null | undefined): EmoticonTheme =>
  path && isEmoticonTheme(path) ? path : EmoticonTheme.DEFAULT;

/** The emoticons of a theme (the default one for a theme not offered) whose images exist. */
export function emoticons(theme: string): Emoticon[] {
  return emoticonArt().list(offeredTheme(theme));
}
