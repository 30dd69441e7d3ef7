import { Fragment, type ReactNode, useMemo } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { EmoticonName } from './emoticons';
import { type MarkupNode, parseMarkup } from './markup';
import styles from './RichText.module.css';

type Label = (name: EmoticonName) => string;

function renderNode(node: MarkupNode, label: Label): ReactNode {
  switch (node.type) {
    case 'text':
      // A string child: React escapes it, so member text can never become markup.
      return node.text;
    case 'bold':
      return <strong>{render(node.children, label)}</strong>;
    case 'italic':
      return <em>{render(node.children, label)}</em>;
    case 'underline':
      return <u>{render(node.children, label)}</u>;
    case 'emoticon':
      return (
        <span role="img" aria-label={label(node.name)} title={node.code} className={styles.emoticon}>
          {node.symbol}
        </span>
      );
  }
}

function render(nodes: MarkupNode[], label: Label): ReactNode[] {
  // biome-ignore lint/suspicious/noArrayIndexKey: a parse of fixed text; positions are its identity
  return nodes.map((node, index) => <Fragment key={index}>{renderNode(node, label)}</Fragment>);
}

/** Member text with **bold**, ~~italic~~, __underline__ and emoticons. */
export function RichText({ text, as: Tag = 'span' }: { text: string; as?: 'span' | 'p' | 'div' }) {
  const { t } = useI18n();
  const nodes = useMemo(() => parseMarkup(text), [text]);
  return <Tag className={styles.text}>{render(nodes, (name) => t(`emoticon.${name}`))}</Tag>;
}
