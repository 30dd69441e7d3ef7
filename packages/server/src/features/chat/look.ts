import type { Emoticon } from '@tertulia/contract';

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

/** Emoticon themes (the `path` of an Emoticon) and the shortcodes every theme draws. */
export const EMOTICON_THEMES = ['default', 'clasico', 'animado'] as const;
const SHORTCODES = ['smile', 'sad', 'wink', 'heart', 'laugh', 'cool', 'surprise', 'kiss', 'angry', 'cry'];

export const isEmoticonTheme = (path: string) => (EMOTICON_THEMES as readonly string[]).includes(path);

export function emoticons(theme: string): Emoticon[] {
  const path = isEmoticonTheme(theme) ? theme : 'default';
  return SHORTCODES.map((name) => ({ name, path, image: `/img/emoticons/${path}/${name}.png` }));
}
