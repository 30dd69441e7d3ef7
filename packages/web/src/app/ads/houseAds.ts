import type { MessageKey } from '../../i18n/i18n';
import { PATHS } from '../paths';

/** Our own promotions fill the side columns; each links to a page of the product. */
export interface HouseAd {
  id: string;
  title: MessageKey;
  body: MessageKey;
  href: string;
  tone: 'vip' | 'gold' | 'games';
}

export const HOUSE_ADS: readonly HouseAd[] = [
  { id: 'vip', title: 'ads.vip.title', body: 'ads.vip.body', href: PATHS.vip, tone: 'vip' },
  { id: 'gold', title: 'ads.gold.title', body: 'ads.gold.body', href: PATHS.gold, tone: 'gold' },
  { id: 'games', title: 'ads.games.title', body: 'ads.games.body', href: PATHS.games, tone: 'games' },
];
