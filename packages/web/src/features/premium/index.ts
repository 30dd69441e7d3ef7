/**
 * What other features use of premium: the VIP prompt sheet (e.g. #21's "VIP ephemeral" sheet:
 * `openVipPrompt('ephemeral', { trialAvailable: user.vipTrialAvailable })`), the perks list,
 * the spotlight strip and the in-feed ad.
 */

export { InFeedAdSlot } from './InFeedAdSlot';
export { hasFeature, VIP_REASONS, type VipReason, vipPagePath } from './rules';
export { SpotlightStrip } from './SpotlightStrip';

export { openVipPrompt, VipPerks, VipPromptContent } from './VipPrompt';
