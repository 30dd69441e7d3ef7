import type { Story } from '@tertulia/contract';
import { useEffect, useState } from 'react';
import { useUserStories } from '../../api/areas/story';

/**
 * Where the viewer is: which author of the strip, and which of their playable stories. A new
 * author starts at their first unwatched story (or their last one when stepping back); past the
 * last story of the last author, `onEnd` closes the viewer. A shared link's story opens first.
 */
export function useStoryNavigation(
  authorIds: number[],
  startAuthor: number,
  onEnd: () => void,
  startStory?: number,
) {
  const [authorAt, setAuthorAt] = useState(Math.max(0, authorIds.indexOf(startAuthor)));
  const author = authorIds[authorAt] ?? startAuthor;
  const stories = useUserStories(author);
  const playable = (stories.data ?? []).filter((s) => s.state === 'ready' && s.video);
  const [at, setAt] = useState<number | null>(null);
  const [fromEnd, setFromEnd] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the author's list arrives, not on every render's copy
  useEffect(() => {
    if (!stories.data) return;
    if (playable.length === 0) return void setAt(0);
    // A shared link names its story: open at it (once) while it is still up.
    const shared =
      author === startAuthor && startStory ? playable.findIndex((s) => s.uid === startStory) : -1;
    const first = shared >= 0 && at === null ? shared : playable.findIndex((s) => !s.viewed);
    setAt(fromEnd ? playable.length - 1 : Math.max(0, first));
    setFromEnd(false);
  }, [stories.data, author]);

  const next = () => {
    if (at !== null && at + 1 < playable.length) return setAt(at + 1);
    if (authorAt + 1 < authorIds.length) {
      setAt(null);
      return setAuthorAt(authorAt + 1);
    }
    onEnd();
  };
  const previous = () => {
    if (at !== null && at > 0) return setAt(at - 1);
    if (authorAt > 0) {
      setAt(null);
      setFromEnd(true);
      setAuthorAt(authorAt - 1);
    }
  };

  // Stories empty for this author (all expired meanwhile): move on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list arrives
  useEffect(() => {
    if (stories.data && playable.length === 0) next();
  }, [stories.data]);

  const story: Story | undefined = at === null ? undefined : playable[at];
  return { author, playable, at, story, next, previous };
}
