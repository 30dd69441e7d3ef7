/**
 * The VIP prompt sheets of features/premium (the spec's VIP upgrade and VIP ephemeral sheets,
 * and the perks that lead to VIP), opened from any feature without importing premium: a feature
 * that premium itself uses (gifts, people) would otherwise close an import circle. The shell
 * hands over the loader once (app/compose.ts); the sheet's code is fetched on first use.
 */
export type VipPromptReason = 'ephemeral' | 'upgrade' | 'visits' | 'invisible' | 'ads' | 'gifts' | 'love';
export interface VipPromptOptions {
  trialAvailable?: boolean;
}
type Module = { openVipPrompt(reason: VipPromptReason, options?: VipPromptOptions): void };

let load: (() => Promise<Module>) | undefined;

export function registerVipPrompt(loader: () => Promise<Module>): void {
  load = loader;
}

/** Opens the VIP sheet for why the member met a VIP-only thing. */
export function openVipPromptFor(reason: VipPromptReason, options?: VipPromptOptions): Promise<void> {
  if (!load) return Promise.resolve();
  return load().then((m) => m.openVipPrompt(reason, options));
}
