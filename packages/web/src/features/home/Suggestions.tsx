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

/** While the member has no friends, people to start with (profile/getRandomFriendRecommendations.do). */
export function Suggestions() {
  const { t } = useI18n();
  const friends = useQuery({
    queryKey: keyOf(api.buddy.getBuddies, { limit: 1 }),
    queryFn: ({ signal }) => getBuddies({ limit: 1 }, { signal }),
  });
  const lonely = friends.isSuccess && friends.data.length === 0;
  if (!lonely) return null;
  return <SuggestionList title={t('suggest.title')} lead={t('suggest.lead')} />;
}

function SuggestionList({ title, lead }: { title: string; lead: string }) {
  const recommended = useRecommendations(6);
  const users = recommended.data ?? [];
  if (!users.length) return null;
  return (
    <section className={styles.suggestions} aria-label={title} data-testid="suggestions">
      <h2>{title}</h2>
      <p>{lead}</p>
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
