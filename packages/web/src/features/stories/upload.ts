import type { QueryClient } from '@tanstack/react-query';
import { invalidateStories, sendStory } from '../../api/areas/story';
import { pushDispatcher } from '../../api/dispatcher';
import { t } from '../../i18n/i18n';
import { handleError } from '../../ui/errors/handleError';
import { toast } from '../../ui/toast/toastStore';
import './texts';

/** Video types the picker offers; the server decides by the file's bytes. */
export const VIDEO_ACCEPT = 'video/mp4,video/webm,video/quicktime,.mp4,.webm,.mov';

/**
 * Posts a story with the progress toast: the percent sent, then "Procesando" (the toast's label
 * at 100) until the server's storyProgress push says the video is ready or failed.
 */
export async function postStory(video: Blob, trimStart: number, queryClient: QueryClient): Promise<boolean> {
  const progress = toast.progress(t('stories.uploading'));
  let storyId: number | undefined;
  let early: 'ready' | 'failed' | undefined;
  const finish = (state: 'ready' | 'failed') => {
    stop();
    progress.close();
    if (state === 'ready') toast.success(t('stories.ready'));
    else toast.error(t('stories.failed'));
    invalidateStories(queryClient);
  };
  // Listening before the upload ends: a tiny video may be ready before the answer arrives.
  const stop = pushDispatcher.on('storyProgress', (event) => {
    if (event.state === 'processing') return;
    if (storyId === undefined) early = event.state;
    else if (event.storyId === storyId) finish(event.state);
  });
  try {
    const story = await sendStory(video, trimStart, (percent) => progress.update(percent));
    storyId = story.uid;
    progress.update(100);
    invalidateStories(queryClient);
    if (early) finish(early);
    return true;
  } catch (error) {
    stop();
    progress.close();
    handleError(error);
    return false;
  }
}
