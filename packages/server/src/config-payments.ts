// Checked by loadConfig (config.ts), which reads the environment and hands it here.

/**
 * The free test provider hands out gold for nothing: on a public https address it starts only
 * when PAYMENTS=test says so, so a forgotten STRIPE_SECRET_KEY cannot open a free shop
 * (README, `PAYMENTS`).
 */
export function checkPayments(env: NodeJS.ProcessEnv): void {
  const mode = env.PAYMENTS || undefined;
  if (mode !== undefined && mode !== 'test' && mode !== 'stripe') {
    throw new Error('PAYMENTS must be test or stripe');
  }
  const hasKey = Boolean(env.STRIPE_SECRET_KEY);
  if (mode === 'stripe' && !hasKey)
    throw new Error(`PAYMENTS=stripe needs STRIPE_SECRET_KEY. ${HOW_TO_STRIPE}`);
  if (mode === 'test' && hasKey)
    throw new Error('PAYMENTS=test and STRIPE_SECRET_KEY are both set: keep one');
  const publicHttps = env.PUBLIC_URL?.startsWith('https://') ?? false;
  if (publicHttps && !hasKey && mode !== 'test') {
    throw new Error(
      `PUBLIC_URL is https but STRIPE_SECRET_KEY is unset: the test payment provider would give gold away. ${HOW_TO_STRIPE} Or set PAYMENTS=test to run the free test provider on purpose.`,
    );
  }
}

const HOW_TO_STRIPE =
  'To take real payments set STRIPE_SECRET_KEY (sk_live_... or sk_test_..., Stripe dashboard > Developers > API keys) and STRIPE_WEBHOOK_SECRET (whsec_... of a webhook endpoint at PUBLIC_URL/payments/stripe/webhook).';
