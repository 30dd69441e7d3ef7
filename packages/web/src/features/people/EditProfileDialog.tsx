import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { findByName, useUpdateProfile } from '../../api/areas/people';
import { ApiError } from '../../api/errors';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import { useAutocomplete } from '../../ui/autocomplete/useAutocomplete';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { errorText, handleError } from '../../ui/errors/handleError';
import { Field, fieldStyles } from '../../ui/Field';
import { toast } from '../../ui/toast/toastStore';
import type { EditProfileProps } from './dialogs';
import styles from './People.module.css';
import { ProfileStyleFields, saveProfileStyle, styleFromUser } from './ProfileStyleFields';
import { changesFromForm, formFromUser, MAX_LINKS, type ProfileForm } from './profileForm';
import { SelectField } from './SelectField';
import { options, type WordField } from './words';
import './texts';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{title}</legend>
      {children}
    </fieldset>
  );
}

/** The partner is a member: picked by name with the kit's autocomplete. */
function PartnerPicker({
  value,
  self,
  onChange,
}: {
  value: ProfileForm['partner'];
  self: number;
  onChange: (partner: ProfileForm['partner']) => void;
}) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const { results, onKeyUp, clear } = useAutocomplete<User>((query, signal) => findByName(query, signal, 6));
  const listId = useId();
  if (value) {
    return (
      <div className={fieldStyles.field}>
        <span className={fieldStyles.label}>{t('people.field.partner')}</span>
        <div className={styles.chipRow}>
          <span className={styles.chip}>{value.name}</span>
          <Button variant="ghost" onClick={() => onChange(null)}>
            {t('edit.partnerRemove')}
          </Button>
        </div>
      </div>
    );
  }
  const suggestions = results.filter((user) => user.uid !== self);
  return (
    <div>
      <Field
        label={t('edit.partner')}
        value={text}
        autoComplete="off"
        aria-controls={listId}
        onChange={(event) => setText(event.target.value)}
        onKeyUp={onKeyUp}
      />
      <ul id={listId} className={styles.suggestions} aria-label={t('search.suggestions')}>
        {suggestions.map((user) => (
          <li key={user.uid}>
            <button
              type="button"
              className={styles.suggestion}
              onClick={() => {
                onChange({ uid: user.uid, name: user.name ?? String(user.uid) });
                setText('');
                clear();
              }}
            >
              {user.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

const ENUM_FIELDS: readonly Exclude<WordField, 'permission' | 'searchProximity' | 'gender'>[] = [
  'lookingFor',
  'relationshipStatus',
  'relationshipType',
  'sexualOrientation',
  'education',
  'ethnicity',
  'children',
];
const PERMISSIONS = ['imPermission', 'messagePermission', 'pmPermission'] as const;

/** Edit one's own profile: profile/updateProfile.do with every editable field. */
export default function EditProfileDialog({ user, dialog }: DialogComponentProps<EditProfileProps>) {
  const { t } = useI18n();
  const [form, setForm] = useState<ProfileForm>(() => formFromUser(user));
  const [style, setStyle] = useState(() => styleFromUser(user));
  const queryClient = useQueryClient();
  const save = useUpdateProfile();
  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const badField = save.error instanceof ApiError ? save.error.details.field : undefined;
  const fieldError = (name: string) => (badField === name ? errorText(save.error) : undefined);
  const text = (
    name: 'firstName' | 'lastName' | 'country' | 'state' | 'city' | 'postalCode' | 'song',
    max: number,
  ) => (
    <Field
      label={t(`edit.${name}` as MessageKey)}
      name={name}
      value={form[name]}
      maxLength={max}
      error={fieldError(name)}
      onChange={(event) => set(name, event.target.value)}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The look first (its own calls); a refusal there keeps the dialog open with the reason.
    try {
      await saveProfileStyle(user, style, queryClient);
    } catch (error) {
      handleError(error);
      return;
    }
    save.mutate(changesFromForm(form), {
      onSuccess: () => {
        toast.success(t('status.saved'));
        dialog.close();
      },
    });
  };

  return (
    <DialogFrame title={t('profile.edit')} dialog={dialog}>
      <form className={styles.editForm} onSubmit={submit} noValidate aria-label={t('profile.edit')}>
        {save.isError && (
          <p role="alert" className={styles.errorBox}>
            {errorText(save.error)}
          </p>
        )}
        <Group title={t('edit.basics')}>
          {text('firstName', 40)}
          {text('lastName', 40)}
          <SelectField
            label={t('people.field.gender')}
            value={form.gender}
            options={options('gender', t)}
            onChange={(event) => set('gender', event.target.value as ProfileForm['gender'])}
          />
          <div className={fieldStyles.field}>
            <label htmlFor="edit-about" className={fieldStyles.label}>
              {t('profile.about')}
            </label>
            <textarea
              id="edit-about"
              className={styles.textarea}
              rows={5}
              maxLength={2000}
              value={form.about}
              aria-describedby="edit-about-hint"
              onChange={(event) => set('about', event.target.value)}
            />
            <p id="edit-about-hint" className={styles.hint}>
              {t('edit.aboutHint')}
            </p>
          </div>
          {text('song', 200)}
        </Group>
        <Group title={t('edit.relationships')}>
          {ENUM_FIELDS.map((field) => (
            <SelectField
              key={field}
              label={t(`people.field.${field}` as MessageKey)}
              value={form[field]}
              emptyLabel={t('edit.notSay')}
              emptyValue="0"
              options={options(field, t)}
              onChange={(event) => set(field, event.target.value)}
            />
          ))}
          <PartnerPicker
            value={form.partner}
            self={user.uid}
            onChange={(partner) => set('partner', partner)}
          />
        </Group>
        <Group title={t('edit.location')}>
          {text('country', 60)}
          {text('state', 60)}
          {text('city', 60)}
          {text('postalCode', 12)}
          <Field
            label={t('edit.phone')}
            name="phone"
            type="tel"
            autoComplete="tel"
            placeholder={t('edit.phoneHint')}
            value={form.phone}
            maxLength={24}
            disabled={form.removePhone}
            error={fieldError('phone')}
            onChange={(event) => set('phone', event.target.value)}
          />
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={form.removePhone}
              onChange={(event) => set('removePhone', event.target.checked)}
            />
            {t('edit.removePhone')}
          </label>
          <SelectField
            label={t('edit.searchProximity')}
            value={form.searchProximity}
            options={options('searchProximity', t)}
            onChange={(event) => set('searchProximity', event.target.value)}
          />
        </Group>
        <Group title={t('edit.privacy')}>
          {PERMISSIONS.map((field) => (
            <SelectField
              key={field}
              label={t(`edit.${field}` as MessageKey)}
              value={form[field]}
              options={options('permission', t)}
              onChange={(event) => set(field, event.target.value)}
            />
          ))}
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={form.willAcceptVideoCall}
              onChange={(event) => set('willAcceptVideoCall', event.target.checked)}
            />
            {t('edit.videoCall')}
          </label>
        </Group>
        <ProfileStyleFields user={user} value={style} onChange={setStyle} />
        <Group title={t('profile.links')}>
          {Array.from({ length: MAX_LINKS }, (_, i) => (
            <Field
              // biome-ignore lint/suspicious/noArrayIndexKey: five fixed slots
              key={i}
              label={t('edit.link', { n: i + 1 })}
              type="url"
              inputMode="url"
              maxLength={300}
              value={form.externalLinks[i]}
              error={i === 0 ? fieldError('externalLinks') : undefined}
              onChange={(event) =>
                set(
                  'externalLinks',
                  form.externalLinks.map((link, j) => (j === i ? event.target.value : link)),
                )
              }
            />
          ))}
        </Group>
        <div className={`${dialogStyles.buttons} ${styles.stickyButtons}`}>
          <Button variant="secondary" onClick={dialog.close}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('edit.saving') : t('edit.save')}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
