import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind } from '../../http/contract-routes';
import { mediaStoreFor } from '../../media/storage';
import { chatUseCases } from '../chat/use-cases';
import { messagingUseCases } from '../messaging/use-cases';
import { peopleUseCases } from '../people/use-cases';
import { ephemeralJobHandler } from './process';
import { EPHEMERAL_JOB, sendUseCases } from './send';
import { ephemeralStore } from './store';
import { viewUseCases } from './view';

/** View-once photos and videos (docs/ephemeral.md); media paths: media-route.ts, wired in app.ts. */
export function ephemeralRoutes(deps: Deps) {
  const store = ephemeralStore(deps.db);
  const media = mediaStoreFor(deps.config);
  const people = peopleUseCases(deps);
  deps.video.queue.handle(EPHEMERAL_JOB, ephemeralJobHandler(deps, store, media));
  const send = sendUseCases(deps, media, store, messagingUseCases(deps, people), chatUseCases(deps, people));
  const view = viewUseCases(deps, store);
  const e = api.ephemeral;
  return [
    bind(e.uploadEphemeralPhoto, (p, ctx) => send.photo(me(ctx), p)),
    bind(e.uploadEphemeralVideo, (p, ctx) => send.video(me(ctx), p)),
    bind(e.updateEphemeralPhoto, (p, ctx) => view.update(me(ctx), p, 'photo')),
    bind(e.updateEphemeralVideo, (p, ctx) => view.update(me(ctx), p, 'video')),
    bind(e.getEphemeral, (p, ctx) => view.get(me(ctx), p)),
    bind(e.openEphemeral, (p, ctx) => view.open(me(ctx), p)),
  ];
}
