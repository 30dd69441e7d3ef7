import { api, type Endpoint, PushPrompt } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { withPushApp } from '../../packages/server/tests/_push-app';
import { befriend } from '../../packages/server/tests/_social';
import { dialects, member } from '../../packages/server/tests/_util';
import { writeToAwayFriend } from './push';
import { seedDemo } from './seed';

type Member = Awaited<ReturnType<typeof member>>;
const player = (m: Member) => ({
  name: m.user.name ?? '',
  call: (endpoint: Endpoint, params: Record<string, unknown>) => m.ok(endpoint, params),
  list: async <T>(endpoint: Endpoint, params: Record<string, unknown> = {}) =>
    (await m.ok(endpoint, params)) as T[],
});

// The push service is an outside network: packages/server/tests/_push-service.ts stands in for it.
describe.each(dialects)('demo Web Push ($name)', (dialect) => {
  const env = withPushApp(dialect, { collapseMs: 1 });

  it('seeds the members’ push choices once; lucia is left never asked, for the dialog', async () => {
    const ids = await seedDemo(env.t.deps.db);
    await seedDemo(env.t.deps.db);
    const rows = await env.t.deps.db.selectFrom('push_settings').selectAll().execute();
    const of = (name: string) => rows.find((r) => r.user_id === ids.get(name));
    expect(of('diego')?.prompt).toBe(PushPrompt.REFUSED);
    expect(of('valentina')).toMatchObject({ previews: 0, prompt: PushPrompt.ACCEPTED });
    expect(of('lucia')).toBeUndefined();
    expect(rows.filter((r) => r.user_id === ids.get('mateo'))).toHaveLength(1);
  });

  it('a played member writes to an away friend: a real push reaches their browser, not twice in ten minutes', async () => {
    const [bot, away, played] = [await member(env.t.app), await member(env.t.app), await member(env.t.app)];
    await befriend(bot, away);
    await befriend(bot, played);
    const sub = env.service.subscription();
    await away.ok(api.webPush.subscribe, sub);
    const names = new Set([bot.user.name ?? '', played.user.name ?? '']);
    expect(await writeToAwayFriend(player(bot), names, '¿Sigues por ahí?')).toBe(away.user.name);
    expect(await writeToAwayFriend(player(bot), names, 'otra vez')).toBeUndefined();
    await env.t.deps.effects.settled();
    await env.t.deps.outbox.flush();
    await env.t.deps.webPush.settled();
    expect(env.service.for(sub.id).map((p) => p.payload)).toMatchObject([
      { title: bot.user.name, body: '¿Sigues por ahí?', kind: 'messages' },
    ]);
  });
});
