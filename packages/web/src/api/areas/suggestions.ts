import { useQuery } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { call } from '../client';
import { keyOf } from '../query';

/**
 * People to befriend (profile/getRandomFriendRecommendations.do), which the member home shows while
 * its member has no friends: apart from people.ts, whose page hooks load with the people pages
 * (first-load.e2e.test.ts).
 */
export function useRecommendations(limit = 12, enabled = true) {
  return useQuery({
    queryKey: keyOf(api.people.getRandomFriendRecommendations, { limit }),
    queryFn: ({ signal }) => call(api.people.getRandomFriendRecommendations, { limit }, { signal }),
    enabled,
  });
}
