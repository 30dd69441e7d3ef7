import { Fragment, type ReactNode } from 'react';

/**
 * A catalog text whose `{placeholders}` are elements (member links): "{actor} y {target} ya son
 * amigos" keeps each language's word order while the names stay links.
 */
export function fillTemplate(template: string, parts: Record<string, ReactNode>): ReactNode[] {
  return template.split(/(\{\w+\})/).map((piece, index) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    // biome-ignore lint/suspicious/noArrayIndexKey: a split of fixed text; positions are its identity
    return <Fragment key={index}>{name && name in parts ? parts[name] : piece}</Fragment>;
  });
}
