import { Fragment, type ReactNode, useMemo } from 'react';
import { useI18n } from '../../i18n/i18n';
import { useEmoticonImage } from './emoticonArt';
import type { EmoticonName } from './emoticons';
import { type MarkupNode, parseMarkup } from './markup';
import styles from './RichText.module.css';

type Label = (name: EmoticonName) => string;
type Draw = { label: Label; image: (name: EmoticonName) => string | undefined };

function renderNode(node: MarkupNode, draw: Draw): ReactNode {
  switch (node.type) {
    case 'text':
      // A string child: React escapes it, so member text can never become markup.
      return node.text;
    case 'bold':
      return <strong>{render(node.children, draw)}</strong>;
    case 'italic':
      return <em>{render(node.children, draw)}</em>;
    case 'underline':
      return <u>{render(node.children, draw)}</u>;
    case 'emoticon': {
      // The theme's image when the server offers one; the Unicode symbol until then.
      const src = draw.image(node.name);
      return src ? (
        <img
          src={src}
          alt={draw.label(node.name)}
          title={node.code}
          className={styles.emoticonImage}
          width={20}
          height={20}
          draggable={false}
          data-emoticon={node.name}
        />
      ) : (
        <span role="img" aria-label={draw.label(node.name)} title={node.code} className={styles.emoticon}>
          {node.symbol}
        </span>
      );
    }
  }
}

function render(nodes: MarkupNode[], draw: Draw): ReactNode[] {
  // biome-ignore lint/suspicious/noArrayIndexKey: a parse of fixed text; positions are its identity
  return nodes.map((node, index) => <Fragment key={index}>{renderNode(node, draw)}</Fragment>);
}

/**
 * Member text with **bold**, ~~italic~~, __underline__ and emoticons, drawn in `emoticonPath`
 * (the sender's theme, for a chat line) or else the viewer's own.
 */
export function RichText({
  text,
  as: Tag = 'span',
  emoticonPath,
}: {
  text: string;
  as?: 'span' | 'p' | 'div';
  emoticonPath?: string;
}) {
  const { t } = useI18n();
  const imageOf = useEmoticonImage();
  const nodes = useMemo(() => parseMarkup(text), [text]);
  const draw: Draw = {
    label: (name) => t(`emoticon.${name}`),
    image: (name) => imageOf(name, emoticonPath),
  };
  return <Tag className={styles.text}>{render(nodes, draw)}</Tag>;
}
