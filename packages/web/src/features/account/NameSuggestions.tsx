import { type NameSuggestionParams, useAvailableUserNames } from '../../api/areas/profile';
import { useI18n } from '../../i18n/i18n';
import styles from './Account.module.css';
import './texts';

/** After "name taken": free names from profile/getAvailableUserNames.do, one tap to use. */
export function NameSuggestions({
  params,
  onPick,
}: {
  params: NameSuggestionParams;
  onPick: (name: string) => void;
}) {
  const { t } = useI18n();
  const { data } = useAvailableUserNames(params);
  return (
    <div className={styles.suggestions} role="status">
      <p>{t('signup.nameTaken')}</p>
      {data && data.length > 0 && (
        <ul className={styles.chips}>
          {data.map((name) => (
            <li key={name}>
              <button
                type="button"
                className={styles.chip}
                onClick={() => onPick(name)}
                aria-label={t('signup.useName', { name })}
              >
                {name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
