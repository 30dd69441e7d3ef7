import { createContext, useContext } from 'react';

/** Emoticon images by theme, then by shortcode name (chat/getPossibleEmoticons.do). */
export interface EmoticonArt {
  /** The viewer's own theme, for text that carries none (IM messages). */
  own: string;
  themes: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

/** Without a provider (or before the lists load) emoticons draw as their Unicode symbol. */
export const EmoticonArtContext = createContext<EmoticonArt>({ own: 'default', themes: new Map() });

/** The image of an emoticon in a theme (the viewer's own when none is given), if one is offered. */
export function useEmoticonImage(): (name: string, theme?: string) => string | undefined {
  const art = useContext(EmoticonArtContext);
  return (name, theme) => (art.themes.get(theme ?? art.own) ?? art.themes.get(art.own))?.get(name);
}
