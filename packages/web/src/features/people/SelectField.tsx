import { type SelectHTMLAttributes, useId } from 'react';
import { fieldStyles } from '../../ui/Field';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly { value: string; label: string }[];
  /** The first, empty choice ("Prefiero no decirlo", "Cualquiera"); none when absent. */
  emptyLabel?: string;
  emptyValue?: string;
  /** Classes of the wrapper (grid placement); the select keeps the kit's look. */
  className?: string;
};

/** A labelled select in the kit's field style. */
export function SelectField({
  label,
  options,
  emptyLabel,
  emptyValue = '',
  id,
  className,
  ...select
}: Props) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={className ? `${fieldStyles.field} ${className}` : fieldStyles.field}>
      <label htmlFor={selectId} className={fieldStyles.label}>
        {label}
      </label>
      <select id={selectId} className={fieldStyles.input} {...select}>
        {emptyLabel !== undefined && <option value={emptyValue}>{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
