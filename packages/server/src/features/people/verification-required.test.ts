import { errorKindOf } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, testApp } from '../../../tests/_util';
import { ApiError } from '../../http/errors';
import { peopleStore } from './store';
import { peopleUseCases } from './use-cases';

// Messaging (a later issue) calls requireVerified before sending; the rule lives here.
describe('verification required before messaging', () => {
  let strict: Awaited<ReturnType<typeof testApp>>;
  let relaxed: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    strict = await testApp({ name: 'sqlite' }, { requireVerification: true });
    relaxed = await testApp({ name: 'sqlite' });
  });
  afterAll(async () => {
    await strict.close();
    await relaxed.close();
  });

  it('refuses an unverified member with ApiVerificationRequiredException when the setting is on', async () => {
    const m = await member(strict.app);
    const row = (await peopleStore(strict.deps.db).byId(m.user.uid))!;
    let thrown: unknown;
    try {
      peopleUseCases(strict.deps).requireVerified(row);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    const body = (thrown as ApiError).toBody('es');
    expect(errorKindOf(body)).toBe('ApiVerificationRequiredException');
    expect(body.message).toBe('Verifica tu cuenta para continuar.');
    expect(() => peopleUseCases(strict.deps).requireVerified({ ...row, verified: 1 })).not.toThrow();
  });

  it('lets everyone through when the setting is off', async () => {
    const m = await member(relaxed.app);
    const row = (await peopleStore(relaxed.deps.db).byId(m.user.uid))!;
    expect(() => peopleUseCases(relaxed.deps).requireVerified(row)).not.toThrow();
  });
});
