import { Section } from '../../components/ui/section';
import { describeApiError } from '../../lib/api-client';
import { formatDate, formatDateTime, humanize } from '../../lib/format';
import { useMemberBilling } from './api/member-billing';

const REASONS: Record<string, string> = { subscription_create: 'First payment', subscription_cycle: 'Renewal', subscription_update: 'Upgrade (prorated)' };

/**
 * An invoice's state in words: a first invoice left open is a checkout the member did not complete (or whose card
 * was declined), not a debt; a void one was replaced by another checkout.
 */
export function invoiceState(i: { status: string; reason: string; attempts: number }): string {
  if (i.status === 'paid') return 'Paid';
  if (i.status === 'void') return 'Void (checkout replaced)';
  if (i.reason === 'subscription_create') return 'Checkout not completed';
  return `Unpaid (${i.attempts} attempt${i.attempts === 1 ? '' : 's'})`;
}

/** The member page's subscription history (every subscription and its state) and invoices. */
export function MemberBillingSection({ id }: { id: number }) {
  const billing = useMemberBilling(id);
  if (billing.isPending) return <Section title="Subscriptions and invoices"><p className="ops-cell-muted">Loading…</p></Section>;
  if (billing.isError) return <Section title="Subscriptions and invoices"><p className="ops-cell-muted">{describeApiError(billing.error, 'Could not load.')}</p></Section>;
  const { subscriptions, invoices, oneOffPayments } = billing.data;
  return (
    <Section title="Subscriptions and invoices" count={subscriptions.length} wide>
      {subscriptions.length === 0 ? (
        <p className="ops-cell-muted">{oneOffPayments.length ? 'No subscription.' : 'Never subscribed.'}</p>
      ) : (
        <table className="ops-mini-table">
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Plan</th>
              <th scope="col">Status</th>
              <th scope="col">Period</th>
              <th scope="col">Card</th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((s) => (
              <tr key={s.id}>
                <td>{formatDate(s.createdAt)}</td>
                <td>
                  {humanize(s.tier)}
                  {s.pendingTier ? <span className="ops-cell-muted"> → {humanize(s.pendingTier)} at renewal</span> : null}
                  {s.provider === 'demo' ? <span className="ops-cell-muted"> (demo)</span> : null}
                </td>
                <td>
                  {humanize(s.status)}
                  {s.cancelAtPeriodEnd && s.status !== 'canceled' ? <span className="ops-cell-muted"> · ends at period end</span> : null}
                  {s.graceUntil && s.status === 'past_due' ? <span className="ops-cell-muted"> · grace until {formatDate(s.graceUntil)}</span> : null}
                  {s.canceledAt ? <span className="ops-cell-muted"> · {formatDate(s.canceledAt)}</span> : null}
                </td>
                <td>
                  {formatDate(s.currentPeriodStart)} – {formatDate(s.currentPeriodEnd)}
                </td>
                <td>{s.card ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {invoices.length > 0 ? (
        <table className="ops-mini-table">
          <thead>
            <tr>
              <th scope="col">Invoice</th>
              <th scope="col">For</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((i) => (
              <tr key={i.id}>
                <td>
                  {i.paidAt ? formatDateTime(i.paidAt) : formatDate(i.periodStart)}
                  {i.receiptUrl ? (
                    <>
                      {' '}
                      <a href={i.receiptUrl} target="_blank" rel="noreferrer">
                        receipt
                      </a>
                    </>
                  ) : null}
                </td>
                <td>
                  {REASONS[i.reason] ?? humanize(i.reason)} · {humanize(i.tier)}
                </td>
                <td>
                  {i.amount} {i.currency.toUpperCase()}
                </td>
                <td>{invoiceState(i)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {oneOffPayments.length > 0 ? (
        <table className="ops-mini-table">
          <caption className="ops-cell-muted">One-month purchases from before subscriptions</caption>
          <thead>
            <tr>
              <th scope="col">Paid</th>
              <th scope="col">Plan</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {oneOffPayments.map((p) => (
              <tr key={p.id}>
                <td>{formatDateTime(p.paidAt)}</td>
                <td>
                  {humanize(p.tier)} <span className="ops-cell-muted">until {formatDate(p.until)}</span>
                </td>
                <td>
                  {p.amount} {p.currency.toUpperCase()}
                  {p.isDemo ? <span className="ops-cell-muted"> (demo)</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Section>
  );
}
