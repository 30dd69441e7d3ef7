import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'ghost';
  block?: boolean;
};

export function Button({ variant = 'primary', block = false, className, type = 'button', ...rest }: Props) {
  const classes = [styles.button, styles[variant], block ? styles.block : '', className]
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={classes} {...rest} />;
}

/** Same look for links that act as buttons (navigation stays a real link). */
export function buttonClass(variant: 'primary' | 'secondary' | 'ghost' = 'primary', block = false): string {
  return [styles.button, styles[variant], block ? styles.block : ''].filter(Boolean).join(' ');
}
