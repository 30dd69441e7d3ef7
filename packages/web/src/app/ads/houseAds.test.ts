import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageRoutes } from '../router';
import { HOUSE_ADS } from './houseAds';

describe('house ads', () => {
  it('link only to pages the router serves (not to the not-found page)', () => {
    const routes = [{ path: '/', children: pageRoutes }];
    for (const ad of HOUSE_ADS) {
      const matched = matchRoutes(routes, new URL(ad.href, 'http://x').pathname) ?? [];
      expect(matched.at(-1)?.route.path, ad.href).not.toBe('*');
    }
  });
});
