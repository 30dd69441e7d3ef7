import { api, type Conversation, type EphemeralItem, parseEphemeralTag } from '@tertulia/contract';
import sharp from 'sharp';
import { postMultipart } from '../../../tests/_social';
import { Client, PASSWORD } from '../../../tests/_util';

/** Shared steps of the view-once tests. */
export type Member = Client & { user: { uid: number; name: string } };

export const photoBytes = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg()
    .toBuffer();

export async function sendPhoto(from: Member, fields: Record<string, string | number>, data?: Buffer) {
  return postMultipart(from, api.ephemeral.uploadEphemeralPhoto, fields, {
    field: 'image',
    data: data ?? (await photoBytes()),
    type: 'image/jpeg',
    name: 'foto.jpg',
  });
}

export const itemOf = (body: Record<string, unknown>) => (body.EphemeralItem as EphemeralItem[])[0];

export async function startIm(from: Member, to: Member[], message = 'hola') {
  const [c] = (await from.ok(api.messaging.send, {
    targetIds: to.map((m) => m.user.uid),
    message,
    ...(to.length > 1 ? { type: 2 } : {}),
  })) as Conversation[];
  return c;
}

export const ids = (item: EphemeralItem) => ({ postId: item.postId, authorId: item.authorId });

/** The tag in a conversation's newest message. */
export async function lastTag(who: Member, conversationId: number) {
  const [c] = (await who.ok(api.messaging.getConversation, { conversationId })) as Conversation[];
  return parseEphemeralTag(c.messages!.at(-1)!.content);
}

/** A second session of the same member (another tab or device). */
export async function secondSession(app: Member['app'], name: string) {
  const client = new Client(app);
  await client.ok(api.profile.login, { name, password: PASSWORD });
  return client;
}
