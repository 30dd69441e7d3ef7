import type { MessageKey } from '../../i18n/i18n';
import { PATHS } from '../../ui/paths';

/** Our own promotions fill the side columns; each links to a page of the product. */
export interface HouseAd {
  id: string;
  title: MessageKey;
  body: MessageKey;
  href: string;
  tone: 'vip' | 'gold' | 'games';
}

// Only pages the router serves (houseAds.test.ts checks every href against app/router.tsx).
export const HOUSE_ADS: readonly HouseAd[] = [
  {
    id: 'visits',
    title: 'ads.visits.title',
    body: 'ads.visits.body',
    href: PATHS.profileVisits,
    tone: 'vip',
  },
  { id: 'chat', title: 'ads.chat.title', body: 'ads.chat.body', href: PATHS.chat, tone: 'gold' },
  { id: 'people', title: 'ads.people.title', body: 'ads.people.body', href: PATHS.search, tone: 'games' },
];
