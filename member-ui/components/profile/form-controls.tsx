import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { cn } from '../ui/cn';

/** Native select with a visible label: the phone's own picker, and accessible by name. */
export function SelectField({
  label,
  children,
  className,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className={cn('field', className)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input field__select" {...props}>
        {children}
      </select>
    </div>
  );
}

export function TextAreaField({
  label,
  className,
  ...props
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { label: string }) {
  const id = useId();
  return (
    <div className={cn('field', className)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="field__input field__textarea" {...props} />
    </div>
  );
}
