import { ScrollText, X } from 'lucide-react';
import { useMemo } from 'react';
import { AuditTarget } from '../../components/audit-target';
import { MemberLink } from '../../components/member-link';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { createDataTableColumnHelper, DataTable } from '../../components/ui/data-table';
import { PageHeader } from '../../components/ui/page-header';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { Toolbar } from '../../components/ui/toolbar';
import { describeApiError } from '../../lib/api-client';
import { areaById } from '../../lib/areas';
import { formatDateTime, humanize } from '../../lib/format';
import { actionLabel } from '../../lib/labels';
import { setUrlParams, useUrlParam, useUrlSearch, useUrlTableState } from '../../lib/use-url-state';
import { AUDIT_KIND_VALUES, type AuditEntry, useAuditActors, useAuditLog } from './api/audit';

const area = areaById('audit');

const KIND_SEGMENTS = [
  { value: 'actions', label: 'Actions' },
  { value: 'sign_ins', label: 'Sign-ins' },
  { value: 'all', label: 'Everything' },
] as const;

const TARGET_OPTIONS = [
  { value: '', label: 'Any target' },
  { value: 'user', label: 'Members and staff' },
  { value: 'report', label: 'Reports' },
  { value: 'verification_request', label: 'Verification requests' },
  { value: 'success_story', label: 'Success stories' },
  { value: 'profile_share', label: 'Share links' },
  { value: 'contact_messages', label: 'Contact messages' },
  { value: 'email_outbox', label: 'Emails' },
] as const;
const TARGET_VALUES = TARGET_OPTIONS.map((o) => o.value).filter(Boolean) as Array<(typeof TARGET_OPTIONS)[number]['value']>;

const positiveId = (text: string) => (/^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : undefined);

const column = createDataTableColumnHelper<AuditEntry>();
const noEntries: AuditEntry[] = [];
const entryRowId = (entry: AuditEntry) => String(entry.id);

export function AuditPage() {
  const table = useUrlTableState({ pageSize: 50 });
  const action = useUrlSearch('action');
  // Actions are the default view: sign-ins outnumber them and have their own.
  const [kindParam, setKind] = useUrlParam('kind', ['sign_ins', 'all'] as const);
  const kind = kindParam || 'actions';
  const [actorParam, setActor] = useUrlParam('actor');
  const [memberParam] = useUrlParam('member');
  const [targetType, setTargetType] = useUrlParam('target', TARGET_VALUES);
  const actors = useAuditActors();
  const audit = useAuditLog({
    action: action.value || undefined,
    actor: positiveId(actorParam),
    member: positiveId(memberParam),
    targetType: targetType || undefined,
    kind: (AUDIT_KIND_VALUES as readonly string[]).includes(kind) ? (kind as (typeof AUDIT_KIND_VALUES)[number]) : undefined,
    page: table.pagination.pageIndex + 1,
    pageSize: table.pagination.pageSize,
  });
  const memberName = audit.data?.items.find((entry) => entry.member?.id === positiveId(memberParam))?.member?.fullName;

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('createdAt', { header: 'When', cell: (info) => formatDateTime(info.getValue()) }),
        column.accessor((entry) => entry.actor.fullName ?? 'Unknown', {
          id: 'actor',
          header: 'Who',
          meta: { className: 'ops-col--names' },
          cell: (info) => {
            const { actor } = info.row.original;
            return (
              <div className="ops-cell-stack">
                {actor.id === null ? <span className="ops-cell-strong">{info.getValue()}</span> : <MemberLink member={{ id: actor.id, fullName: actor.fullName }} className="ops-cell-strong" />}
                <span className="ops-cell-muted">{actor.id !== null && actor.role ? humanize(actor.role) : ''}</span>
              </div>
            );
          },
        }),
        column.accessor('action', {
          header: 'What',
          meta: { className: 'ops-col--names' },
          cell: (info) => (
            <div className="ops-cell-stack">
              <span>{actionLabel(info.getValue())}</span>
              <span className="ops-cell-mono ops-cell-muted">{info.getValue()}</span>
            </div>
          ),
        }),
        column.display({ id: 'target', header: 'Target', meta: { className: 'ops-col--names' }, cell: (info) => <AuditTarget entry={info.row.original} /> }),
        column.accessor('note', {
          header: 'Note',
          meta: { className: 'ops-col--wrap' },
          cell: (info) => {
            const { action, details } = info.row.original;
            // For a failed or refused sign-in, what was typed shows which account someone was trying.
            const typed = action !== 'ops.sign_in' && typeof details?.login === 'string' ? `Typed “${details.login}”` : '';
            return <span className="ops-break">{info.getValue() ?? typed}</span>;
          },
        }),
        column.accessor('requestId', {
          header: 'Request',
          cell: (info) => (
            <div className="ops-cell-stack">
              <span className="ops-cell-mono" title={info.getValue() ?? undefined}>
                {info.getValue() ? `${info.getValue()?.slice(0, 8)}…` : '—'}
              </span>
              <span className="ops-cell-muted">{info.row.original.ip ?? ''}</span>
            </div>
          ),
        }),
      ]),
    [],
  );

  return (
    <>
      <PageHeader title={area.title} description={area.description} />
      <Toolbar label="Filter the audit log">
        <SegmentedControl label="Show" value={kind} segments={KIND_SEGMENTS} onValueChange={(next) => setKind(next === 'actions' ? '' : next)} />
        <SelectField
          label="Who"
          className="ops-field--inline"
          value={actorParam}
          options={[{ value: '', label: 'Anyone' }, ...(actors.data ?? []).map((a) => ({ value: String(a.id), label: `${a.fullName} (${humanize(a.role)})` }))]}
          onValueChange={setActor}
        />
        <SelectField label="Target" className="ops-field--inline" value={targetType} options={TARGET_OPTIONS} onValueChange={setTargetType} />
        <TextField
          label="Action starts with"
          className="ops-field--inline ops-search"
          type="search"
          placeholder="e.g. report."
          value={action.input}
          onChange={(event) => action.setInput(event.currentTarget.value)}
        />
        {positiveId(memberParam) ? (
          <Badge tone="accent">
            About: {memberName ?? `member #${memberParam}`}
            <button type="button" className="ops-badge__clear" aria-label="Show entries about every member" onClick={() => setUrlParams({ member: null, page: null })}>
              <X aria-hidden="true" size={12} />
            </button>
          </Badge>
        ) : null}
      </Toolbar>
      {audit.isError ? (
        <Alert tone="danger" title="The audit log could not be loaded">
          <p>{describeApiError(audit.error, 'Please try again.')}</p>
        </Alert>
      ) : null}
      <DataTable
        label="Audit log"
        columns={columns}
        data={audit.data?.items ?? noEntries}
        rowCount={audit.data?.total ?? 0}
        getRowId={entryRowId}
        pagination={table.pagination}
        onPaginationChange={table.setPagination}
        isLoading={audit.isPending}
        emptyIcon={ScrollText}
        emptyTitle="No entries match"
        emptyDescription={kind === 'sign_ins' ? 'Sign-ins to this console, failed and refused ones included, are recorded here.' : 'Every action taken in this console is recorded here.'}
      />
    </>
  );
}
