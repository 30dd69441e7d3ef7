import { EPHEMERAL_PATH, IMAGE_PATH } from '@tertulia/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { CONTENT_TYPES, originalName } from '../../media/keys';
import type { MediaStore } from '../../media/storage';
import { sendWithRanges } from '../../media/video/serve';
import { mayStreamMedia } from '../../policy/ephemeral';
import { socialGraph } from '../../policy/graph';
import { readLink } from './link';
import type { EphemeralStore } from './store';

const gone = () => new ApiError('ApiGoneException', 'ephemeral.spent');
// Never kept by a browser or a proxy: a reload must ask again, and then get nothing.
const NO_STORE = 'no-store, private';

/**
 * The two media paths of view-once items (docs/ephemeral.md). Both read the session (app.ts's
 * onRequest hook) and ask the database on every request:
 * - EPHEMERAL_PATH/<link>: the full photo or video, only to the member the link names, only
 *   inside a running look with time left and no block either way with the author; 410 once the
 *   time is spent or the link is old, 404 after a block;
 * - IMAGE_PATH/videoephemeral_<postId>_user<authorId>: a video's blurred thumbnail, to the
 *   author and participants (404 until the video is processed: the tile retries).
 */
export function registerEphemeralMediaRoutes(
  app: FastifyInstance,
  deps: Pick<Deps, 'secret' | 'db'>,
  store: EphemeralStore,
  media: MediaStore,
) {
  const graph = socialGraph(deps.db);
  // A block either way since the link was handed out ends it at once, as openEphemeral refuses.
  const cutOff = (a: number, b: number) => graph.blockedEitherWay(a, b);
  app.get(`${EPHEMERAL_PATH}/:token`, async (request: FastifyRequest, reply: FastifyReply) => {
    const link = readLink(deps.secret, (request.params as { token: string }).token);
    if (!link) throw notFound('ephemeral.notFound');
    const member = request.member;
    if (!member || member.id !== link.viewerId) throw forbidden('ephemeral.notYours');
    const now = Date.now();
    if (link.until < now) throw gone();
    const row = await store.find(link.postId, now);
    if (!row?.media_name || row.state !== 'ready') throw gone();
    if (row.author_id !== member.id) {
      const view = await store.view(row.id, member.id);
      if (!mayStreamMedia(row.expiration, view, now)) throw gone();
      if (!(await store.isParticipant(row, member.id))) throw gone();
      if (await cutOff(member.id, row.author_id)) throw notFound('ephemeral.notFound');
    }
    // Always streamed by the server, never a signed URL: a URL would outlive the look.
    const size = await media.size(row.media_name);
    if (size === undefined) throw gone();
    const type =
      row.kind === 'video'
        ? 'video/mp4'
        : row.media_name.endsWith('.webp')
          ? CONTENT_TYPES.webp
          : CONTENT_TYPES.jpg;
    reply.headers({ 'content-type': type, 'cache-control': NO_STORE, 'accept-ranges': 'bytes' });
    return sendWithRanges(request, reply, media, row.media_name, size);
  });

  app.get(`${IMAGE_PATH}/videoephemeral_:rest`, async (request: FastifyRequest, reply: FastifyReply) => {
    const m = /^(\d{1,10})_user(\d{1,10})$/.exec((request.params as { rest: string }).rest);
    const member = request.member;
    if (!m || !member) throw notFound('notFound.image');
    const row = await store.find(Number(m[1]), Date.now());
    if (!row || row.author_id !== Number(m[2]) || row.kind !== 'video' || !row.thumb_key) {
      throw notFound('notFound.image');
    }
    if (
      row.author_id !== member.id &&
      (!(await store.isParticipant(row, member.id)) || (await cutOff(member.id, row.author_id)))
    )
      throw notFound('notFound.image');
    const data = await media.get(originalName(row.thumb_key));
    if (!data) throw notFound('notFound.image');
    return reply
      .headers({
        'content-type': CONTENT_TYPES.jpg,
        'cache-control': 'private, max-age=3600',
        vary: 'Cookie',
      })
      .send(data);
  });
}
