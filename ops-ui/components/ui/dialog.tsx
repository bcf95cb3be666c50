import { X } from 'lucide-react';
import * as RadixDialog from 'radix-ui/dialog';
import type { ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** `wide` for forms and reading long messages. */
  size?: 'md' | 'wide';
  children: ReactNode;
}

/** A modal dialog with a title, an optional description and a close button; focus stays inside while open. */
export function Dialog({ open, onOpenChange, title, description, size = 'md', children }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="ops-dialog__overlay" />
        <RadixDialog.Content
          className={`ops-dialog ops-dialog--${size}`}
          // Radix warns about a dialog without a description unless told there is none on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="ops-dialog__header">
            <RadixDialog.Title className="ops-dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="ops-dialog__close" aria-label="Close">
              <X aria-hidden="true" size={18} />
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="ops-dialog__description">{description}</RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className="ops-dialog__footer">{children}</div>;
}
