import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageRoutes } from '../../app/router';
import { served } from '../../ui/served';
import { HOUSE_ADS } from './houseAds';
// The router registers which paths it serves.
import '../../app/router';

describe('house ads', () => {
  it('link only to pages the router serves (not to the not-found page)', () => {
    const routes = [{ path: '/', children: pageRoutes }];
    for (const ad of HOUSE_ADS) {
      const matched = matchRoutes(routes, new URL(ad.href, 'http://x').pathname) ?? [];
      expect(matched.at(-1)?.route.path, ad.href).not.toBe('*');
      expect(served(ad.href), ad.href).toBe(true);
    }
  });

  it('served() tells the pages the router serves from the not-found page', () => {
    expect(served('/html/index.jsp')).toBe(true);
    expect(served('/html/gold/profile-visits.jsp?x=1')).toBe(true);
    expect(served('/html/no-such-page.jsp')).toBe(false);
  });
});
