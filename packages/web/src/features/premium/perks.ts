import type { MessageKey } from '../../i18n/i18n';
import './texts';

/** The VIP perks as the spec lists them, in the order the VIP page and sheets show them. */
export const VIP_PERKS: readonly MessageKey[] = [
  'vip.perk.ads',
  'vip.perk.card',
  'vip.perk.invisible',
  'vip.perk.visits',
  'vip.perk.ephemeral',
  'vip.perk.bonus',
  'vip.perk.gifts',
  'vip.perk.love',
];

/** The campaigns the VIP page has a line for (others are ignored). */
export function campaignText(campaign: string | null): MessageKey | undefined {
  // The profile visits page's offer says profile_visits (people/visitsRoute.tsx).
  const name = campaign === 'profile_visits' ? 'visits' : campaign;
  const known = ['gift_received_helper', 'ephemeral', 'visits', 'invisible', 'ads'];
  return name && known.includes(name) ? (`vip.campaign.${name}` as MessageKey) : undefined;
}
