import { TIER_LABELS } from '../../../contracts/tiers';
import { EmailAddress } from '../../components/email-address';
import { MemberLink } from '../../components/member-link';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { createDataTableColumnHelper } from '../../components/ui/data-table';
import { formatDate } from '../../lib/format';
import type { MemberRow } from './api/members';


const column = createDataTableColumnHelper<MemberRow>();

export interface MemberActions {
  onSuspend: (member: MemberRow) => void;
  onRestore: (member: MemberRow) => void;
}

/** Columns of the members table; the server sorts every one but the plan (which depends on today's date). */
export function memberColumns({ onSuspend, onRestore }: MemberActions) {
  return column.columns([
    column.accessor('fullName', { header: 'Name', meta: { className: 'ops-col--names' }, cell: (info) => <MemberLink member={info.row.original} className="ops-cell-strong" /> }),
    column.accessor('username', { header: 'Username' }),
    column.accessor('email', { header: 'Email', meta: { className: 'ops-col--email' }, cell: (info) => <EmailAddress email={info.getValue()} /> }),
    column.accessor('tier', {
      header: 'Plan',
      enableSorting: false,
      cell: (info) => (info.getValue() === 'tryme' ? TIER_LABELS.tryme : <Badge tone="accent">{TIER_LABELS[info.getValue()]}</Badge>),
    }),
    column.accessor('isVerified', {
      header: 'Verified',
      sortDescFirst: true,
      cell: (info) => (info.getValue() ? <Badge tone="success">Verified</Badge> : <Badge>Unverified</Badge>),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: (info) =>
        info.getValue() === 'active' ? <Badge tone="success">Active</Badge> : <Badge tone="danger">{info.getValue() === 'banned' ? 'Banned' : 'Suspended'}</Badge>,
    }),
    column.accessor('registeredAt', {
      header: 'Joined',
      sortDescFirst: true,
      cell: (info) => formatDate(info.getValue()),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="ops-visually-hidden">Actions</span>,
      meta: { className: 'ops-col--actions' },
      cell: (info) => {
        const member = info.row.original;
        return member.status === 'active' ? (
          <Button size="sm" variant="danger-outline" aria-label={`Suspend ${member.fullName}`} onClick={() => onSuspend(member)}>
            Suspend
          </Button>
        ) : (
          <Button size="sm" variant="secondary" aria-label={`Restore ${member.fullName}`} onClick={() => onRestore(member)}>
            Restore
          </Button>
        );
      },
    }),
  ]);
}
