import { SearchSortBy } from '@tertulia/contract';
import { type FormEvent, useState } from 'react';
import { type MessageKey, useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import styles from './People.module.css';
import { SelectField } from './SelectField';
import { BOOLEAN_FIELDS, dropEmpty, NUMBER_FIELDS, type SearchParams, TEXT_FIELDS } from './searchParams';
import { options } from './words';
import './texts';

type FormState = Record<string, string | boolean>;

function stateFrom(params: SearchParams): FormState {
  const state: FormState = {};
  for (const [key, value] of Object.entries(params)) {
    state[key] = typeof value === 'boolean' ? value : String(value);
  }
  return state;
}

/** Form strings to call params: numbers parsed, unticked boxes and empty choices dropped. */
export function paramsFromForm(state: FormState): SearchParams {
  const out: Record<string, unknown> = {};
  for (const key of TEXT_FIELDS) out[key] = state[key];
  for (const key of NUMBER_FIELDS) {
    const raw = state[key];
    out[key] = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : null;
  }
  for (const key of BOOLEAN_FIELDS) out[key] = state[key] === true ? true : null;
  out.gender = state.gender || null;
  out.sortBy = state.sortBy || null;
  return dropEmpty(out) as SearchParams;
}

const ENUM_FILTERS = [
  ['lookingFor', 'lookingFor'],
  ['status', 'relationshipStatus'],
  ['orient', 'sexualOrientation'],
  ['education', 'education'],
  ['ethnicity', 'ethnicity'],
  ['children', 'children'],
] as const;
const PROXIMITY_KM = [5, 10, 25, 50, 100, 250];

/** Every advanced-search field of profile/getAdvancedUserSearch.do. */
export function SearchFilters({
  initial,
  isAdmin,
  onSearch,
}: {
  initial: SearchParams;
  isAdmin: boolean;
  onSearch: (params: SearchParams) => void;
}) {
  const { t } = useI18n();
  const [state, setState] = useState<FormState>(() => stateFrom(initial));
  const value = (key: string) => (typeof state[key] === 'string' ? (state[key] as string) : '');
  const set = (key: string, v: string | boolean) => setState((s) => ({ ...s, [key]: v }));
  const text = (key: string, label: MessageKey, type = 'text') => (
    <Field
      label={t(label)}
      name={key}
      type={type}
      value={value(key)}
      onChange={(event) => set(key, event.target.value)}
      {...(type === 'number' ? { min: 18, max: 99, inputMode: 'numeric' as const } : {})}
    />
  );
  const check = (key: string, label: MessageKey) => (
    <label className={styles.check}>
      <input type="checkbox" checked={state[key] === true} onChange={(e) => set(key, e.target.checked)} />
      {t(label)}
    </label>
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(paramsFromForm(state));
  };

  return (
    <form className={styles.filters} onSubmit={submit} aria-label={t('search.filters')} noValidate>
      <div className={styles.filterGrid}>
        <SelectField
          label={t('people.field.gender')}
          value={value('gender')}
          emptyLabel={t('search.any')}
          options={options('gender', t)}
          onChange={(event) => set('gender', event.target.value)}
        />
        {text('minAge', 'search.minAge', 'number')}
        {text('maxAge', 'search.maxAge', 'number')}
        {ENUM_FILTERS.map(([key, field]) => (
          <SelectField
            key={key}
            label={t(`people.field.${field}` as MessageKey)}
            value={value(key)}
            emptyLabel={t('search.any')}
            options={options(field, t)}
            onChange={(event) => set(key, event.target.value)}
          />
        ))}
        {text('country', 'edit.country')}
        {text('state', 'edit.state')}
        {text('city', 'edit.city')}
        {text('postalCode', 'edit.postalCode')}
        {isAdmin && text('email', 'search.email', 'email')}
        <SelectField
          label={t('search.postalProximity')}
          value={value('postalProximity')}
          emptyLabel={t('search.any')}
          options={PROXIMITY_KM.map((km) => ({ value: String(km), label: t('search.km', { km }) }))}
          onChange={(event) => set('postalProximity', event.target.value)}
        />
        <SelectField
          className={styles.wideField}
          label={t('search.sortBy')}
          value={value('sortBy') || SearchSortBy.LAST_ACCESS_DESC}
          options={Object.values(SearchSortBy).map((sort) => ({
            value: sort,
            label: t(`search.sort.${sort}` as MessageKey),
          }))}
          onChange={(event) => set('sortBy', event.target.value)}
        />
      </div>
      <div className={styles.checks}>
        {check('photosOnly', 'search.photosOnly')}
        {check('verified', 'search.verified')}
        {check('nearMe', 'search.nearMe')}
        {isAdmin && check('includeAdminFlagged', 'search.includeAdminFlagged')}
      </div>
      <details className={styles.more}>
        <summary>{t('search.moreFilters')}</summary>
        <div className={styles.filterGrid}>
          {text('userName', 'search.userName')}
          {text('firstName', 'edit.firstName')}
          {text('lastName', 'edit.lastName')}
          {text('about', 'search.about')}
          {text('areacode', 'search.areacode')}
          {text('countryCode', 'search.countryCode')}
        </div>
      </details>
      <div className={styles.filterButtons}>
        <Button type="submit">{t('search.submit')}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setState({});
            onSearch({});
          }}
        >
          {t('search.reset')}
        </Button>
        <Button variant="ghost" onClick={() => onSearch({ useStoredParams: true })}>
          {t('search.stored')}
        </Button>
      </div>
    </form>
  );
}
