import type { api, ParamsOf } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me, type RequestContext } from '../../http/context';
import { invalid, loginRequired, rateLimited } from '../../http/errors';
import { sessionHashOf } from '../../http/session';
import { OutboundRefused } from '../../net/guarded-fetch';
import { subscriptionStore } from './store';

/** Subscribing again and again (a buggy or hostile page) is cheap to refuse. */
const SUBSCRIBES_PER_HOUR = 30;

/** push/subscribe.do and push/unsubscribe.do: this browser's subscription (docs/web-push.md). */
export function webPushUseCases(
  deps: Pick<Deps, 'db' | 'limiter'> & { publicKey: string; checkEndpoint: (url: string) => Promise<void> },
) {
  /** The outbound guard's refusal, said to the member (docs/security.md, "Outbound requests"). */
  async function checkEndpoint(endpoint: string) {
    try {
      await deps.checkEndpoint(endpoint);
    } catch (error) {
      if (!(error instanceof OutboundRefused)) throw error;
      if (error.reason === 'address') throw invalid('endpoint', 'outbound.address');
      if (error.reason === 'credentials') throw invalid('endpoint', 'outbound.credentials');
      throw invalid('endpoint');
    }
  }

  const store = subscriptionStore(deps.db);

  return {
    publicKey: () => deps.publicKey,

    /** Tied to this session: logging out of it removes the subscription with it. */
    async subscribe(p: ParamsOf<typeof api.webPush.subscribe>, ctx: RequestContext): Promise<boolean> {
      const viewer = me(ctx);
      const sessionHash = sessionHashOf(ctx.request);
      if (!sessionHash) throw loginRequired();
      const decision = await deps.limiter.hit(`push-subscribe:${viewer.id}`, SUBSCRIBES_PER_HOUR, 3_600_000);
      if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
      // After the limit: the check may wait on DNS, so a flood is refused before it resolves names.
      await checkEndpoint(p.endpoint);
      await store.save({
        user_id: viewer.id,
        session_hash: sessionHash,
        endpoint: p.endpoint,
        p256dh: p.p256dh,
        auth: p.auth,
        now: Date.now(),
      });
      return true;
    },

    /** Only the member's own subscription; another member's endpoint is left alone. */
    async unsubscribe(p: { endpoint: string }, ctx: RequestContext): Promise<boolean> {
      await store.remove(me(ctx).id, p.endpoint);
      return true;
    },
  };
}
