import type { SubscriptionTier, UserStatus } from '../../../contracts/enums';
import { Badge } from '../../components/ui/badge';
import { createDataTableColumnHelper } from '../../components/ui/data-table';

/** One row of the members table as the ops API will list it. */
export interface MemberRow {
  id: number;
  fullName: string;
  username: string;
  email: string;
  subscriptionTier: SubscriptionTier;
  status: UserStatus;
  isVerified: boolean;
  createdAt: string;
}

const TIER_LABELS: Record<SubscriptionTier, string> = { tryme: 'Try me', premium: 'Premium', elite: 'Elite' };

const joinedFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

const column = createDataTableColumnHelper<MemberRow>();

export const memberColumns = column.columns([
  column.accessor('fullName', { header: 'Name' }),
  column.accessor('username', { header: 'Username' }),
  column.accessor('email', { header: 'Email' }),
  column.accessor('subscriptionTier', {
    header: 'Plan',
    cell: (info) => TIER_LABELS[info.getValue()],
  }),
  column.accessor('isVerified', {
    header: 'Verified',
    enableSorting: false,
    cell: (info) => (info.getValue() ? <Badge tone="success">Verified</Badge> : <Badge>Unverified</Badge>),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) =>
      info.getValue() === 'active' ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Suspended</Badge>,
  }),
  column.accessor('createdAt', {
    header: 'Joined',
    sortDescFirst: true,
    cell: (info) => joinedFormat.format(new Date(info.getValue())),
  }),
]);
