import { Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { User } from '../entities/user';
import { ProfileMediaLimits } from '../enums/profile';
import { FileParam } from '../params';

/**
 * Ours (spec: User.song, feed events 12 and 13; docs/profile-media.md): a member's profile song
 * and profile video. Uploads answer the member's own User at once, with songProcessing or
 * profileVideoProcessing true until the file is ready; then the profile plays it and friends get
 * the feed event. Removing clears it (and its feed event).
 */
const userResult = { name: 'User', schema: User };
const MB = 1024 * 1024;
const uploadErrors = ['ApiPayloadTooLargeException', 'ApiUnavailableException'] as const;

export const setProfileSong = endpoint({
  area: 'user',
  call: 'setProfileSong',
  method: 'POST',
  multipart: true,
  summary:
    'Set the profile song: an audio file (MP3, AAC/M4A, Ogg, Opus, WAV, FLAC, WebM), played on the profile',
  auth: 'member',
  errors: [...uploadErrors],
  params: Type.Object({
    song: FileParam('the audio file', ProfileMediaLimits.SONG_MAX_MB * MB),
    title: Type.Optional(Type.String({ maxLength: 200, description: 'shown as User.song; blank keeps it' })),
  }),
  result: userResult,
});

export const removeProfileSong = endpoint({
  area: 'user',
  call: 'removeProfileSong',
  method: 'POST',
  summary: 'Remove the profile song (its title, file and feed event)',
  auth: 'member',
  params: Type.Object({}),
  result: userResult,
});

export const setProfileVideo = endpoint({
  area: 'user',
  call: 'setProfileVideo',
  method: 'POST',
  multipart: true,
  summary: 'Set the profile video: a short clip (MP4, WebM or MOV) shown with its poster on the profile',
  auth: 'member',
  errors: [...uploadErrors],
  params: Type.Object({
    video: FileParam('the video file', ProfileMediaLimits.VIDEO_MAX_MB * MB),
  }),
  result: userResult,
});

export const removeProfileVideo = endpoint({
  area: 'user',
  call: 'removeProfileVideo',
  method: 'POST',
  summary: 'Remove the profile video (its file, poster and feed event)',
  auth: 'member',
  params: Type.Object({}),
  result: userResult,
});
