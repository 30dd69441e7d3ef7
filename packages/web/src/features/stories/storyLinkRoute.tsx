import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { openDialog } from '../../ui/dialog/dialogStore';
import { PATHS } from '../../ui/paths';
import { RequireLogin } from '../../ui/RequireLogin';
import { storyViewerDialog } from './dialogs';

/** Opens the author's stories over the home page, at the shared story when it is still up. */
function OpenStory({ authorId, storyId }: { authorId: number; storyId?: number }) {
  useEffect(() => {
    if (authorId > 0)
      openDialog(storyViewerDialog, { authorIds: [authorId], startAuthor: authorId, startStory: storyId });
  }, [authorId, storyId]);
  return <Navigate to={PATHS.home} replace />;
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
