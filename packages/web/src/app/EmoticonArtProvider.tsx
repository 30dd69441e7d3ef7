import { type ReactNode, useMemo } from 'react';
import { useEmoticonThemes } from '../api/areas/emoticons';
import { useSession } from '../api/areas/user';
import { EmoticonArtContext } from '../ui/markup/emoticonArt';

/** Gives member text the emoticon images the server offers, in the viewer's chosen theme. */
export function EmoticonArtProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const themes = useEmoticonThemes(!!user);
  const own = user?.emoticon ?? 'default';
  const art = useMemo(() => ({ own, themes }), [own, themes]);
  return <EmoticonArtContext.Provider value={art}>{children}</EmoticonArtContext.Provider>;
}
