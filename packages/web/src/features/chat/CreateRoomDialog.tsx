import { useQueryClient } from '@tanstack/react-query';
import { api, RoomType } from '@tertulia/contract';
import { type FormEvent, useState } from 'react';
import * as chatApi from '../../api/areas/chat';
import { useI18n } from '../../i18n/i18n';
import { CHAT_PATHS } from '../../ui/chatPaths';
import { DialogButtons, FormError, useFormSubmit } from '../../ui/dialog/DialogForm';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { Field } from '../../ui/Field';
import { navigateTo } from '../../ui/navigation';
import styles from './Chat.module.css';
import { CREATABLE_TYPES } from './rules';
import './texts';

/** A member-made room: public (2), private (3: friends and invitees) or invite only (4). */
export default function CreateRoomDialog({ dialog }: DialogComponentProps<Record<string, never>>) {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [roomType, setRoomType] = useState<number>(RoomType.USER_PUBLIC);
  const [maxUsers, setMaxUsers] = useState('50');
  const [category, setCategory] = useState('');
  const { error, setError, busy, run } = useFormSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim().length < 3) {
      setError(t('chat.create.nameShort'));
      return;
    }
    await run(async () => {
      const max = Number(maxUsers);
      const room = await chatApi.createRoom({
        name: name.trim(),
        roomType,
        maxUsers: Number.isInteger(max) && max >= 2 ? Math.min(max, 500) : undefined,
        categoryName: category.trim() || undefined,
        locale,
      });
      void queryClient.invalidateQueries({ queryKey: [api.chat.getRooms.path] });
      dialog.close();
      navigateTo(CHAT_PATHS.room(room.id));
    });
  };

  return (
    <DialogFrame title={t('chat.create')} dialog={dialog}>
      <form onSubmit={submit} className={styles.form} noValidate data-testid="chat-create">
        <FormError error={error} />
        <Field
          label={t('chat.create.name')}
          value={name}
          maxLength={40}
          onChange={(event) => setName(event.target.value)}
          autoFocus
        />
        <fieldset className={styles.fieldset}>
          <legend>{t('chat.create.type')}</legend>
          <div className={styles.typeChoices}>
            {CREATABLE_TYPES.map((type) => (
              <label key={type} className={styles.typeChoice}>
                <input
                  type="radio"
                  name="roomType"
                  checked={roomType === type}
                  onChange={() => setRoomType(type)}
                />
                <span>
                  <strong>{t(`chat.type.${type}`)}</strong>
                  <span className={styles.hint}>{t(`chat.type.${type}.hint`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className={styles.twoFields}>
          <Field
            label={t('chat.create.max')}
            type="number"
            min={2}
            max={500}
            value={maxUsers}
            onChange={(event) => setMaxUsers(event.target.value)}
          />
          <Field
            label={t('chat.create.category')}
            value={category}
            maxLength={40}
            onChange={(event) => setCategory(event.target.value)}
          />
        </div>
        <DialogButtons onCancel={dialog.close} busy={busy} submitLabel={t('chat.create.submit')} />
      </form>
    </DialogFrame>
  );
}
