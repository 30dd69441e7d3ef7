import { createHash } from 'node:crypto';
import { api, type Endpoint } from '@tertulia/contract';
import type { buildApp } from '../../packages/server/src/app';
import { DEMO_PASSWORD } from './seed';

type App = Awaited<ReturnType<typeof buildApp>>['app'];

/**
 * Demo members calling the real API in-process: each logs in once (the session cookie is kept),
 * then `call` runs an endpoint as them. A status other than 200 fails the demo unless listed in
 * `allow` (a rerun's 409, say). Shared by the gifts, rewards and contests demos.
 */
export function demoApi(app: App) {
  const sessions = new Map<string, { uid: number; cookie: string }>();

  async function logIn(name: string): Promise<{ uid: number; cookie: string }> {
    const known = sessions.get(name);
    if (known) return known;
    const login = await app.inject({
      method: 'POST',
      url: api.profile.login.path,
      payload: { name, password: DEMO_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`demo login ${name}: ${login.body}`);
    const session = {
      uid: login.json().User[0].uid as number,
      cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    };
    sessions.set(name, session);
    return session;
  }

  async function call(
    who: string,
    endpoint: Endpoint,
    params: Record<string, unknown>,
    allow: number[] = [],
  ) {
    const { cookie } = await logIn(who);
    // Money calls need a key; one derived from what is asked makes a rerun of the demo pay nothing twice.
    const keyed = endpoint.movesMoney || (endpoint.schema.required ?? []).includes('idempotencyKey');
    if (keyed && !('idempotencyKey' in params)) {
      const asked = JSON.stringify([who, endpoint.call, params]);
      params = {
        ...params,
        idempotencyKey: `demo-${createHash('sha256').update(asked).digest('hex').slice(0, 32)}`,
      };
    }
    const answer = await app.inject({
      method: endpoint.method,
      url: endpoint.path,
      ...(endpoint.method === 'GET' ? { query: params as Record<string, string> } : { payload: params }),
      headers: { cookie },
    });
    if (answer.statusCode !== 200 && !allow.includes(answer.statusCode))
      throw new Error(`demo ${endpoint.path} as ${who}: ${answer.body}`);
    return answer.json();
  }

  return { logIn, call, uid: async (name: string) => (await logIn(name)).uid };
}
export type DemoApi = ReturnType<typeof demoApi>;
