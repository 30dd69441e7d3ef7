import { useRef } from 'react';
import { useItemLikes } from '../../api/areas/feed';
import { useI18n } from '../../i18n/i18n';
import { DialogFrame } from '../dialog/DialogFrame';
import type { DialogComponentProps } from '../dialog/dialogStore';
import { InfiniteList } from '../list/InfiniteList';
import { Avatar } from '../member/Avatar';
import { UserLink } from '../member/UserLink';
import styles from './LikesDialog.module.css';
import type { LikesDialogProps } from './likesDialog';

/** The likes list (user/getItemLikes.do), newest first, scrolling for more. */
export default function LikesDialog({ item, dialog }: DialogComponentProps<LikesDialogProps>) {
  const { t } = useI18n();
  const scroller = useRef<HTMLDivElement>(null);
  const likes = useItemLikes(item);
  const users = likes.data?.pages.flat() ?? [];
  return (
    <DialogFrame title={t('feed.likesTitle')} dialog={dialog}>
      <div ref={scroller} className={styles.scroller}>
        {likes.isSuccess && users.length === 0 ? (
          <p>{t('feed.likesEmpty')}</p>
        ) : (
          <InfiniteList
            items={users}
            getKey={(user) => user.uid}
            hasMore={!!likes.hasNextPage}
            isLoading={likes.isPending || likes.isFetchingNextPage}
            onLoadMore={() => void likes.fetchNextPage()}
            scrollRef={scroller}
            label={t('feed.likesTitle')}
            renderItem={(user) => (
              <div className={styles.row} data-testid="liker">
                <Avatar user={user} size={40} />
                <UserLink user={user} className={styles.name} />
                <span className={styles.heart} aria-hidden="true">
                  ♥
                </span>
              </div>
            )}
          />
        )}
      </div>
    </DialogFrame>
  );
}
