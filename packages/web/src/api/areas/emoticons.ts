import { useQueries } from '@tanstack/react-query';
import { api, type Emoticon, EmoticonTheme, valuesOf } from '@tertulia/contract';
import { call } from '../client';
import { keyOf } from '../query';

const THEMES = valuesOf(EmoticonTheme);

/**
 * The emoticon images of every theme, by theme then name (a room shows each sender's theme):
 * small lists whose images never change under one name, so they are read once per session.
 * Members only.
 */
export function useEmoticonThemes(enabled: boolean): Map<string, Map<string, string>> {
  return useQueries({
    queries: THEMES.map((path) => ({
      queryKey: keyOf(api.chat.getPossibleEmoticons, { path }),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(api.chat.getPossibleEmoticons, { path }, { signal }) as Promise<Emoticon[]>,
      staleTime: Number.POSITIVE_INFINITY,
      enabled,
    })),
    combine: (lists) => {
      const themes = new Map<string, Map<string, string>>();
      lists.forEach((list, i) => {
        const images = new Map(
          (list.data ?? []).flatMap((e) => (e.image ? [[e.name, e.image] as const] : [])),
        );
        if (images.size) themes.set(THEMES[i], images);
      });
      return themes;
    },
  });
}
