import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChatEntry, GiftSource } from '@tertulia/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import * as chatApi from '../../api/areas/chat';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import { type DialogComponentProps, openDialog } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { fieldStyles } from '../../ui/Field';
import { Avatar } from '../../ui/member/Avatar';
import { PATHS } from '../../ui/paths';
import { toast } from '../../ui/toast/toastStore';
import { giftDialog } from '../gifts/dialogs';
import styles from './Chat.module.css';
import type { MemberProps } from './dialogs';
import { bossesKey, c, entriesKey, usersKey } from './queries';
import {
  durationChoices,
  durationText,
  isTimed,
  type ModAction,
  memberActionsFor,
  moderatorActions,
  roleOf,
  type TimedAction,
} from './rules';
import './texts';

/** A member of the room: private message, ignore, report, and what the viewer may do as moderator. */
export default function MemberDialog({
  dialog,
  room,
  user,
  me,
  isAdmin,
  roles,
  onPrivate,
}: DialogComponentProps<MemberProps>) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const commentId = useId();
  const durationId = useId();
  /** A timed action (kick, block, gag) waiting for its duration. */
  const [pending, setPending] = useState<{ action: TimedAction; minutes: number }>();
  const [reporting, setReporting] = useState(false);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const other = memberActionsFor(me, user.uid);
  const ignoredKey = [c.isUserIgnored.path, user.uid];
  const ignored = useQuery({
    queryKey: ignoredKey,
    enabled: other,
    queryFn: ({ signal }) => chatApi.isUserIgnored({ userId: user.uid }, { signal }),
  });
  const actions = moderatorActions({ uid: me, isAdmin, room }, user.uid, roles);
  const role = roleOf(roles, user.uid);

  const act = async (request: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await request();
      toast.success(done);
      return true;
    } catch (error) {
      toast.error(errorText(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const durationLabel = (minutes: number) => {
    const { key, n } = durationText(minutes);
    return t(key, { n });
  };
  const moderate = async (action: ModAction, minutes?: number) => {
    const ok = await act(
      () => chatApi.moderate(action, { userId: user.uid, roomId: room.id, ...(minutes ? { minutes } : {}) }),
      t(`chat.mod.done.${action}`, {
        name: user.name ?? '',
        duration: minutes ? durationLabel(minutes) : '',
      }),
    );
    if (!ok) return;
    void queryClient.invalidateQueries({ queryKey: bossesKey(room.id) });
    void queryClient.invalidateQueries({ queryKey: usersKey(room.id) });
    dialog.close();
  };
  const toggleIgnore = async () => {
    const on = !ignored.data;
    const ok = await act(
      () => (on ? chatApi.ignoreUser : chatApi.unignoreUser)({ userId: user.uid }),
      t(on ? 'chat.ignored' : 'chat.unignored', { name: user.name ?? '' }),
    );
    if (!ok) return;
    queryClient.setQueryData(ignoredKey, on);
    // The stream leaves out their lines at once; bringing them back needs the newest lines afresh.
    if (on)
      queryClient.setQueryData<ChatEntry[]>(entriesKey(room.id), (held) =>
        held?.filter((e) => e.user?.uid !== user.uid),
      );
    else void queryClient.resetQueries({ queryKey: entriesKey(room.id) });
  };
  const report = async () => {
    const ok = await act(
      () => chatApi.reportChatUser({ userId: user.uid, comment: comment.trim() || undefined }),
      t('report.thanks'),
    );
    if (ok) dialog.close();
  };

  return (
    <DialogFrame title={user.name ?? ''} dialog={dialog}>
      <div className={styles.member} data-testid="chat-member">
        <div className={styles.memberHead}>
          <Avatar user={user} size={56} />
          <div>
            <Link to={PATHS.profile(user.uid)} onClick={dialog.close} className={styles.memberName}>
              {user.name}
            </Link>
            {role && (
              <span className={styles.role} data-role={role}>
                {t(`chat.role.${role}`)}
              </span>
            )}
          </div>
        </div>
        {other && (
          <div className={styles.actionGrid}>
            <Button
              onClick={() => {
                dialog.close();
                onPrivate(user);
              }}
            >
              {t('chat.private.send')}
            </Button>
            <Button
              variant="secondary"
              data-testid="chat-gift-button"
              onClick={() => {
                dialog.close();
                openDialog(giftDialog, {
                  userId: user.uid,
                  userName: user.name ?? '',
                  source: GiftSource.CHAT,
                  roomId: room.id,
                });
              }}
            >
              🎁 {t('gifts.send')}
            </Button>
            <Button variant="secondary" disabled={busy || ignored.isPending} onClick={toggleIgnore}>
              {ignored.data ? t('chat.unignore') : t('chat.ignore')}
            </Button>
            <Button
              variant="secondary"
              aria-expanded={reporting}
              onClick={() => setReporting((open) => !open)}
            >
              {t('chat.report')}
            </Button>
          </div>
        )}
        {reporting && (
          <div className={fieldStyles.field}>
            <label htmlFor={commentId} className={fieldStyles.label}>
              {t('chat.reportComment')}
            </label>
            <textarea
              id={commentId}
              className={fieldStyles.textarea}
              rows={3}
              maxLength={1000}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
            <div className={dialogStyles.buttons}>
              <Button disabled={busy} onClick={report}>
                {t('chat.reportSend')}
              </Button>
            </div>
          </div>
        )}
        {actions.length > 0 && (
          <section className={styles.modSection} aria-label={t('chat.mod.title')}>
            <h3>{t('chat.mod.title')}</h3>
            <div className={styles.actionGrid}>
              {actions.map((action) => (
                <Button
                  key={action}
                  variant="secondary"
                  className={action === 'block' || action === 'kick' ? styles.dangerButton : undefined}
                  disabled={busy}
                  data-action={action}
                  aria-expanded={isTimed(action) ? pending?.action === action : undefined}
                  onClick={() =>
                    isTimed(action)
                      ? setPending({ action, minutes: durationChoices(action, isAdmin)[0] })
                      : moderate(action)
                  }
                >
                  {t(`chat.mod.${action}`)}
                </Button>
              ))}
            </div>
            {pending && (
              <div className={fieldStyles.field}>
                <label htmlFor={durationId} className={fieldStyles.label}>
                  {t('chat.mod.duration')}
                </label>
                <select
                  id={durationId}
                  className={fieldStyles.input}
                  data-testid="chat-mod-duration"
                  value={pending.minutes}
                  onChange={(event) => setPending({ ...pending, minutes: Number(event.target.value) })}
                >
                  {durationChoices(pending.action, isAdmin).map((minutes) => (
                    <option key={minutes} value={minutes}>
                      {durationLabel(minutes)}
                    </option>
                  ))}
                </select>
                <div className={dialogStyles.buttons}>
                  <Button
                    disabled={busy}
                    data-testid="chat-mod-apply"
                    onClick={() => moderate(pending.action, pending.minutes)}
                  >
                    {t('chat.mod.apply')}
                  </Button>
                </div>
              </div>
            )}
          </section>
        )}
      </div>
    </DialogFrame>
  );
}
