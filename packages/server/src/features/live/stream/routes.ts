import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Deps } from '../../../deps';
import { forbidden, loginRequired, notFound } from '../../../http/errors';
import { isSameOrigin } from '../../../http/origin';
import type { MediaStore } from '../../../media/store-api';
import { onBroadcastEnded } from '../ending';
import { liveUseCases } from '../use-cases';
import { liveIngest } from './ingest';
import {
  contentTypeOf,
  isBroadcastId,
  LIVE_INGEST_PATH,
  LIVE_MEDIA_PATH,
  PLAYLIST,
  storeNameOf,
} from './names';
import { streamStore } from './store';
import { watchRule } from './watch';

/**
 * The video path of live broadcasts (docs/live.md): the streamer's ingest socket and the
 * viewers' playlist and segments. Registered in the context that has the websocket plugin.
 */
export function registerLiveStream(app: FastifyInstance, deps: Deps, media: MediaStore) {
  const store = streamStore(deps.db);
  const live = liveUseCases(deps);
  const ingest = liveIngest(store, media, {
    end: (broadcastId) => live.endBroadcast(broadcastId, 'dropped'),
    ffmpeg: deps.config.ffmpegPath,
    dropMs: deps.config.liveStream.dropMs,
    keepMs: deps.config.liveStream.keepMs,
    // One thread per encode (only VP8/VP9 senders are encoded; H.264 is copied): broadcasts share
    // the cores, and one keeps up at ENCODE_MAX_SIDE (stream/ffmpeg-args.ts, tools/bench/live.ts).
    threads: 1,
    log: { warn: (o, m) => app.log.warn(o, m) },
  });
  const mayWatch = watchRule(deps.db, store);
  // Whoever ended it, on whichever instance: the ingest here stops at once (features/live/ending.ts).
  onBroadcastEnded(deps.bus, (ended) => ingest.ended(ended.broadcastId));

  // Refused before the upgrade, as the push socket is: a foreign page, no session, or not the
  // streamer of a broadcast on air (docs/live.md, "Wire format").
  const refuse = async (request: FastifyRequest) => {
    if (!isSameOrigin(request, deps.config.publicUrl, true)) throw forbidden('forbidden.origin');
    if (!request.member) throw loginRequired();
    const { broadcastId } = request.query as { broadcastId?: string };
    const row =
      broadcastId && isBroadcastId(broadcastId) ? await store.byBroadcastId(broadcastId) : undefined;
    if (!row || row.user_id !== request.member.id || Number(row.ended_at) > 0) {
      throw forbidden('live.ingest.notStreamer');
    }
  };
  app.get(LIVE_INGEST_PATH, { websocket: true, preValidation: refuse }, (socket: WebSocket, request) => {
    ingest.accept(socket, (request.query as { broadcastId: string }).broadcastId);
  });

  // Viewers: the same address on every instance; the bytes come from the media store.
  app.get(`${LIVE_MEDIA_PATH}/:broadcastId/:file`, async (request: FastifyRequest, reply: FastifyReply) => {
    const { broadcastId, file } = request.params as { broadcastId: string; file: string };
    const name = storeNameOf(broadcastId, file);
    if (!name) throw notFound('live.video.notFound');
    const answer = await mayWatch(broadcastId, request.member?.id);
    if (!answer.may) throw notFound('live.video.notFound');
    const stored = await media.stream(name);
    if (!stored) throw notFound('live.video.notFound');
    const scope = answer.public ? 'public' : 'private';
    // The playlist changes every second; a segment never changes under its name.
    const cache = file === PLAYLIST ? `${scope}, max-age=1` : `${scope}, max-age=3600, immutable`;
    return reply
      .headers({
        'content-type': contentTypeOf(file),
        'content-length': stored.length,
        'cache-control': cache,
      })
      .send(stored.body);
  });

  app.addHook('onClose', async () => ingest.close());
}
