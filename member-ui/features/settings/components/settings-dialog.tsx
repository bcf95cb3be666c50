import * as Dialog from '@radix-ui/react-dialog';
import X from 'lucide-react/icons/x';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';

/** A bottom-sheet style dialog for the Security tab's tools. */
export function SettingsDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="settings-dialog__overlay" />
        <Dialog.Content className="settings-dialog">
          <div className="settings-dialog__head">
            <Dialog.Title className="settings-dialog__title">{title}</Dialog.Title>
            <Dialog.Close className="settings-dialog__close" aria-label={t('security.close')}>
              <X size={18} aria-hidden="true" />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="settings-dialog__description">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="visually-hidden">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
