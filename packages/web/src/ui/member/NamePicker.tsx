import type { User } from '@tertulia/contract';
import { useId, useState } from 'react';
import { findByName } from '../../api/areas/people';
import { useI18n } from '../../i18n/i18n';
import { useAutocomplete } from '../autocomplete/useAutocomplete';
import { fieldStyles } from '../Field';
import styles from './NamePicker.module.css';

/** The member a typed name means: an exact (case-insensitive) match among the suggestions. */
export async function memberNamed(name: string): Promise<User | undefined> {
  const found = await findByName(name, new AbortController().signal, 10);
  return found.find((u) => u.name?.toLowerCase() === name.toLowerCase());
}

/** A member's name with suggestions (autocomplete: 200 ms after the last qualifying key). */
export function NamePicker({
  label,
  value,
  onChange,
  onPick,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (name: string) => void;
  onPick: (user: User) => void;
  autoFocus?: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const listId = `${id}-list`;
  const [active, setActive] = useState(false);
  const suggestions = useAutocomplete((query, signal) => findByName(query, signal));
  const shown = active ? suggestions.results : [];
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        id={id}
        className={fieldStyles.input}
        value={value}
        autoComplete="off"
        aria-controls={listId}
        // biome-ignore lint/a11y/noAutofocus: the window opens to type a name
        autoFocus={autoFocus}
        onChange={(event) => {
          setActive(true);
          onChange(event.target.value);
        }}
        onKeyUp={suggestions.onKeyUp}
        onBlur={() => setTimeout(() => setActive(false), 150)}
      />
      <ul id={listId} className={styles.suggestions} aria-label={t('namePicker.suggestions')}>
        {shown.map((user) => (
          <li key={user.uid}>
            <button
              type="button"
              className={styles.suggestion}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                onPick(user);
                suggestions.clear();
                setActive(false);
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
