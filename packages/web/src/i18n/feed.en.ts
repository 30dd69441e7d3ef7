import type { feedEs } from './feed.es';

/** English texts of the feed feature; typed against the Spanish keys. */
export const feedEn: Record<keyof typeof feedEs, string> = {
  'feed.title': 'News feed',
};
