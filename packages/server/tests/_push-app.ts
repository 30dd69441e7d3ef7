import { afterAll, beforeAll } from 'vitest';
import { type Config, loadConfig } from '../src/config';
import { type PushService, startPushService } from './_push-service';
import { type Dialect, type TestApp, testApp } from './_util';

/**
 * A test app allowed to push to the local test push service (an outside network: _push-service.ts
 * stands in for it and decrypts), both started before the suite's tests and closed after them.
 */
export function withPushApp(dialect: Dialect, push: Partial<Config['push']> = {}) {
  const env = {} as { t: TestApp; service: PushService };
  beforeAll(async () => {
    env.service = await startPushService();
    env.t = await testApp(dialect, {
      push: { ...loadConfig({}).push, allowHttpEndpoints: true, ...push },
      outboundAllowPrivate: true, // the local push service listens on 127.0.0.1
    });
  });
  afterAll(async () => {
    await env.t.close();
    await env.service.close();
  });
  return env;
}
