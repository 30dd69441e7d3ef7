import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { bind } from '../../http/contract-routes';
import { pushSettingsUseCases } from './settings';
import { webPushUseCases } from './subscriptions';

export function webPushRoutes(deps: Deps) {
  const calls = webPushUseCases({
    db: deps.db,
    limiter: deps.limiter,
    publicKey: deps.webPush.publicKey,
    checkEndpoint: deps.webPush.checkEndpoint,
  });
  const settings = pushSettingsUseCases(deps);
  return [
    bind(api.webPush.getPublicKey, () => calls.publicKey()),
    bind(api.webPush.subscribe, (p, ctx) => calls.subscribe(p, ctx)),
    bind(api.webPush.unsubscribe, (p, ctx) => calls.unsubscribe(p, ctx)),
    bind(api.webPush.getSettings, (_p, ctx) => settings.getSettings(ctx)),
    bind(api.webPush.setSettings, (p, ctx) => settings.setSettings(p, ctx)),
  ];
}
