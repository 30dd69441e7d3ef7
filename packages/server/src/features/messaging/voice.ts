import { randomBytes } from 'node:crypto';
import { type Message, UploadLimits } from '@tertulia/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, invalid, notFound } from '../../http/errors';
import { isUploadedFile, readUpload } from '../../http/uploads';
import { type MediaStore, mediaStoreFor } from '../../media/storage';
import { sendWithRanges } from '../../media/video/serve';
import { AUDIO_TYPES, type AudioExt, sniffAudioType, tagged } from './content';
import type { MessagingUseCases } from './use-cases';

export const AUDIO_PATH = '/media/audio';
export const MAX_VOICE_BYTES = UploadLimits.VOICE;
const KEY = /^([0-9a-f]{32})\.(wav|webm|ogg|mp3)$/;

const storeName = (key: string) => `audio/${key.slice(0, 2)}/${key}`;
export const audioUrl = (key: string) => `${AUDIO_PATH}/${key}`;

/** user/sendVoiceMessage.do: the recording is stored under a random key, the message carries its URL. */
export function voiceMessagesUseCases(
  deps: Deps,
  messaging: MessagingUseCases,
  media: MediaStore = mediaStoreFor(deps.config),
) {
  return {
    async send(
      sender: UserRow,
      p: { conversationId: number; conversationOwnerId?: number; file: unknown; type?: string },
    ): Promise<Message> {
      const conversation = await messaging.writable(sender, {
        conversationId: p.conversationId,
        ownerId: p.conversationOwnerId,
      });
      if (!isUploadedFile(p.file)) throw invalid('file', 'upload.fileExpected');
      if (p.file.size > MAX_VOICE_BYTES) {
        throw new ApiError('ApiPayloadTooLargeException', 'voice.tooLarge', {
          mb: MAX_VOICE_BYTES / 1024 / 1024,
        });
      }
      const data = await readUpload(p.file);
      // The declared type is only a hint: the bytes decide.
      const ext: AudioExt | undefined = sniffAudioType(data);
      if (!ext) throw invalid('file', 'voice.type');
      const key = `${randomBytes(16).toString('hex')}.${ext}`;
      await media.put(storeName(key), data);
      return messaging.sendContent(sender, conversation, tagged('audio', audioUrl(key)));
    },
  };
}

/**
 * GET AUDIO_PATH/<key>: a stored recording. Keys are unguessable and never reused (like image
 * keys), so whoever holds the URL may play it and answers are cacheable for good.
 */
export function registerAudioRoute(
  app: FastifyInstance,
  deps: Deps,
  media: MediaStore = mediaStoreFor(deps.config),
) {
  app.get(`${AUDIO_PATH}/:key`, async (request, reply) => {
    const { key } = request.params as { key: string };
    const match = KEY.exec(key);
    if (!match) throw notFound('voice.notFound');
    // Streamed from the store, with ranges: some players (Safari) ask for audio in ranges.
    const size = await media.size(storeName(key));
    if (size === undefined) throw notFound('voice.notFound');
    reply.headers({
      'content-type': AUDIO_TYPES[match[2] as AudioExt],
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
    });
    return sendWithRanges(request, reply, media, storeName(key), size);
  });
}
