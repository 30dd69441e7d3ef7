import { useAnswerRelationship, useRelationshipRequests } from '../../api/areas/people';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { UserLink } from '../../ui/member/UserLink';
import { toast } from '../../ui/toast/toastStore';
import styles from './Profile.module.css';
import './texts';

/** On one's own profile: who says they are in a relationship with you, to confirm or decline. */
export function RelationshipRequests() {
  const { t } = useI18n();
  const requests = useRelationshipRequests(true);
  const answer = useAnswerRelationship();
  if (!requests.data?.length) return null;
  return (
    <section className={styles.notice} aria-labelledby="relationship-requests">
      <h2 id="relationship-requests" className={styles.sectionTitle}>
        {t('profile.relationshipRequests')}
      </h2>
      <ul className={styles.requests}>
        {requests.data.map((user) => (
          <li key={user.uid}>
            <span>
              <UserLink user={user} />
              {t('profile.relationshipRequest')}
            </span>
            <span className={styles.actions}>
              <Button
                disabled={answer.isPending}
                onClick={() =>
                  answer.mutate(
                    { userId: user.uid, accept: true },
                    { onSuccess: () => toast.success(t('profile.relationshipConfirmed')) },
                  )
                }
              >
                {t('profile.relationshipConfirm')}
              </Button>
              <Button
                variant="secondary"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ userId: user.uid, accept: false })}
              >
                {t('profile.relationshipDecline')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
