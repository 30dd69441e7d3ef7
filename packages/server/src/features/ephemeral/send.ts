import { ConversationType, type EphemeralItem, EphemeralLimits, ephemeralTag } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, invalid } from '../../http/errors';
import { isUploadedFile, readUpload } from '../../http/uploads';
import { normalizeImage, ROTATIONS } from '../../media/intake';
import { originalName } from '../../media/keys';
import { videoJobStore } from '../../media/video/job-store';
import { roomSendRefusal } from '../../policy/ephemeral';
import type { ChatUseCases } from '../chat/use-cases';
import type { MessagingUseCases } from '../messaging/use-cases';
import { toItem } from './present';
import type { EphemeralStore } from './store';
import { newMediaName, storeBlurredThumb } from './thumbs';

export const EPHEMERAL_JOB = 'ephemeral';

export interface Where {
  conversationId?: number;
  ownerId?: number;
  type?: number;
  targetId?: number;
}

type Destination = { roomId: number } | { conversationId: number } | { targetId: number };

/** Sending a view-once photo or video: where it goes, the room rules, then the item and its line. */
export function sendUseCases(
  deps: Pick<Deps, 'db' | 'video' | 'config'>,
  media: import('../../media/storage').MediaStore,
  store: EphemeralStore,
  messaging: Pick<MessagingUseCases, 'writable' | 'sendContent' | 'send' | 'checkSend'>,
  chat: Pick<ChatUseCases, 'mediaLineGate' | 'sendTaggedLine'>,
) {
  /** Checks the destination before any file is read: a refusal costs no upload work. */
  async function destination(sender: UserRow, p: Where): Promise<Destination> {
    if (p.type === ConversationType.CHAT) {
      if (p.conversationId === undefined) throw invalid('conversationId', 'validation.required');
      const { gaggedUntil } = await chat.mediaLineGate(sender, p.conversationId);
      const refusal = roomSendRefusal(sender, gaggedUntil);
      if (refusal === 'vipOnly') {
        throw new ApiError('ApiForbiddenException', 'ephemeral.vipOnly', {}, { reason: 'vipOnly' });
      }
      if (refusal === 'gagged') {
        throw new ApiError(
          'ApiForbiddenException',
          'ephemeral.gagged',
          {},
          {
            reason: 'gagged',
            gagExpiration: gaggedUntil,
          },
        );
      }
      return { roomId: p.conversationId };
    }
    if (p.conversationId !== undefined) {
      const row = await messaging.writable(sender, { conversationId: p.conversationId, ownerId: p.ownerId });
      return { conversationId: row.id };
    }
    if (p.targetId === undefined) throw invalid('conversationId', 'validation.required');
    await messaging.checkSend(sender, { targetIds: [p.targetId] });
    return { targetId: p.targetId };
  }

  /** Records the item and posts its line; the item learns its conversation when the line started one. */
  async function post(
    sender: UserRow,
    to: Destination,
    values: {
      kind: 'photo' | 'video';
      state: string;
      media_name: string | null;
      thumb_key: string | null;
      expiration: number;
    },
  ): Promise<number> {
    const now = Date.now();
    const id = await store.insert({
      ...values,
      author_id: sender.id,
      conversation_id: 'conversationId' in to ? to.conversationId : null,
      room_id: 'roomId' in to ? to.roomId : null,
      created_at: now,
      expires_at: now + EphemeralLimits.RETENTION_MS,
    });
    const tag = ephemeralTag({
      kind: values.kind,
      postId: id,
      authorId: sender.id,
      expiration: values.expiration,
    });
    if ('roomId' in to) await chat.sendTaggedLine(sender, to.roomId, tag);
    else if ('conversationId' in to) {
      await messaging.sendContent(
        sender,
        await messaging.writable(sender, { conversationId: to.conversationId }),
        tag,
      );
    } else {
      const conversation = await messaging.send(sender, { message: tag, targetIds: [to.targetId] });
      await store.setConversation(id, conversation.conversationId);
    }
    return id;
  }

  async function answer(sender: UserRow, id: number): Promise<EphemeralItem> {
    const row = await store.findAny(id);
    if (!row) throw new Error('ephemeral item vanished after insert');
    return toItem(row, sender.id, [], Date.now());
  }

  return {
    async photo(sender: UserRow, p: Where & { image: unknown; rotate?: number }): Promise<EphemeralItem> {
      const to = await destination(sender, p);
      const rotate = p.rotate ?? 0;
      if (!(ROTATIONS as readonly number[]).includes(rotate)) {
        throw invalid('rotate', 'validation.oneOf', { values: ROTATIONS.join(', ') });
      }
      if (!isUploadedFile(p.image)) throw invalid('image', 'upload.fileExpected');
      const image = await normalizeImage(await readUpload(p.image), rotate);
      const mediaName = newMediaName(image.ext);
      await media.put(mediaName, image.data);
      const thumbKey = await storeBlurredThumb(media, image.data);
      let id: number;
      try {
        id = await post(sender, to, {
          kind: 'photo',
          state: 'ready',
          media_name: mediaName,
          thumb_key: thumbKey,
          expiration: EphemeralLimits.PHOTO_SECONDS,
        });
      } catch (error) {
        await media.remove(mediaName);
        await media.remove(originalName(thumbKey));
        throw error;
      }
      return answer(sender, id);
    },

    async video(sender: UserRow, p: Where & { video: unknown }): Promise<EphemeralItem> {
      const to = await destination(sender, p);
      deps.video.ensureAvailable();
      if (!isUploadedFile(p.video)) throw invalid('video', 'upload.fileExpected');
      if (p.video.size === 0) throw invalid('video', 'video.type');
      const { inputName, probed } = await deps.video.stage(p.video);
      // WebM from a phone may not state its length: the longest is assumed until the job measures it.
      const seconds = probed.seconds
        ? Math.min(EphemeralLimits.VIDEO_MAX_SECONDS, Math.max(1, Math.round(probed.seconds)))
        : EphemeralLimits.VIDEO_MAX_SECONDS;
      let id: number;
      try {
        id = await post(sender, to, {
          kind: 'video',
          state: 'processing',
          media_name: null,
          thumb_key: null,
          expiration: seconds,
        });
      } catch (error) {
        await deps.video.remove(inputName);
        throw error;
      }
      const jobId = await videoJobStore(deps.db).insert({
        kind: EPHEMERAL_JOB,
        refId: id,
        ownerId: sender.id,
        inputName,
        probed,
        startMs: 0,
        now: Date.now(),
      });
      deps.video.queue.kick(jobId);
      return answer(sender, id);
    },
  };
}
