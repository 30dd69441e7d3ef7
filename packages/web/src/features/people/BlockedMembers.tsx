import type { User } from '@tertulia/contract';
import { useBlock, useBlockedUsers } from '../../api/areas/people';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import { InfiniteList } from '../../ui/list/InfiniteList';
import { Avatar } from '../../ui/member/Avatar';
import { UserLink } from '../../ui/member/UserLink';
import { toast } from '../../ui/toast/toastStore';
import styles from './People.module.css';
import './texts';

function Blocked({ user }: { user: User }) {
  const { t } = useI18n();
  const block = useBlock();
  const name = user.name ?? '';
  return (
    <div className={styles.blockedRow}>
      <Avatar user={user} size={40} showPresence={false} />
      <UserLink user={user} />
      <Button
        variant="secondary"
        aria-label={t('settings.unblockName', { name })}
        disabled={block.isPending}
        onClick={() =>
          block.mutate(
            { uid: user.uid, block: false },
            { onSuccess: () => toast.success(t('profile.unblocked', { name })) },
          )
        }
      >
        {t('profile.unblock')}
      </Button>
    </div>
  );
}

/** Account settings: the members the caller blocked (user/getBlockedUsers.do), each unblockable. */
export function BlockedMembers() {
  const { t } = useI18n();
  const query = useBlockedUsers();
  const items = query.data?.pages.flat() ?? [];
  return (
    <section className={styles.settingsSection} aria-labelledby="settings-blocked">
      <h2 id="settings-blocked">{t('settings.blocked')}</h2>
      <p className={styles.muted}>{t('settings.blockedLead')}</p>
      {query.isError ? (
        <p role="alert">{errorText(query.error)}</p>
      ) : query.isSuccess && items.length === 0 ? (
        <p>{t('settings.blockedNone')}</p>
      ) : (
        <InfiniteList
          items={items}
          getKey={(user) => user.uid}
          renderItem={(user) => <Blocked user={user} />}
          hasMore={query.hasNextPage}
          isLoading={query.isPending || query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
          label={t('settings.blocked')}
        />
      )}
    </section>
  );
}
