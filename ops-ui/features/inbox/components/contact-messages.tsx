import { Inbox } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmailAddress } from '../../../components/email-address';
import { MemberLink } from '../../../components/member-link';
import { createDataTableColumnHelper, DataTable } from '../../../components/ui/data-table';
import { useUrlTableState } from '../../../lib/use-url-state';
import { Dialog, DialogFooter } from '../../../components/ui/dialog';
import { describeApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { type ContactMessage, type InboxFilter, useContactMessages, useMarkHandled } from '../api/inbox';

const column = createDataTableColumnHelper<ContactMessage>();
const noMessages: ContactMessage[] = [];
const messageRowId = (message: ContactMessage) => String(message.id);

/** Messages sent through the help page's contact form. */
export function ContactMessages({ filter, onNotice }: { filter: InboxFilter; onNotice: (message: string) => void }) {
  const table = useUrlTableState();
  const messages = useContactMessages({ filter, page: table.pagination.pageIndex + 1, pageSize: table.pagination.pageSize });
  const markHandled = useMarkHandled();
  const [reading, setReading] = useState<ContactMessage | null>(null);

  const handle = (message: ContactMessage) =>
    markHandled.mutate(
      { box: 'contact', id: message.id },
      {
        onSuccess: () => {
          setReading(null);
          onNotice(`The message from ${message.name} is marked as handled.`);
        },
      },
    );

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: 'From',
          cell: (info) => (
            <div className="ops-cell-stack">
              {info.row.original.userId ? (
                <MemberLink member={{ id: info.row.original.userId, fullName: info.getValue() }} className="ops-cell-strong" />
              ) : (
                <span className="ops-cell-strong">{info.getValue()}</span>
              )}
              <EmailAddress email={info.row.original.email} className="ops-cell-muted" />
            </div>
          ),
        }),
        column.accessor('subject', { header: 'Subject', meta: { className: 'ops-col--wrap' } }),
        column.accessor('message', {
          header: 'Message',
          meta: { className: 'ops-col--wrap' },
          cell: (info) => <span className="ops-clamp">{info.getValue()}</span>,
        }),
        column.accessor('createdAt', { header: 'Received', cell: (info) => formatDateTime(info.getValue()) }),
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
              aria-label={`Read the message from ${info.row.original.name}`}
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
      {messages.isError ? (
        <Alert tone="danger" title="Contact messages could not be loaded">
          <p>{describeApiError(messages.error, 'Please try again.')}</p>
        </Alert>
      ) : null}
      <DataTable
        label="Contact messages"
        columns={columns}
        data={messages.data?.items ?? noMessages}
        rowCount={messages.data?.total ?? 0}
        getRowId={messageRowId}
        pagination={table.pagination}
        onPaginationChange={table.setPagination}
        isLoading={messages.isPending}
        emptyIcon={Inbox}
        emptyTitle={filter === 'open' ? 'No open messages' : 'No messages'}
        emptyDescription="Messages sent from the Help page's contact form appear here."
      />
      <Dialog
        open={reading !== null}
        onOpenChange={(open) => (open ? undefined : setReading(null))}
        title={reading?.subject ?? ''}
        description={reading ? `From ${reading.name} <${reading.email}> · ${formatDateTime(reading.createdAt)}` : undefined}
        size="wide"
      >
        {reading ? (
          <>
            <p className="ops-message">{reading.message}</p>
            {markHandled.isError ? (
              <Alert tone="danger">
                <p>{describeApiError(markHandled.error, 'Marking as handled failed. Please try again.')}</p>
              </Alert>
            ) : null}
            <DialogFooter>
              <a className="ops-button ops-button--secondary ops-button--md" href={`mailto:${reading.email}?subject=${encodeURIComponent(`Re: ${reading.subject}`)}`}>
                Reply by email
              </a>
              {reading.handledAt ? (
                <Badge tone="success">Handled {formatDateTime(reading.handledAt)}</Badge>
              ) : (
                <Button variant="primary" disabled={markHandled.isPending} onClick={() => handle(reading)}>
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
