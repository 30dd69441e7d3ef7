import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { type FormEvent, useState } from 'react';
import { lockBackstage, unlockBackstage, unlocksKey, useBackstageUnlocks } from '../../api/areas/photos';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { handleError } from '../../ui/errors/handleError';
import { memberNamed, NamePicker } from '../../ui/member/NamePicker';
import { UserLink } from '../../ui/member/UserLink';
import { toast } from '../../ui/toast/toastStore';
import styles from './Manage.module.css';
import './texts';

/** On the owner's backstage album: who besides them (and VIP members) may see it, and adding one. */
export function BackstageAccess() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const unlocks = useBackstageUnlocks();
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<User | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: unlocksKey });
  const add = useMutation({
    mutationFn: async () => {
      const user = picked ?? (await memberNamed(name.trim()));
      if (!user) throw new Error('unknown');
      await unlockBackstage(user.uid);
      return user;
    },
    onSuccess: async (user) => {
      setName('');
      setPicked(undefined);
      await refresh();
      toast.success(t('photos.unlocked', { name: user.name ?? '' }));
    },
    onError: (error) => {
      if (error.message === 'unknown') toast.error(t('photos.unlockUnknown'));
      else handleError(error);
    },
    meta: { silent: true },
  });
  const remove = useMutation({ mutationFn: (user: User) => lockBackstage(user.uid), onSuccess: refresh });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) add.mutate();
  };
  const members = unlocks.data ?? [];

  return (
    <section className={styles.access} aria-labelledby="backstage-access" data-testid="backstage-access">
      <h2 id="backstage-access" className={styles.heading}>
        {t('photos.unlocks')}
      </h2>
      <p className={styles.hint}>{t('photos.unlocksHint')}</p>
      {members.length === 0 && !unlocks.isPending ? (
        <p className={styles.hint}>{t('photos.unlockNone')}</p>
      ) : (
        <ul className={styles.members}>
          {members.map((user) => (
            <li key={user.uid} className={styles.member} data-testid="backstage-member">
              <UserLink user={user} />
              <Button
                variant="ghost"
                onClick={() => remove.mutate(user)}
                disabled={remove.isPending}
                aria-label={t('photos.unlockRemove', { name: user.name ?? '' })}
              >
                ✕
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.create} onSubmit={submit}>
        <NamePicker
          label={t('photos.unlockWho')}
          value={name}
          onChange={(value) => {
            setName(value);
            setPicked(undefined);
          }}
          onPick={(user) => {
            setName(user.name ?? '');
            setPicked(user);
          }}
        />
        <Button type="submit" disabled={!name.trim() || add.isPending} data-testid="backstage-unlock">
          {t('photos.unlockAdd')}
        </Button>
      </form>
    </section>
  );
}
