import { imageUrl, OfflineCategory, type OfflineMessage, type UploadedFile } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, invalid, notFound, rateLimited } from '../../http/errors';
import { readUpload } from '../../http/uploads';
import { oneOrNone, photoAttacher } from '../../media/attach';
import { normalizeImage } from '../../media/intake';
import { newImageKey, originalName } from '../../media/keys';
import { type MediaStore, mediaStoreFor } from '../../media/storage';
import { socialGraph } from '../../policy/graph';
import { wants } from '../../policy/preferences';
import type { PeopleUseCases } from '../people/use-cases';
import { withPhoto } from './content';
import { conversationStore, imKey } from './conversation-store';
import { mailStore } from './mail-store';
import { memberStore } from './member-store';
import { messageStore } from './message-store';
import { messageEvent } from './present';

const MAIL = OfflineCategory.MESSAGE;
const HOUR = 3_600_000;
/** Offline mails per member per hour. */
export const MAILS_PER_HOUR = 60;

type Page = { page?: number; limit?: number };

/** Offline mail: category 1 rows of offline_messages, with an optional photo in the media store. */
export function offlineMailUseCases(
  deps: Deps,
  people: PeopleUseCases,
  media: MediaStore = mediaStoreFor(deps.config),
) {
  const graph = socialGraph(deps.db);
  const mail = mailStore(deps.db);
  const members = memberStore(deps.db);
  const conversations = conversationStore(deps.db);
  const messages = messageStore(deps.db);
  const attach = photoAttacher(deps.db, media);

  async function page(viewer: UserRow, box: 'inbox' | 'sent', p: Page): Promise<OfflineMessage[]> {
    const size = p.limit ?? 20;
    const rows = await mail.page(viewer.id, box, ((p.page ?? 1) - 1) * size, size);
    const users = await members.byIds(rows.flatMap((r) => [r.sender_id, r.recipient_id]));
    const byId = new Map((await people.present(viewer, users)).map((u) => [u.uid as number, u]));
    return rows.map((row) => {
      const extra = row.extra ? (JSON.parse(row.extra) as { photo?: string }) : {};
      return {
        id: row.id,
        sender: byId.get(row.sender_id),
        recipient: byId.get(row.recipient_id),
        subject: row.subject ?? undefined,
        message: row.body ?? undefined,
        photo: extra.photo ? imageUrl(extra.photo) : undefined,
        category: row.category,
        creationTime: Number(row.created_at),
        read: Number(row.read_at) > 0,
      };
    });
  }

  return {
    async send(
      sender: UserRow,
      p: { destId: number; subject?: string; message: string; photo?: UploadedFile; photoId?: number },
    ): Promise<number> {
      people.requireVerified(sender);
      oneOrNone(p.photo, p.photoId);
      if (p.destId === sender.id) throw invalid('destId', 'message.self');
      if (!p.message.trim()) throw invalid('message', 'validation.required');
      const dest = await people.visible(sender, p.destId);
      const refusal = await graph.messageRefusal(sender.id, dest.id, dest.message_permission);
      // Blocked either way: the recipient is not there for the sender.
      if (refusal === 'blocked' || refusal === 'youBlocked') throw notFound('people.notFound');
      if (refusal === 'permission') {
        throw new ApiError('ApiForbiddenException', 'offline.permission', { name: dest.name });
      }
      const decision = await deps.limiter.hit(`mail:${sender.id}`, MAILS_PER_HOUR, HOUR);
      if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
      let photo: string | undefined;
      if (p.photo) {
        const image = await normalizeImage(await readUpload(p.photo)).catch((error) => {
          if (error instanceof ApiError)
            throw invalid('photo', error.key, error.vars as Record<string, string>);
          throw error;
        });
        photo = newImageKey(image.ext);
        await media.put(originalName(photo), image.data);
      } else if (p.photoId) {
        photo = await attach(sender, p.photoId);
      }
      const subject = p.subject?.trim() || null;
      const now = Date.now();
      const im = await conversations.imByKey(imKey(sender.id, dest.id));
      return deps.unitOfWork(async (trx, after) => {
        const id = await mail.insert(
          {
            sender_id: sender.id,
            recipient_id: dest.id,
            subject,
            body: p.message,
            extra: photo ? JSON.stringify({ photo }) : null,
            created_at: now,
          },
          trx,
        );
        // Mail between members who already share an IM is also a line of it (docs/member-fields.md).
        const active = im ? await conversations.activeMemberIds(im.id, trx) : [];
        if (im && active.includes(sender.id) && active.includes(dest.id)) {
          const content = photo ? withPhoto(p.message, photo) : p.message;
          const stored = await messages.insertMessage(
            trx,
            im,
            {
              sender_id: sender.id,
              content,
              bg_color: sender.im_bg_color ?? null,
              fg_color: sender.im_color ?? null,
              client_id: null,
              created_at: now,
            },
            false,
          );
          const message = await messages.markOffline(trx, stored.message.id, id);
          after.publish(stored.recipients, messageEvent(stored.conversation, message, sender));
        }
        if (wants(dest, 'messages'))
          after.publish([dest.id], {
            type: 'offlineMessage',
            id,
            category: MAIL,
            sender: {
              uid: sender.id,
              name: sender.name,
              image1: sender.image1 ? imageUrl(sender.image1) : undefined,
            },
            subject: subject ?? undefined,
          });
        return id;
      });
    },

    inbox: (viewer: UserRow, p: Page) => page(viewer, 'inbox', p),
    sent: (viewer: UserRow, p: Page) => page(viewer, 'sent', p),

    async markRead(viewer: UserRow, id: number): Promise<boolean> {
      const row = await mail.received(viewer.id, id);
      if (!row) throw notFound('offline.notFound');
      if (Number(row.read_at) === 0) await mail.markRead(id, Date.now());
      return true;
    },
  };
}
