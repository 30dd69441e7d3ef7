import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

/** The start-up guard of the payment provider (README, `PAYMENTS`). */
describe('payments configuration', () => {
  const https = { PUBLIC_URL: 'https://tertulia.example' };

  it('refuses the free test provider on a public https address, saying how to set up Stripe', () => {
    expect(() => loadConfig(https)).toThrow(/STRIPE_SECRET_KEY is unset/);
    expect(() => loadConfig(https)).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig(https)).toThrow(/PAYMENTS=test/);
  });

  it('starts the test provider on https only when PAYMENTS=test asks for it', () => {
    expect(loadConfig({ ...https, PAYMENTS: 'test' }).stripeSecretKey).toBeUndefined();
  });

  it('starts with Stripe on https when the key is set', () => {
    expect(loadConfig({ ...https, STRIPE_SECRET_KEY: 'sk_test_x' }).stripeSecretKey).toBe('sk_test_x');
    expect(loadConfig({ ...https, STRIPE_SECRET_KEY: 'sk_test_x', PAYMENTS: 'stripe' }).publicUrl).toBe(
      https.PUBLIC_URL,
    );
  });

  it('keeps the test provider as the default on http and without a public address', () => {
    expect(loadConfig({}).stripeSecretKey).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).stripeSecretKey).toBeUndefined();
  });

  it('refuses contradictions and unknown values', () => {
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/PAYMENTS=stripe needs STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ PAYMENTS: 'test', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/both set/);
    expect(() => loadConfig({ PAYMENTS: 'free' })).toThrow(/PAYMENTS must be test or stripe/);
  });
});
