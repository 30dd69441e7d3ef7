import type { api, ParamsOf, PushSettings } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me, type RequestContext } from '../../http/context';
import { invalid, loginRequired, rateLimited } from '../../http/errors';
import { sessionHashOf } from '../../http/session';
import { OutboundRefused } from '../../net/guarded-fetch';
import { PUSH_KIND_COLUMNS } from '../../policy/push-preferences';
import { type PushSettingsRow, subscriptionStore } from '../../push/subscription-store';

type SettingsParams = ParamsOf<typeof api.webPush.setSettings>;

/** Subscribing again and again (a buggy or hostile page) is cheap to refuse. */
const SUBSCRIBES_PER_HOUR = 30;

const COLUMNS = { ...PUSH_KIND_COLUMNS, previews: 'previews' } as const;

function toSettings(row: PushSettingsRow, devices: number): PushSettings {
  const out = Object.fromEntries(
    Object.entries(COLUMNS).map(([name, column]) => [name, row[column as keyof PushSettingsRow] !== 0]),
  );
  return { ...(out as Omit<PushSettings, 'prompt' | 'devices'>), prompt: row.prompt, devices };
}

/** push/*.do: this browser's subscription, and the member's choices (docs/web-push.md). */
export function webPushCalls(
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

  async function settings(userId: number) {
    const [row, devices] = await Promise.all([store.settings(userId), store.deviceCount(userId)]);
    return toSettings(row, devices);
  }

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

    getSettings: (ctx: RequestContext) => settings(me(ctx).id),

    async setSettings(p: SettingsParams, ctx: RequestContext): Promise<PushSettings> {
      const viewer = me(ctx);
      const values: Partial<PushSettingsRow> = {};
      for (const [name, column] of Object.entries(COLUMNS)) {
        const value = p[name as keyof SettingsParams];
        if (value !== undefined) values[column as keyof PushSettingsRow] = value ? 1 : 0;
      }
      if (p.prompt !== undefined) values.prompt = p.prompt;
      await store.saveSettings(viewer.id, values);
      return settings(viewer.id);
    },
  };
}
