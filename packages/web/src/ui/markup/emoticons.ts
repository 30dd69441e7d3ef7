import type { EmoticonName } from '@tertulia/contract';

/** Emoticon shortcodes: `:name:` anywhere, classic symbols between spaces (the server's list has their images). */
export const EMOTICONS = {
  smile: { symbol: '🙂', codes: [':)', ':-)'] },
  sad: { symbol: '🙁', codes: [':(', ':-('] },
  wink: { symbol: '😉', codes: [';)', ';-)'] },
  heart: { symbol: '❤️', codes: ['<3'] },
  laugh: { symbol: '😄', codes: [':D', ':-D'] },
  cry: { symbol: '😢', codes: [":'("] },
  kiss: { symbol: '😘', codes: [':*', ':-*'] },
  tongue: { symbol: '😛', codes: [':P', ':-P', ':p'] },
  surprised: { symbol: '😮', codes: [':O', ':-O', ':o'] },
  angry: { symbol: '😠', codes: ['>:('] },
  cool: { symbol: '😎', codes: ['B)', '8)'] },
  love: { symbol: '😍', codes: [] },
  blush: { symbol: '😊', codes: [] },
  confused: { symbol: '😕', codes: [] },
  angel: { symbol: '😇', codes: ['O:)'] },
  thumbsup: { symbol: '👍', codes: ['(y)'] },
} as const satisfies Record<EmoticonName, { symbol: string; codes: readonly string[] }>;

export type { EmoticonName };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const byCode = new Map<string, EmoticonName>();
for (const [name, { codes }] of Object.entries(EMOTICONS) as [
  EmoticonName,
  (typeof EMOTICONS)[EmoticonName],
][]) {
  byCode.set(`:${name}:`, name);
  for (const code of codes) byCode.set(code, name);
}
// Longest first so ">:(" wins over ":(".
const classic = [...byCode.keys()].filter((c) => !/^:\w+:$/.test(c)).sort((a, b) => b.length - a.length);
const shortcodes = Object.keys(EMOTICONS).join('|');

/** `:name:` anywhere; a classic symbol only when it stands alone, so "a:p" or "(B)" stay text. */
export const EMOTICON_PATTERN = new RegExp(
  `:(?:${shortcodes}):|(?<=^|\\s)(?:${classic.map(escapeRegExp).join('|')})(?=$|\\s|[.,!?;])`,
  'g',
);

export function emoticonFor(code: string): EmoticonName | undefined {
  return byCode.get(code);
}
