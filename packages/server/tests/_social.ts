import { api, type Endpoint, type FeedEvent, FeedEventType, type UserStatus } from '@tertulia/contract';
import { formBody, postForm } from './_multipart';
import type { Client, member } from './_util';

/** Social test steps shared across features: befriend, post, read the feed, multipart posts. */
export type Member = Awaited<ReturnType<typeof member>>;

export async function befriend(a: Member, b: Member) {
  const [id] = (await a.ok(api.buddy.sendUserBuddyRequest, { receivingUserId: b.user.uid })) as number[];
  await b.ok(api.buddy.acceptFriendshipRequest, { offlineMessageId: id });
}

export async function post(m: Member, text: string, extra: Record<string, unknown> = {}) {
  const [status] = (await m.ok(api.user.updateStatus, { newStatus: text, ...extra })) as UserStatus[];
  return status;
}

export async function feed(m: Member, params: Record<string, unknown> = {}) {
  return (await m.ok(api.feed.getEvents, { limit: 100, ...params })) as FeedEvent[];
}

/** Status texts of the status events, newest first, of the given authors only. */
export const texts = (events: FeedEvent[], authors?: Member[]) =>
  events
    .filter(
      (e) =>
        e.type === FeedEventType.STATUS_UPDATE && (!authors || authors.some((a) => a.user.uid === e.userId)),
    )
    .map((e) => e.status?.status);

/** A multipart POST of a contract endpoint, with one file field. */
export async function postMultipart(
  client: Client,
  endpoint: Endpoint,
  fields: Record<string, string | number | boolean>,
  file?: { field: string; data: Buffer; type: string; name: string },
) {
  const res = await postForm(client, endpoint, await formBody(fields, file ? { [file.field]: file } : {}));
  return { status: res.status, body: res.body as Record<string, unknown> & { message?: string } };
}
