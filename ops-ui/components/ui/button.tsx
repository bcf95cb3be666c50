import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-outline';
  size?: 'sm' | 'md';
}

export function Button({ variant = 'secondary', size = 'md', className, type = 'button', ...rest }: ButtonProps) {
  const classes = ['ops-button', `ops-button--${variant}`, `ops-button--${size}`, className].filter(Boolean);
  return <button type={type} className={classes.join(' ')} {...rest} />;
}
