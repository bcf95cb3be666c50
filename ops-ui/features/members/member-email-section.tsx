import { type ReactNode, useState } from 'react';
import { ActionDialog } from '../../components/ui/action-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Facts, Section } from '../../components/ui/section';
import { describeApiError } from '../../lib/api-client';
import { formatDateTime, humanize } from '../../lib/format';
import type { MemberDetail } from './api/member-detail';
import { useClearEmailBounce } from './api/members';

/**
 * Whether Saathi's email reaches the member: an address the mail server refused permanently (a hard bounce) gets
 * no email but the ones the member asks for (reset, confirmation) until the mark is lifted, here or by the member
 * in their settings; below, the latest mails that failed or are being retried, with the server's answer.
 */
export function MemberEmailSection({ member, delivery, onNotice }: { member: MemberDetail['member']; delivery: MemberDetail['emailDelivery']; onNotice: (message: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const clear = useClearEmailBounce();
  const state = delivery.bouncedAt ? <Badge tone="danger">Undeliverable</Badge> : <Badge tone="success">Deliverable</Badge>;
  const answer = <span className="ops-break">{delivery.bounceReason || '—'}</span>;
  const facts: Array<[string, ReactNode]> = [['Address', member.email], ['State', state]];
  if (delivery.bouncedAt) facts.push(['Marked', formatDateTime(delivery.bouncedAt)], ['Mail server said', answer]);
  facts.push(['Last delivered', delivery.lastSentAt ? formatDateTime(delivery.lastSentAt) : '—']);
  return (
    <Section
      title="Email delivery"
      count={delivery.failures.length}
      actions={
        delivery.bouncedAt ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              clear.reset();
              setConfirming(true);
            }}
          >
            Send email again
          </Button>
        ) : null
      }
    >
      <Facts items={facts} />
      {delivery.failures.length === 0 ? (
        <p className="ops-cell-muted">No failed email.</p>
      ) : (
        <table className="ops-mini-table" aria-label="Latest failed emails">
          <thead>
            <tr>
              <th scope="col">Written</th>
              <th scope="col">Kind</th>
              <th scope="col">State</th>
              <th scope="col">Mail server's answer</th>
            </tr>
          </thead>
          <tbody>
            {delivery.failures.map((failure) => (
              <tr key={failure.id}>
                <td>{formatDateTime(failure.createdAt)}</td>
                <td>{humanize(failure.kind)}</td>
                <td>
                  {failure.state === 'failed' ? <Badge tone="danger">Failed</Badge> : <Badge tone="warning">Retrying</Badge>}
                  <span className="ops-cell-muted">
                    {' '}
                    {failure.attempts === 1 ? '1 attempt' : `${failure.attempts} attempts`}
                    {failure.nextAttemptAt ? ` · next ${formatDateTime(failure.nextAttemptAt)}` : ''}
                  </span>
                </td>
                <td className="ops-break">{failure.error ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ActionDialog
        open={confirming}
        onOpenChange={(open) => (open ? undefined : setConfirming(false))}
        title={`Send email to ${member.email} again?`}
        description="Do this when the member says their mailbox works again. If the mail server refuses it again, the address is marked again. The change is kept in the audit log."
        confirmLabel="Send email again"
        pendingLabel="Lifting the mark…"
        tone="primary"
        isPending={clear.isPending}
        error={clear.isError ? describeApiError(clear.error, 'Lifting the mark failed. Please try again.') : null}
        onConfirm={() =>
          clear.mutate(member.id, {
            onSuccess: () => {
              setConfirming(false);
              onNotice(`Email will be sent to ${member.email} again.`);
            },
          })
        }
      />
    </Section>
  );
}
