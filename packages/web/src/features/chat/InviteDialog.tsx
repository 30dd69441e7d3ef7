import type { ChatRoom } from '@tertulia/contract';
import { type FormEvent, useId, useState } from 'react';
import * as chatApi from '../../api/areas/chat';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { DialogButtons, FormError, useFormSubmit } from '../../ui/dialog/DialogForm';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { fieldStyles } from '../../ui/Field';
import { useGifPasteGuard } from '../../ui/gifPaste';
import { NamePicker } from '../../ui/member/NamePicker';
import { toast } from '../../ui/toast/toastStore';
import styles from './Chat.module.css';
import { roomTitle } from './rules';
import './texts';

/** sendChatInvite.do: names (with suggestions) and a message; invitees may enter invite-only rooms. */
export default function InviteDialog({ dialog, room }: DialogComponentProps<{ room: ChatRoom }>) {
  const { t } = useI18n();
  const guardPaste = useGifPasteGuard();
  const messageId = useId();
  const [names, setNames] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [message, setMessage] = useState(() => t('chat.invite.defaultMessage', { room: roomTitle(room) }));
  const { error, setError, busy, run } = useFormSubmit();

  const add = (name: string) => {
    const clean = name.trim();
    if (clean && !names.some((n) => n.toLowerCase() === clean.toLowerCase())) setNames([...names, clean]);
    setTyped('');
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const all = typed.trim() ? [...names, typed.trim()] : names;
    if (!all.length) {
      setError(t('chat.invite.needName'));
      return;
    }
    if (!message.trim()) {
      setError(t('chat.invite.needMessage'));
      return;
    }
    await run(async () => {
      const count = await chatApi.sendChatInvite({
        roomId: room.id,
        roomName: roomTitle(room),
        destinationUserNames: all,
        message: message.trim(),
      });
      toast.success(t('chat.invite.sent', { count }));
      dialog.close();
    });
  };

  return (
    <DialogFrame title={t('chat.invite.title')} dialog={dialog}>
      <form onSubmit={submit} className={styles.form} noValidate data-testid="chat-invite">
        <FormError error={error} />
        {names.length > 0 && (
          <ul className={styles.chips} aria-label={t('chat.invite.who')}>
            {names.map((name) => (
              <li key={name} className={styles.chip}>
                {name}
                <button
                  type="button"
                  aria-label={t('chat.invite.remove', { name })}
                  onClick={() => setNames(names.filter((n) => n !== name))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <NamePicker
          label={t('chat.invite.name')}
          value={typed}
          onChange={setTyped}
          onPick={(user) => add(user.name ?? '')}
          autoFocus
        />
        <Button variant="secondary" onClick={() => add(typed)} disabled={!typed.trim()}>
          {t('chat.invite.add')}
        </Button>
        <div className={fieldStyles.field}>
          <label htmlFor={messageId} className={fieldStyles.label}>
            {t('chat.invite.message')}
          </label>
          <textarea
            id={messageId}
            className={fieldStyles.textarea}
            rows={3}
            maxLength={500}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            onPaste={guardPaste}
          />
        </div>
        <DialogButtons onCancel={dialog.close} busy={busy} submitLabel={t('chat.invite.submit')} />
      </form>
    </DialogFrame>
  );
}
