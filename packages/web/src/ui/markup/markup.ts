import { EMOTICON_PATTERN, EMOTICONS, type EmoticonName, emoticonFor } from './emoticons';

/**
 * Member text is parsed into a tree and rendered as React nodes, never as HTML: a "<b>" in a
 * message stays the characters "<b>".
 */
export type MarkupNode =
  | { type: 'text'; text: string }
  | { type: 'bold' | 'italic' | 'underline'; children: MarkupNode[] }
  | { type: 'emoticon'; name: EmoticonName; symbol: string; code: string };

const MARKERS = { '**': 'bold', '~~': 'italic', __: 'underline' } as const;
type Marker = keyof typeof MARKERS;

function emoticons(text: string): MarkupNode[] {
  const nodes: MarkupNode[] = [];
  let last = 0;
  for (const match of text.matchAll(EMOTICON_PATTERN)) {
    const name = emoticonFor(match[0]);
    if (!name) continue;
    if (match.index > last) nodes.push({ type: 'text', text: text.slice(last, match.index) });
    nodes.push({ type: 'emoticon', name, symbol: EMOTICONS[name].symbol, code: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push({ type: 'text', text: text.slice(last) });
  return nodes;
}

/** The first marker that has a closing partner with something between them. */
function nextSpan(text: string, from: number): { marker: Marker; open: number; close: number } | undefined {
  let best: { marker: Marker; open: number; close: number } | undefined;
  for (const marker of Object.keys(MARKERS) as Marker[]) {
    let open = text.indexOf(marker, from);
    while (open >= 0) {
      const close = text.indexOf(marker, open + 2);
      if (close < 0) break;
      if (close > open + 2) {
        if (!best || open < best.open) best = { marker, open, close };
        break;
      }
      open = text.indexOf(marker, open + 1);
    }
  }
  return best;
}

export function parseMarkup(text: string, depth = 0): MarkupNode[] {
  const nodes: MarkupNode[] = [];
  let cursor = 0;
  // Nesting is bounded: three marker kinds can nest at most three deep in a meaningful way.
  let span = depth < 3 ? nextSpan(text, cursor) : undefined;
  while (span) {
    if (span.open > cursor) nodes.push(...emoticons(text.slice(cursor, span.open)));
    nodes.push({
      type: MARKERS[span.marker],
      children: parseMarkup(text.slice(span.open + 2, span.close), depth + 1),
    });
    cursor = span.close + 2;
    span = nextSpan(text, cursor);
  }
  if (cursor < text.length) nodes.push(...emoticons(text.slice(cursor)));
  return nodes;
}
