import type { api, ParamsOf, PushSettings } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me, type RequestContext } from '../../http/context';
import { PUSH_KIND_COLUMNS } from '../../policy/push-preferences';
import { type PushSettingsRow, subscriptionStore } from './store';

type SettingsParams = ParamsOf<typeof api.webPush.setSettings>;

const COLUMNS = { ...PUSH_KIND_COLUMNS, previews: 'previews' } as const;

function toSettings(row: PushSettingsRow, devices: number): PushSettings {
  const out = Object.fromEntries(
    Object.entries(COLUMNS).map(([name, column]) => [name, row[column as keyof PushSettingsRow] !== 0]),
  );
  return { ...(out as Omit<PushSettings, 'prompt' | 'devices'>), prompt: row.prompt, devices };
}

/** push/getSettings.do and push/setSettings.do: which notices the member wants (docs/web-push.md). */
export function pushSettingsUseCases(deps: Pick<Deps, 'db'>) {
  const store = subscriptionStore(deps.db);

  async function settings(userId: number) {
    const [row, devices] = await Promise.all([store.settings(userId), store.deviceCount(userId)]);
    return toSettings(row, devices);
  }

  return {
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
