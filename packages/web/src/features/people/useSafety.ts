import type { User } from '@tertulia/contract';
import { useBanUser, useBlock } from '../../api/areas/people';
import { useI18n } from '../../i18n/i18n';
import { confirm } from '../../ui/dialog/confirm';
import { openDialog } from '../../ui/dialog/dialogStore';
import { toast } from '../../ui/toast/toastStore';
import { reportDialog } from './dialogs';
import './texts';

/** Block / unblock, report and (admins) ban, each asking first where it cannot be undone lightly. */
export function useSafety(user: Pick<User, 'uid' | 'name' | 'isBlocked'>) {
  const { t } = useI18n();
  const block = useBlock();
  const ban = useBanUser();
  const name = user.name ?? '';

  return {
    pending: block.isPending || ban.isPending,
    toggleBlock: () => {
      if (user.isBlocked) {
        block.mutate(
          { uid: user.uid, block: false },
          { onSuccess: () => toast.success(t('profile.unblocked', { name })) },
        );
        return;
      }
      confirm({
        title: t('profile.blockTitle', { name }),
        body: t('profile.blockBody'),
        confirmText: t('profile.block'),
        cancelText: t('dialog.cancel'),
        onConfirm: () =>
          block.mutate(
            { uid: user.uid, block: true },
            { onSuccess: () => toast.success(t('profile.blocked', { name })) },
          ),
      });
    },
    report: () => openDialog(reportDialog, { user: { uid: user.uid, name } }),
    ban: () =>
      confirm({
        title: t('profile.banTitle', { name }),
        body: t('profile.banBody'),
        confirmText: t('profile.ban'),
        cancelText: t('dialog.cancel'),
        onConfirm: () =>
          ban.mutate(user.uid, { onSuccess: () => toast.success(t('profile.banned', { name })) }),
      }),
  };
}
