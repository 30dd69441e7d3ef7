import { useQuery } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { useRecommendations } from '../../api/areas/people';
import { call } from '../../api/client';
import { keyOf } from '../../api/query';
import { useI18n } from '../../i18n/i18n';
import { MemberCard } from '../people/MemberCard';
import peopleStyles from '../people/People.module.css';
import styles from './Home.module.css';

/** While the member has no friends, people to start with (profile/getRandomFriendRecommendations.do). */
export function Suggestions() {
  const { t } = useI18n();
  const friends = useQuery({
    queryKey: keyOf(api.buddy.getBuddies, { limit: 1 }),
    queryFn: ({ signal }) => call(api.buddy.getBuddies, { limit: 1 }, { signal }),
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
      <div className={peopleStyles.grid}>
        {users.map((user) => (
          <MemberCard key={user.uid} user={user} />
        ))}
      </div>
    </section>
  );
}
