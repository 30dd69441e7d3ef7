import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiveStreamer } from '@tertulia/contract';
import { activeStreamersKey, adminEndBroadcast, useActiveStreamers } from '../../api/areas/live';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { confirm } from '../../ui/dialog/confirm';
import { handleError } from '../../ui/errors/handleError';
import { Avatar } from '../../ui/member/Avatar';
import { UserLink } from '../../ui/member/UserLink';
import { toast } from '../../ui/toast/toastStore';
import { AdminFrame } from '../admin/AdminFrame';
import styles from './LiveAdmin.module.css';
import './texts';

/** One broadcast on air, with the admin's way to end it (admin/endBroadcast.do; viewers are told). */
function Row({ streamer }: { streamer: LiveStreamer }) {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const name = streamer.user?.name ?? '';
  const end = useMutation({
    mutationFn: () => adminEndBroadcast({ broadcastId: streamer.broadcast_id ?? '' }),
    onSuccess: () => {
      toast.success(t('live.admin.ended', { name }));
      void queryClient.invalidateQueries({ queryKey: activeStreamersKey });
    },
    onError: (error) => handleError(error),
  });
  const since = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(
    streamer.start_timestamp ?? 0,
  );
  return (
    <li className={styles.row} data-testid="admin-live-row">
      {streamer.user && <Avatar user={streamer.user} size={40} showPresence={false} />}
      <div className={styles.who}>
        {streamer.user && <UserLink user={streamer.user} />}
        <span className={styles.title}>{streamer.title}</span>
        <span className={styles.meta}>
          {t('live.admin.since', { time: since })} · {t('live.viewers', { count: streamer.viewers ?? 0 })}
        </span>
      </div>
      <Button
        variant="secondary"
        disabled={end.isPending}
        onClick={() =>
          confirm({
            title: t('live.admin.end'),
            body: t('live.admin.endConfirm', { name }),
            confirmText: t('live.admin.end'),
            cancelText: t('dialog.cancel'),
            onConfirm: () => end.mutate(),
          })
        }
      >
        {t('live.admin.end')}
      </Button>
    </li>
  );
}

function LiveList() {
  const { t } = useI18n();
  const streamers = useActiveStreamers(100);
  const list = streamers.data ?? [];
  if (streamers.isPending) return <p>{t('app.loading')}</p>;
  if (!list.length) return <p>{t('live.admin.none')}</p>;
  return (
    <ul className={styles.list}>
      {list.map((s) => (
        <Row key={s.broadcast_id} streamer={s} />
      ))}
    </ul>
  );
}

/** `/html/admin/live.jsp`: the broadcasts on air now, for admins to end any of them. */
export function Component() {
  const { t } = useI18n();
  return (
    <AdminFrame title={t('live.admin.title')}>
      <LiveList />
    </AdminFrame>
  );
}
