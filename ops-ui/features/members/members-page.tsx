import { Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { DataTable } from '../../components/ui/data-table';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { Toolbar } from '../../components/ui/toolbar';
import { describeApiError } from '../../lib/api-client';
import { areaById } from '../../lib/areas';
import { serverSort } from '../../lib/server-sorting';
import { useUrlParam, useUrlSearch, useUrlTableState } from '../../lib/use-url-state';
import { RestoreMemberDialog, SuspendMemberDialog } from '../../components/account-dialogs';
import { type MemberRow, useMembers, useRestoreMember, useSuspendMember } from './api/members';
import { TIER_LABELS } from '../../../contracts/tiers';
import { memberColumns } from './member-columns';

const area = areaById('members');

const noMembers: MemberRow[] = [];
const memberRowId = (member: MemberRow) => String(member.id);

const TIER_OPTIONS = [
  { value: '', label: 'Any plan' },
  { value: 'tryme', label: TIER_LABELS.tryme },
  { value: 'premium', label: TIER_LABELS.premium },
  { value: 'elite', label: TIER_LABELS.elite },
] as const;
const VERIFIED_OPTIONS = [
  { value: '', label: 'Any' },
  { value: 'true', label: 'Verified' },
  { value: 'false', label: 'Unverified' },
] as const;
const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'banned', label: 'Banned' },
] as const;

type Option<T extends ReadonlyArray<{ value: string }>> = T[number]['value'];

const SORT_BY_COLUMN = { fullName: 'name', username: 'username', email: 'email', isVerified: 'verified', status: 'status', registeredAt: 'created' } as const;
const values = <T extends ReadonlyArray<{ value: string }>>(options: T) => options.map((o) => o.value).filter(Boolean) as Array<Option<T>>;

export function MembersPage() {
  const table = useUrlTableState({ sorting: [{ id: 'registeredAt', desc: true }], sortable: Object.keys(SORT_BY_COLUMN) });
  const search = useUrlSearch('q');
  const q = search.value;
  const [tier, setTier] = useUrlParam('tier', values(TIER_OPTIONS));
  const [verified, setVerified] = useUrlParam('verified', values(VERIFIED_OPTIONS));
  const [status, setStatus] = useUrlParam('status', values(STATUS_OPTIONS));
  const [toSuspend, setToSuspend] = useState<MemberRow | null>(null);
  const [toRestore, setToRestore] = useState<MemberRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const suspend = useSuspendMember();
  const restore = useRestoreMember();

  const members = useMembers({
    q: q || undefined,
    tier: tier || undefined,
    verified: verified || undefined,
    status: status || undefined,
    ...serverSort(table.sorting, SORT_BY_COLUMN, { sort: 'created', dir: 'desc' }),
    page: table.pagination.pageIndex + 1,
    pageSize: table.pagination.pageSize,
  });

  const columns = useMemo(
    () =>
      memberColumns({
        onSuspend: (member) => {
          suspend.reset();
          setToSuspend(member);
        },
        onRestore: (member) => {
          restore.reset();
          setToRestore(member);
        },
      }),
    [suspend.reset, restore.reset],
  );

  const hasFilters = Boolean(q || tier || verified || status);

  return (
    <>
      <PageHeader title={area.title} description={area.description} />
      <Toolbar label="Filter members">
        <TextField
          label="Search"
          className="ops-field--inline ops-search"
          type="search"
          placeholder="Name, username, email, id or share link"
          value={search.input}
          onChange={(event) => search.setInput(event.currentTarget.value)}
        />
        <SelectField
          label="Plan"
          className="ops-field--inline"
          value={tier}
          options={TIER_OPTIONS}
          onValueChange={setTier}
        />
        <SelectField
          label="Verified"
          className="ops-field--inline"
          value={verified}
          options={VERIFIED_OPTIONS}
          onValueChange={setVerified}
        />
        <SelectField
          label="Status"
          className="ops-field--inline"
          value={status}
          options={STATUS_OPTIONS}
          onValueChange={setStatus}
        />
      </Toolbar>
      <Notice message={notice} onDismiss={() => setNotice(null)} />
      {members.isError ? (
        <Alert tone="danger" title="Members could not be loaded">
          <p>{describeApiError(members.error, 'Please try again.')}</p>
        </Alert>
      ) : null}
      <DataTable
        label="Members"
        columns={columns}
        data={members.data?.items ?? noMembers}
        rowCount={members.data?.total ?? 0}
        getRowId={memberRowId}
        sorting={table.sorting}
        onSortingChange={table.setSorting}
        pagination={table.pagination}
        onPaginationChange={table.setPagination}
        isLoading={members.isPending}
        emptyIcon={Users}
        emptyTitle="No members to show"
        emptyDescription={
          hasFilters
            ? 'No member matches these filters.'
            : 'Member accounts will be listed here once people register on Saathi.'
        }
      />
      <SuspendMemberDialog
        name={toSuspend?.fullName ?? 'member'}
        open={toSuspend !== null}
        onClose={() => setToSuspend(null)}
        isPending={suspend.isPending}
        error={suspend.isError ? describeApiError(suspend.error, 'Suspending failed. Please try again.') : null}
        onConfirm={({ reason, length }) => {
          if (!toSuspend) return;
          const member = toSuspend;
          suspend.mutate(
            { id: member.id, reason, length },
            {
              onSuccess: () => {
                setToSuspend(null);
                setNotice(length === 'ban' ? `${member.fullName} is banned and has been signed out.` : `${member.fullName} is suspended and has been signed out.`);
              },
            },
          );
        }}
      />
      <RestoreMemberDialog
        name={toRestore?.fullName ?? 'member'}
        open={toRestore !== null}
        onClose={() => setToRestore(null)}
        isPending={restore.isPending}
        error={restore.isError ? describeApiError(restore.error, 'Restoring failed. Please try again.') : null}
        onConfirm={(note) => {
          if (!toRestore) return;
          const member = toRestore;
          restore.mutate(
            { id: member.id, note },
            {
              onSuccess: () => {
                setToRestore(null);
                setNotice(`${member.fullName} can sign in again and has been emailed your reason.`);
              },
            },
          );
        }}
      />
    </>
  );
}
