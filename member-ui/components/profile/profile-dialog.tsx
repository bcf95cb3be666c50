import X from 'lucide-react/icons/x';
import * as Dialog from 'radix-ui/dialog';
import type { ReactNode } from 'react';
import { cn } from '../ui/cn';
import { useT } from '../../i18n/use-t';

/** A Radix dialog styled as a bottom-friendly sheet in the mobile column, with a titled header and Close. */
export function ProfileDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={cn('dialog', className)}>
          <div className="dialog__head">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button dialog__close" aria-label={t('toast.close')}>
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="dialog__description">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="visually-hidden">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
