import { Mail } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { createDataTableColumnHelper, DataTable } from '../../../components/ui/data-table';
import { useUrlTableState } from '../../../lib/use-url-state';
import { Dialog, DialogFooter } from '../../../components/ui/dialog';
import { describeApiError } from '../../../lib/api-client';
import { formatDateTime, humanize } from '../../../lib/format';
import { type InboxFilter, type OutboxEmail, useMarkHandled, useOutbox } from '../api/inbox';

const column = createDataTableColumnHelper<OutboxEmail>();
const noEmails: OutboxEmail[] = [];
const emailRowId = (email: OutboxEmail) => String(email.id);

function DeliveryBadge({ email }: { email: OutboxEmail }) {
  if (email.sentAt) return <Badge tone="success">Sent</Badge>;
  if (email.failedAt || (email.error && !email.nextAttemptAt)) return <Badge tone="danger">Failed</Badge>;
  if (email.error) return <Badge tone="warning">{`Retrying (${email.attempts} tried)`}</Badge>;
  return <Badge>Not sent</Badge>;
}

/** Every email Saathi sent or tried to send; failed ones need a reviewer's follow-up. */
export function OutboxEmails({ filter, onNotice }: { filter: InboxFilter; onNotice: (message: string) => void }) {
  const table = useUrlTableState();
  const emails = useOutbox({ filter, page: table.pagination.pageIndex + 1, pageSize: table.pagination.pageSize });
  const markHandled = useMarkHandled();
  const [reading, setReading] = useState<OutboxEmail | null>(null);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('to', { header: 'To' }),
        column.accessor('subject', { header: 'Subject', meta: { className: 'ops-col--wrap' } }),
        column.accessor('kind', { header: 'Kind', cell: (info) => humanize(info.getValue() ?? 'other') }),
        column.accessor('createdAt', { header: 'Created', cell: (info) => formatDateTime(info.getValue()) }),
        column.display({ id: 'delivery', header: 'Delivery', cell: (info) => <DeliveryBadge email={info.row.original} /> }),
        column.accessor('handledAt', {
          header: 'Status',
          cell: (info) => (info.getValue() ? <Badge tone="success">Handled</Badge> : <Badge tone="warning">Open</Badge>),
        }),
        column.display({
          id: 'actions',
          header: () => <span className="ops-visually-hidden">Actions</span>,
          meta: { className: 'ops-col--actions' },
          cell: (info) => (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Read the email to ${info.row.original.to}: ${info.row.original.subject}`}
              onClick={() => {
                markHandled.reset();
                setReading(info.row.original);
              }}
            >
              Read
            </Button>
          ),
        }),
      ]),
    [markHandled.reset],
  );

  return (
    <>
      {emails.isError ? (
        <Alert tone="danger" title="The email outbox could not be loaded">
          <p>{describeApiError(emails.error, 'Please try again.')}</p>
        </Alert>
      ) : null}
      <DataTable
        label="Email outbox"
        columns={columns}
        data={emails.data?.items ?? noEmails}
        rowCount={emails.data?.total ?? 0}
        getRowId={emailRowId}
        pagination={table.pagination}
        onPaginationChange={table.setPagination}
        isLoading={emails.isPending}
        emptyIcon={Mail}
        emptyTitle="No emails"
        emptyDescription="Emails Saathi sends (password resets, contact copies…) are kept here."
      />
      <Dialog
        open={reading !== null}
        onOpenChange={(open) => (open ? undefined : setReading(null))}
        title={reading?.subject ?? ''}
        description={reading ? `To ${reading.to} · ${formatDateTime(reading.createdAt)}` : undefined}
        size="wide"
      >
        {reading ? (
          <>
            {reading.error ? (
              <Alert tone="warning" title="Delivery failed">
                <p>{reading.error}</p>
              </Alert>
            ) : null}
            <p className="ops-message">{reading.body ?? '(no text body)'}</p>
            {markHandled.isError ? (
              <Alert tone="danger">
                <p>{describeApiError(markHandled.error, 'Marking as handled failed. Please try again.')}</p>
              </Alert>
            ) : null}
            <DialogFooter>
              {reading.handledAt ? (
                <Badge tone="success">Handled {formatDateTime(reading.handledAt)}</Badge>
              ) : (
                <Button
                  variant="primary"
                  disabled={markHandled.isPending}
                  onClick={() =>
                    markHandled.mutate(
                      { box: 'outbox', id: reading.id },
                      {
                        onSuccess: () => {
                          setReading(null);
                          onNotice(`The email to ${reading.to} is marked as handled.`);
                        },
                      },
                    )
                  }
                >
                  {markHandled.isPending ? 'Marking…' : 'Mark as handled'}
                </Button>
              )}
            </DialogFooter>
          </>
        ) : null}
      </Dialog>
    </>
  );
}
