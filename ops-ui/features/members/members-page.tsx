import { Users } from 'lucide-react';
import { DataTable, useDataTableState } from '../../components/ui/data-table';
import { PageHeader } from '../../components/ui/page-header';
import { areaById } from '../../lib/areas';
import { type MemberRow, memberColumns } from './member-columns';

const area = areaById('members');

// Stable empty page until the members listing endpoint lands; a new [] each render would rebuild the row model.
const noMembers: MemberRow[] = [];
const memberRowId = (member: MemberRow) => String(member.id);

export function MembersPage() {
  const table = useDataTableState({ sorting: [{ id: 'createdAt', desc: true }] });
  return (
    <>
      <PageHeader title={area.title} description={area.description} />
      <DataTable
        label="Members"
        columns={memberColumns}
        data={noMembers}
        rowCount={0}
        getRowId={memberRowId}
        sorting={table.sorting}
        onSortingChange={table.setSorting}
        pagination={table.pagination}
        onPaginationChange={table.setPagination}
        emptyIcon={Users}
        emptyTitle="No members to show"
        emptyDescription="Member accounts will be listed here once people register on Saathi."
      />
    </>
  );
}
