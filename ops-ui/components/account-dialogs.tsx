import { useEffect, useState } from 'react';
import { SUSPENSION_LENGTHS, SUSPENSION_LENGTH_LABELS, type SuspensionLength } from '../../contracts/enums';
import { restoreSchema, suspendSchema } from '../../contracts/ops';
import { ActionDialog } from './ui/action-dialog';
import { SelectField } from './ui/select-field';

const LENGTH_OPTIONS = SUSPENSION_LENGTHS.map((value) => ({ value, label: SUSPENSION_LENGTH_LABELS[value] }));

/** What the reviewer is about to do, in words: the member reads the same in their email. */
export function lengthDescription(length: SuspensionLength): string {
  if (length === 'ban') return 'The account is closed permanently (banned). They are signed out everywhere and emailed that they are banned, with a link to appeal.';
  if (length === 'until_restored') return 'They are signed out everywhere and cannot sign in until a reviewer restores them. They are emailed how to appeal.';
  return `They are signed out everywhere and can sign in again after ${SUSPENSION_LENGTH_LABELS[length]}. They are emailed the date and how to appeal.`;
}

/** The suspension's length: 24 hours, 7 days, 30 days, until restored, or a permanent ban. */
export function SuspensionLengthField({ value, onChange }: { value: SuspensionLength; onChange: (value: SuspensionLength) => void }) {
  return <SelectField label="Length" value={value} options={LENGTH_OPTIONS} onValueChange={onChange} />;
}

/** What a dialog acting on one member takes: whom, whether it is open, the request's state, and what to send. */
interface MemberDialogProps<T> {
  name: string;
  open: boolean;
  onClose: () => void;
  isPending: boolean;
  error: string | null;
  onConfirm: (input: T) => void;
}

/** Suspend or ban a member from the members list or their page: a length and a reason (kept in the audit log). */
export function SuspendMemberDialog({
  name,
  open,
  onClose,
  isPending,
  error,
  onConfirm,
}: MemberDialogProps<{ reason: string; length: SuspensionLength }>) {
  const [length, setLength] = useState<SuspensionLength>('7d');
  useEffect(() => {
    if (open) setLength('7d');
  }, [open]);
  const ban = length === 'ban';
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={ban ? `Ban ${name}?` : `Suspend ${name}?`}
      description={lengthDescription(length)}
      confirmLabel={ban ? 'Ban member' : 'Suspend member'}
      pendingLabel={ban ? 'Banning…' : 'Suspending…'}
      note={{ label: 'Reason (for the audit log and the appeal reviewer)', placeholder: 'e.g. Asked several members for money', schema: suspendSchema.shape.reason }}
      isPending={isPending}
      error={error}
      onConfirm={(reason) => onConfirm({ reason, length })}
    >
      <SuspensionLengthField value={length} onChange={setLength} />
    </ActionDialog>
  );
}

/** Restore a suspended or banned member: the note is emailed to them with "your account is active again". */
export function RestoreMemberDialog({
  name,
  open,
  onClose,
  isPending,
  error,
  onConfirm,
}: MemberDialogProps<string>) {
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`Restore ${name}?`}
      description="They can sign in again straight away, and are emailed that their account is active again with your reason."
      confirmLabel="Restore access"
      pendingLabel="Restoring…"
      tone="primary"
      note={{ label: 'Reason (emailed to the member)', placeholder: 'e.g. The report was about someone else', schema: restoreSchema.shape.note }}
      isPending={isPending}
      error={error}
      onConfirm={onConfirm}
    />
  );
}
