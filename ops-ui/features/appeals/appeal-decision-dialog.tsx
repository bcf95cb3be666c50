import { appealDecisionSchema } from '../../../contracts/ops';
import { ActionDialog } from '../../components/ui/action-dialog';
import { describeApiError } from '../../lib/api-client';
import type { AppealDecision, useAppealDecision } from './api/appeals';

export interface PendingDecision {
  id: number;
  decision: AppealDecision;
  name: string;
  kind: 'suspension' | 'ban';
}

/** Uphold or overturn one appeal: one click after a reason, which the member reads in their email. */
export function AppealDecisionDialog({
  pending,
  onClose,
  onDone,
  mutation,
}: {
  pending: PendingDecision | null;
  onClose: () => void;
  onDone: (message: string) => void;
  mutation: ReturnType<typeof useAppealDecision>;
}) {
  const overturn = pending?.decision === 'overturn';
  const name = pending?.name ?? 'the member';
  const what = pending?.kind === 'ban' ? 'ban' : 'suspension';
  return (
    <ActionDialog
      open={pending !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={overturn ? `Overturn: restore ${name}'s access?` : `Uphold the ${what} of ${name}?`}
      description={
        overturn
          ? `The ${what} ends now and ${name} can sign in again. They are emailed "your account is active again" with your reason.`
          : `The ${what} stays as it is. ${name} is emailed your reason. The decision and reason are kept in the audit log.`
      }
      confirmLabel={overturn ? 'Overturn and restore access' : 'Uphold'}
      pendingLabel={overturn ? 'Restoring…' : 'Upholding…'}
      tone={overturn ? 'primary' : 'danger'}
      note={{ label: 'Reason (emailed to the member)', placeholder: overturn ? 'e.g. The messages were a misunderstanding' : 'e.g. Three members reported the same messages', schema: appealDecisionSchema.shape.reason }}
      isPending={mutation.isPending}
      error={mutation.isError ? describeApiError(mutation.error, 'That did not work. Please try again.') : null}
      onConfirm={(reason) => {
        if (!pending) return;
        mutation.mutate(
          { id: pending.id, decision: pending.decision, reason },
          { onSuccess: () => onDone(overturn ? `${name} can sign in again and has been emailed your reason.` : `The ${what} of ${name} stays; they have been emailed your reason.`) },
        );
      }}
    />
  );
}
