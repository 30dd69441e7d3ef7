import type { User } from '@tertulia/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSendBuddyRequest } from '../../api/areas/buddy';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { handleError } from '../../ui/errors/handleError';
import { toast } from '../../ui/toast/toastStore';
import { requestFailure, SOURCE_PROFILE, showsAddFriend } from './addFriend';

/**
 * "Add friend" on profiles and hover cards (buddy/sendUserBuddyRequest.do). Hidden for oneself
 * and for friends; a receiver who wants to know who asks sends us to the confirmation page.
 */
export function AddFriendButton({
  user,
  block = false,
}: {
  user: Pick<User, 'uid' | 'isFriend'>;
  block?: boolean;
}) {
  const { t } = useI18n();
  const { user: viewer } = useSession();
  const navigate = useNavigate();
  const send = useSendBuddyRequest();
  const [sent, setSent] = useState(false);
  if (!showsAddFriend(viewer, user)) return null;

  const onClick = () =>
    send.mutate(
      { receivingUserId: user.uid, source: SOURCE_PROFILE },
      {
        onSuccess: () => {
          setSent(true);
          toast.success(t('addFriend.success'));
        },
        onError: (error) => {
          const next = requestFailure(error, user.uid);
          if ('redirect' in next) navigate(next.redirect);
          else handleError(error);
        },
      },
    );

  return (
    <Button
      variant={sent ? 'secondary' : 'primary'}
      block={block}
      onClick={onClick}
      disabled={sent || send.isPending}
    >
      {sent ? t('addFriend.sent') : t('addFriend.button')}
    </Button>
  );
}

export default AddFriendButton;
