import { useEffect, useState } from 'react';
import type { SuspensionLength } from '../../../contracts/enums';
import { reportActionSchema } from '../../../contracts/ops';
import { SuspensionLengthField, lengthDescription } from '../../components/account-dialogs';
import { ActionDialog, type ActionDialogProps } from '../../components/ui/action-dialog';
import { Button } from '../../components/ui/button';
import { describeApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { reasonLabel, reporterFallback } from '../../lib/labels';
import type { Report, ReportAction, useReportAction } from './api/reports';

type ActionCopy = Pick<ActionDialogProps, 'confirmLabel' | 'pendingLabel' | 'tone' | 'description'> & {
  title: (name: string) => string;
  noteLabel: string;
  done: (name: string) => string;
};

const ACTIONS: Record<ReportAction, ActionCopy> = {
  dismiss: {
    title: () => 'Dismiss this report?',
    description: 'No action is taken against the member. The report moves to Dismissed; your note is kept with it and in the audit log.',
    confirmLabel: 'Dismiss report',
    pendingLabel: 'Dismissing…',
    tone: 'primary',
    noteLabel: 'Note for the audit log (optional)',
    done: (name) => `The report about ${name} is dismissed.`,
  },
  warn: {
    title: (name) => `Warn ${name}?`,
    description: 'The member receives a warning by notification and email. If you write a message, it is sent instead of the standard warning. The reporter is told that action was taken, nothing more.',
    confirmLabel: 'Send warning',
    pendingLabel: 'Warning…',
    tone: 'primary',
    noteLabel: 'Message to the member (optional)',
    done: (name) => `${name} has been warned.`,
  },
  suspend: {
    title: (name) => `Suspend ${name}?`,
    description: 'They are signed out everywhere at once and emailed how to appeal. The reporter is told that action was taken, nothing more.',
    confirmLabel: 'Suspend member',
    pendingLabel: 'Suspending…',
    tone: 'danger',
    noteLabel: 'Note for the audit log (optional)',
    done: (name) => `${name} is suspended and has been signed out.`,
  },
};

export interface PendingReportAction {
  report: Report;
  action: ReportAction;
}

/** Confirms dismiss / warn / suspend for one report, showing the report being acted on. */
export function ReportActionDialog({
  pending,
  onClose,
  onDone,
  mutation,
}: {
  pending: PendingReportAction | null;
  onClose: () => void;
  onDone: (message: string) => void;
  mutation: ReturnType<typeof useReportAction>;
}) {
  const copy = pending ? ACTIONS[pending.action] : null;
  const name = pending?.report.reported.fullName ?? 'the member';
  const [length, setLength] = useState<SuspensionLength>('7d');
  useEffect(() => {
    if (pending) setLength('7d');
  }, [pending]);
  const suspending = pending?.action === 'suspend';
  return (
    <ActionDialog
      open={pending !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={suspending && length === 'ban' ? `Ban ${name}?` : copy ? copy.title(name) : ''}
      description={suspending ? `${lengthDescription(length)} The reporter is told that action was taken, nothing more.` : (copy?.description ?? '')}
      confirmLabel={suspending && length === 'ban' ? 'Ban member' : (copy?.confirmLabel ?? '')}
      pendingLabel={copy?.pendingLabel}
      tone={copy?.tone}
      note={copy ? { label: copy.noteLabel, schema: reportActionSchema.shape.note } : undefined}
      isPending={mutation.isPending}
      error={mutation.isError ? describeApiError(mutation.error, 'That did not work. Please try again.') : null}
      onConfirm={(note) => {
        if (!pending || !copy) return;
        mutation.mutate(
          { id: pending.report.id, action: pending.action, note, length: suspending ? length : undefined },
          { onSuccess: () => onDone(suspending && length === 'ban' ? `${name} is banned and has been signed out.` : copy.done(name)) },
        );
      }}
    >
      {pending ? (
        <div className="ops-report-summary">
          <p className="ops-report-summary__meta">
            {reasonLabel(pending.report.reason)} · reported by {pending.report.reporter?.fullName ?? reporterFallback(pending.report.source)} on{' '}
            {formatDateTime(pending.report.createdAt)}
          </p>
          <p className="ops-message">{pending.report.details || 'No details given.'}</p>
        </div>
      ) : null}
      {suspending ? <SuspensionLengthField value={length} onChange={setLength} /> : null}
    </ActionDialog>
  );
}

export function ReportActionButtons({ report, onAction }: { report: Report; onAction: (action: ReportAction) => void }) {
  const name = report.reported.fullName ?? 'the member';
  return (
    <div className="ops-cell-actions">
      <Button size="sm" variant="ghost" aria-label={`Dismiss report about ${name}`} onClick={() => onAction('dismiss')}>
        Dismiss
      </Button>
      <Button size="sm" variant="secondary" aria-label={`Warn ${name}`} onClick={() => onAction('warn')}>
        Warn
      </Button>
      <Button size="sm" variant="danger-outline" aria-label={`Suspend ${name}`} onClick={() => onAction('suspend')}>
        Suspend
      </Button>
    </div>
  );
}
