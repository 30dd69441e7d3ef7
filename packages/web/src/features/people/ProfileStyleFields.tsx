import type { QueryClient } from '@tanstack/react-query';
import { PROFILE_FONTS, type User } from '@tertulia/contract';
import { setBackgroundPhoto, setFont, userKey } from '../../api/areas/people';
import { sessionKey } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import styles from './People.module.css';
import { SelectField } from './SelectField';

/** The profile's look as the editor holds it until saved. */
export interface ProfileStyle {
  font: string;
  repeat: boolean;
  removeBackground: boolean;
}

export function styleFromUser(user: User): ProfileStyle {
  return { font: user.font ?? '', repeat: user.bgStyle === 'repeat', removeBackground: false };
}

/** A chosen font applies only when it is one the app offers (the stored value is free text). */
export function profileFont(user: Pick<User, 'font'>): string | undefined {
  return (PROFILE_FONTS as readonly string[]).includes(user.font ?? '') ? user.font : undefined;
}

/**
 * Saves what changed: the font (user/setFont.do) and the background's repeat or its removal
 * (user/setBackgroundPhoto.do, by the background photo's id; 0 removes it). Returns whether
 * anything was sent.
 */
export async function saveProfileStyle(user: User, style: ProfileStyle, queryClient: QueryClient) {
  const before = styleFromUser(user);
  let changed = false;
  if (style.font && style.font !== before.font) {
    await setFont({ font: style.font });
    changed = true;
  }
  if (user.bgPhotoId && (style.removeBackground || style.repeat !== before.repeat)) {
    await setBackgroundPhoto(
      style.removeBackground ? { photo: 0 } : { photo: user.bgPhotoId, repeat: style.repeat },
    );
    changed = true;
  }
  if (changed)
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: userKey(user.uid) }),
      queryClient.invalidateQueries({ queryKey: sessionKey }),
    ]);
  return changed;
}

/** The editor's "profile style" group: font, and the background's tiling or removal. */
export function ProfileStyleFields({
  user,
  value,
  onChange,
}: {
  user: User;
  value: ProfileStyle;
  onChange: (style: ProfileStyle) => void;
}) {
  const { t } = useI18n();
  const fonts = [
    ...(value.font ? [] : [{ value: '', label: t('profileStyle.fontDefault') }]),
    ...PROFILE_FONTS.map((font) => ({ value: font, label: font })),
  ];
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('profileStyle.title')}</legend>
      <SelectField
        label={t('profileStyle.font')}
        value={value.font}
        options={fonts}
        onChange={(event) => onChange({ ...value, font: event.target.value })}
      />
      {user.bgPhotoId && !value.removeBackground ? (
        <>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={value.repeat}
              onChange={(event) => onChange({ ...value, repeat: event.target.checked })}
            />
            {t('profileStyle.repeat')}
          </label>
          <Button variant="secondary" onClick={() => onChange({ ...value, removeBackground: true })}>
            {t('profileStyle.remove')}
          </Button>
        </>
      ) : (
        <p className={styles.hint}>{t('profileStyle.noBackground')}</p>
      )}
    </fieldset>
  );
}
