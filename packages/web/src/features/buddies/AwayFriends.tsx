import { api, BuddyInviteType, ChurnType } from '@tertulia/contract';
import { useId, useState } from 'react';
import { useCreateInvite, useDismissChurned, usePagedList } from '../../api/areas/buddy';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { fieldStyles } from '../../ui/Field';
import { InfiniteList } from '../../ui/list/InfiniteList';
import { useTimeAgo } from '../../ui/time/clock';
import { toast } from '../../ui/toast/toastStore';
import styles from './Buddies.module.css';
import { ListError } from './FriendList';
import { FriendRow } from './FriendRow';
import './texts';

/** Churned-friend types: away more than 14, 30 or 90 days. */
const AWAY_TYPES = [ChurnType.WEEKS, ChurnType.MONTH, ChurnType.SEASON] as const;

/** Friends who have been away a while (by how long): invite them back, or stop being reminded. */
export function Away() {
  const { t } = useI18n();
  const timeAgo = useTimeAgo();
  const [type, setType] = useState<number>(ChurnType.WEEKS);
  const query = usePagedList(api.buddy.getBuddiesChurned, { type });
  const invite = useCreateInvite();
  const dismiss = useDismissChurned();
  const items = query.data?.pages.flat() ?? [];
  const typeId = useId();
  return (
    <section className={styles.results} aria-labelledby={`${typeId}-title`}>
      <div>
        <h2 id={`${typeId}-title`}>{t('buddies.churned')}</h2>
        <p className={styles.muted}>{t('buddies.churnedLead')}</p>
      </div>
      <div className={fieldStyles.field}>
        <label htmlFor={typeId} className={fieldStyles.label}>
          {t('buddies.churnedType')}
        </label>
        <select
          id={typeId}
          className={fieldStyles.input}
          value={type}
          onChange={(event) => setType(Number(event.target.value))}
        >
          {AWAY_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`buddies.churned.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {query.isError ? (
        <ListError error={query.error} />
      ) : (
        <>
          {query.isSuccess && items.length === 0 && (
            <p className={styles.muted} role="status">
              {t('buddies.churnedEmpty')}
            </p>
          )}
          <InfiniteList
            items={items}
            getKey={(user) => user.uid}
            renderItem={(user) => {
              const name = user.name ?? '';
              return (
                <FriendRow
                  user={user}
                  meta={
                    user.lastAccess ? (
                      <p className={styles.muted}>
                        {t('buddies.lastSeen', { time: timeAgo(user.lastAccess) })}
                      </p>
                    ) : undefined
                  }
                >
                  <Button
                    variant="secondary"
                    aria-label={t('buddies.inviteBackName', { name })}
                    disabled={invite.isPending}
                    onClick={() =>
                      invite.mutate(
                        { type: BuddyInviteType.COME_BACK, recipientId: user.uid },
                        { onSuccess: () => toast.success(t('buddies.invitedBack', { name })) },
                      )
                    }
                  >
                    {t('buddies.inviteBack')}
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={t('buddies.dismissName', { name })}
                    disabled={dismiss.isPending}
                    onClick={() => dismiss.mutate({ uid: user.uid, type })}
                  >
                    {t('buddies.dismiss')}
                  </Button>
                </FriendRow>
              );
            }}
            hasMore={query.hasNextPage}
            isLoading={query.isPending || query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            label={t('buddies.churned')}
          />
        </>
      )}
    </section>
  );
}
