import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, LikeItemType, type Story, type StorySettings } from '@tertulia/contract';
import { call, callOne } from '../client';
import { keyOf } from '../query';
import { uploadWithProgress } from '../upload';

/** Hooks of stories: the strip, one member's stories, viewers, settings and the story calls. */

const s = api.story;

export const storiesKey = [s.getAllStories.path] as const;
export const storySettingsKey = keyOf(s.getStorySettings);
export const userStoriesKey = (authorUserId: number) => [s.getUserStories.path, authorUserId] as const;

export type StoryRef = { storyId: number; authorUserId: number };

export function useStories(enabled = true) {
  return useQuery({
    queryKey: storiesKey,
    queryFn: ({ signal }) => call(s.getAllStories, { limit: 100 }, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

export function useUserStories(authorUserId: number) {
  return useQuery({
    queryKey: userStoriesKey(authorUserId),
    queryFn: ({ signal }) => call(s.getUserStories, { authorUserId }, { signal }),
  });
}

export function useStorySettings(enabled = true) {
  return useQuery({
    queryKey: storySettingsKey,
    queryFn: ({ signal }) => callOne(s.getStorySettings, {}, { signal }),
    enabled,
  });
}

export function useViewers(ref: StoryRef) {
  return useQuery({
    queryKey: [s.getViewers.path, ref],
    queryFn: ({ signal }) => call(s.getViewers, { ...ref, limit: 100 }, { signal }),
  });
}

/** A view counts once per member; the strip's ring goes grey afterwards. */
export function registerStoryView(ref: StoryRef) {
  return callOne(s.registerView, ref);
}

export function useDeleteStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: StoryRef) => callOne(s.deleteStory, ref),
    onSuccess: () => invalidateStories(queryClient),
  });
}

export function useReportStory() {
  return useMutation({
    mutationFn: (p: StoryRef & { reason: string }) => callOne(s.reportStory, p),
    meta: { silent: true },
  });
}

export function useCompletedTutorial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOne(s.completedTutorial, {}),
    onSuccess: () =>
      queryClient.setQueryData<StorySettings>(storySettingsKey, (old) =>
        old ? { ...old, tutorialCompleted: true } : old,
      ),
  });
}

export function useAllowStoryNsfw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allow: boolean) => callOne(s.allowNSFW, { allow }),
    onSuccess: (allowNSFW) => {
      queryClient.setQueryData<StorySettings>(storySettingsKey, (old) => (old ? { ...old, allowNSFW } : old));
      invalidateStories(queryClient);
    },
  });
}

/** Sends the video with the upload's percent; the story then processes on the server. */
export async function sendStory(video: Blob, trimStart: number, onProgress: (percent: number) => void) {
  const [story] = await uploadWithProgress(s.uploadStory, { video, trimStart }, onProgress);
  return story as Story;
}

/**
 * Likes a story or takes the like back (user/like.do, type story); answers the like count and
 * keeps the cached author's stories in step, so stepping back to the story shows the new state.
 */
export function useLikeStory() {
  const queryClient = useQueryClient();
  return async (ref: StoryRef, liked: boolean) => {
    const params = { type: LikeItemType.STORY, itemId: ref.storyId, authorUserId: ref.authorUserId };
    const likeCount = await callOne(liked ? api.user.like : api.user.unlike, params);
    queryClient.setQueryData<Story[]>(userStoriesKey(ref.authorUserId), (old) =>
      old?.map((story) => (story.uid === ref.storyId ? { ...story, liked, likeCount } : story)),
    );
    return likeCount;
  };
}

export function invalidateStories(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: storiesKey });
  void queryClient.invalidateQueries({ queryKey: [s.getUserStories.path] });
  void queryClient.invalidateQueries({ queryKey: storySettingsKey });
}
