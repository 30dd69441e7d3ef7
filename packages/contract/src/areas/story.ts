import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { Story, StorySettings } from '../entities/stories';
import { User } from '../entities/user';
import { Bool, FileParam, Id, UploadLimits } from '../params';

/**
 * Stories (docs/stories.md): short videos that disappear 24 hours after they are posted. A story
 * the caller may not see answers ApiNotFoundException, as a missing or expired one does.
 */
const storyResult = { name: 'Story', schema: Story };
const one = { storyId: Id(), authorUserId: Id('the story’s author') };
const filters = {
  filterMine: Type.Optional(
    Bool({ default: false, description: 'true: leave out the caller’s own stories' }),
  ),
  filterViewed: Type.Optional(
    Bool({ default: false, description: 'true: leave out stories already watched' }),
  ),
};

export const uploadStory = endpoint({
  area: 'story',
  call: 'uploadStory',
  method: 'POST',
  multipart: true,
  summary: 'Post a video story (MP4, WebM or MOV); it plays once processed (storyProgress push)',
  auth: 'member',
  errors: ['ApiPayloadTooLargeException', 'ApiRateLimitException', 'ApiUnavailableException'],
  params: Type.Object({
    video: FileParam('the video file', UploadLimits.VIDEO),
    trimStart: Type.Optional(
      Type.Number({ minimum: 0, maximum: 600, description: 'ours: seconds skipped at the start (the trim)' }),
    ),
  }),
  result: storyResult,
});

export const getAllStories = endpoint({
  area: 'story',
  call: 'getAllStories',
  method: 'GET',
  summary: 'Live stories of the caller, their friends and members they follow: unwatched first, newest first',
  auth: 'member',
  list: { defaultLimit: 50 },
  params: Type.Object(filters),
  result: storyResult,
});

export const getUserStories = endpoint({
  area: 'story',
  call: 'getUserStories',
  method: 'GET',
  summary: 'One member’s live stories, oldest first (play order)',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ authorUserId: Id() }),
  result: storyResult,
});

export const getStory = endpoint({
  area: 'story',
  call: 'getStory',
  method: 'GET',
  summary: 'One story; browsable adds the stories before and after it in the strip’s order',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    ...one,
    browsable: Type.Optional(Bool({ default: false })),
    ...filters,
  }),
  result: storyResult,
});

export const getWaitTime = endpoint({
  area: 'story',
  call: 'getWaitTime',
  method: 'GET',
  summary: 'Milliseconds until the caller may post another story (0: now)',
  auth: 'member',
  params: Type.Object({}),
  result: Scalars.Long,
});

export const getViewers = endpoint({
  area: 'story',
  call: 'getViewers',
  method: 'GET',
  summary: 'Who watched the caller’s own story, latest first',
  auth: 'member',
  list: { defaultLimit: 50 },
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object(one),
  result: { name: 'User', schema: User },
});

export const deleteStory = endpoint({
  area: 'story',
  call: 'deleteStory',
  method: 'POST',
  summary: 'Delete a story: its author, or an admin (reported stories)',
  auth: 'member',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object(one),
  result: Scalars.Boolean,
});

export const registerView = endpoint({
  area: 'story',
  call: 'registerView',
  method: 'POST',
  summary: 'The caller watched a story: counted once per member, never for its author',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object(one),
  result: { name: 'Integer', schema: Type.Integer({ description: 'the story’s view count' }) },
});

export const reportStory = endpoint({
  area: 'story',
  call: 'reportStory',
  method: 'POST',
  summary: 'Report a story to the moderators (once per member and story)',
  auth: 'member',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({ ...one, reason: Type.String({ minLength: 1, maxLength: 500 }) }),
  result: Scalars.Boolean,
});

export const completedTutorial = endpoint({
  area: 'story',
  call: 'completedTutorial',
  method: 'POST',
  summary: 'The caller finished the story tutorial: it is not shown again',
  auth: 'member',
  params: Type.Object({}),
  result: Scalars.Boolean,
});

export const allowNSFW = endpoint({
  area: 'story',
  call: 'allowNSFW',
  method: 'POST',
  summary:
    'Show (or hide again) stories flagged as adult content; members under 18 are refused (403) and never see NSFW',
  errors: ['ApiForbiddenException'],
  auth: 'member',
  params: Type.Object({ allow: Type.Optional(Bool({ default: true })) }),
  result: Scalars.Boolean,
});

export const getStorySettings = endpoint({
  area: 'story',
  call: 'getStorySettings',
  method: 'GET',
  summary: 'Ours: tutorial done, adult content allowed, wait time and length limit for the story screens',
  auth: 'member',
  params: Type.Object({}),
  result: { name: 'StorySettings', schema: StorySettings },
});
