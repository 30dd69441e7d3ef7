import { useQuery } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { getBuddies } from '../../api/areas/buddyCounts';
import { useRecommendations } from '../../api/areas/suggestions';
import { keyOf } from '../../api/query';
import { useI18n } from '../../i18n/i18n';
import { Avatar } from '../../ui/member/Avatar';
import { PresenceLine } from '../../ui/member/Presence';
import { UserLink } from '../../ui/member/UserLink';
import styles from './Home.module.css';

/**
 * The suggestions' two questions: has the member a friend, and if not, whom to suggest. MemberHome
 * asks them as the page starts, not when the feed's chunk has come and mounted this list: asked
 * that late, a friendless member's suggestions arrived after the feed and pushed it down (CLS 0.106
 * of the member home in Lighthouse, tools/bench/README.md "Session 13").
 */
export function useSuggestions() {
  const friends = useQuery({
    queryKey: keyOf(api.buddy.getBuddies, { limit: 1 }),
    queryFn: ({ signal }) => getBuddies({ limit: 1 }, { signal }),
  });
  const lonely = friends.isSuccess && friends.data.length === 0;
  const recommended = useRecommendations(6, lonely);
  return lonely ? (recommended.data ?? []) : [];
}

/** While the member has no friends, people to start with (profile/getRandomFriendRecommendations.do). */
export function Suggestions() {
  const { t } = useI18n();
  const users = useSuggestions();
  if (!users.length) return null;
  const title = t('suggest.title');
  return (
    <section className={styles.suggestions} aria-label={title} data-testid="suggestions">
      <h2>{title}</h2>
      <p>{t('suggest.lead')}</p>
      {/* Photo, name and presence from the parts the home already has: search's member cards
          would cost the member home's first visit its script budget (e2e/first-load.e2e.test.ts). */}
      <ul className={styles.suggestionList}>
        {users.map((user) => (
          <li key={user.uid} className={styles.suggestion}>
            <UserLink user={user} aria-label={user.name}>
              <Avatar user={user} size={56} />
            </UserLink>
            <span className={styles.suggestionName}>
              <UserLink user={user} />
            </span>
            <PresenceLine user={user} />
          </li>
        ))}
      </ul>
    </section>
  );
}
