import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useStorySettings } from '../../api/areas/story';
import { PATHS } from '../../ui/paths';
import { RequireLogin } from '../../ui/RequireLogin';
import { openStoryViewer } from './dialogs';

/**
 * Opens the author's stories over the home page, at the shared story when it is still up; the
 * tutorial first for a member who has not completed it (settings read first; a failed read plays).
 */
function OpenStory({ authorId, storyId }: { authorId: number; storyId?: number }) {
  const settings = useStorySettings();
  const ready = !settings.isPending;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the settings are known
  useEffect(() => {
    if (ready && authorId > 0)
      openStoryViewer(
        { authorIds: [authorId], startAuthor: authorId, startStory: storyId },
        settings.data?.tutorialCompleted,
      );
  }, [ready, authorId, storyId]);
  return ready ? <Navigate to={PATHS.home} replace /> : null;
}

/** `/stories?u={authorId}&s={storyId}`: a shared story link (stories are for members: login first). */
export function Component() {
  const [params] = useSearchParams();
  return (
    <RequireLogin>
      <OpenStory authorId={Number(params.get('u')) || 0} storyId={Number(params.get('s')) || undefined} />
    </RequireLogin>
  );
}
