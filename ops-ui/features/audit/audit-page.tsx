import { ScrollText, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { createDataTableColumnHelper, DataTable, useDataTableState } from '../../components/ui/data-table';
import { PageHeader } from '../../components/ui/page-header';
import { TextField } from '../../components/ui/text-field';
import { Toolbar } from '../../components/ui/toolbar';
import { describeApiError } from '../../lib/api-client';
import { areaById } from '../../lib/areas';
import { formatDateTime, humanize } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { type AuditEntry, useAuditLog } from './api/audit';

const area = areaById('audit');

/** Prefixes of the actions the server records, offered as suggestions; any other prefix works too. */
const ACTION_PREFIXES = [
  'verification.',
  'story.',
  'share',
  'report.',
  'member.',
  'inbox.',
  'reviewer.',
  'ops.sign_in',
];

/** Details are small JSON objects written by the server; shown as "key: value" text, never as markup. */
function describeDetails(details: unknown): string {
  if (details === null || details === undefined) return '';
  if (typeof details !== 'object') return String(details);
  return Object.entries(details as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
}

const column = createDataTableColumnHelper<AuditEntry>();
const noEntries: AuditEntry[] = [];
const entryRowId = (entry: AuditEntry) => String(entry.id);

export function AuditPage() {
  const table = useDataTableState({ pageSize: 50 });
  const [actionInput, setActionInput] = useState('');
  const action = useDebouncedValue(actionInput.trim());
  const [actor, setActor] = useState<{ id: number; name: string } | null>(null);
  const audit = useAuditLog({
    action: action || undefined,
    actor: actor?.id,
    page: table.pagination.pageIndex + 1,
    pageSize: table.pagination.pageSize,
  });
  const firstPage = () => table.setPagination((current) => ({ ...current, pageIndex: 0 }));

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('createdAt', { header: 'When', cell: (info) => formatDateTime(info.getValue()) }),
        column.accessor((entry) => entry.actor.fullName ?? 'Unknown', {
          id: 'actor',
          header: 'Actor',
          cell: (info) => {
            const { actor: who } = info.row.original;
            const name = info.getValue();
            return (
              <div className="ops-cell-stack">
                {who.id === null ? (
                  <span className="ops-cell-strong">{name}</span>
                ) : (
                  <button
                    type="button"
                    className="ops-link-button"
                    title="Show only this person's actions"
                    onClick={() => {
                      setActor({ id: who.id as number, name });
                      firstPage();
                    }}
                  >
                    {name}
                  </button>
                )}
                <span className="ops-cell-muted">{who.role ? humanize(who.role) : ''}</span>
              </div>
            );
          },
        }),
        column.accessor('action', { header: 'Action', cell: (info) => <span className="ops-cell-mono">{info.getValue()}</span> }),
        column.accessor((entry) => (entry.targetType ? `${entry.targetType}${entry.targetId ? ` #${entry.targetId}` : ''}` : '—'), {
          id: 'target',
          header: 'Target',
          cell: (info) => <span className="ops-cell-mono">{info.getValue()}</span>,
        }),
        column.accessor((entry) => describeDetails(entry.details), {
          id: 'details',
          header: 'Details',
          meta: { className: 'ops-col--wrap' },
          cell: (info) => <span className="ops-clamp ops-cell-muted">{info.getValue()}</span>,
        }),
      ]),
    // The cells only call state setters, which never change.
    [],
  );

  return (
    <>
      <PageHeader title={area.title} description={area.description} />
      <Toolbar label="Filter the audit log">
        <TextField
          label="Action starts with"
          className="ops-field--inline ops-search"
          type="search"
          list="ops-audit-actions"
          placeholder="e.g. verification."
          value={actionInput}
          onChange={(event) => {
            setActionInput(event.currentTarget.value);
            firstPage();
          }}
        />
        <datalist id="ops-audit-actions">
          {ACTION_PREFIXES.map((prefix) => (
            <option key={prefix} value={prefix} />
          ))}
        </datalist>
        {actor ? (
          <Badge tone="accent">
            Actor: {actor.name}
            <button
              type="button"
              className="ops-badge__clear"
              aria-label={`Show every actor, not only ${actor.name}`}
              onClick={() => {
                setActor(null);
                firstPage();
              }}
            >
              <X aria-hidden="true" size={12} />
            </button>
          </Badge>
        ) : (
          <p className="ops-toolbar__count">Click an actor's name to see only their actions.</p>
        )}
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
        emptyDescription="Every action taken in this console is recorded here."
      />
    </>
  );
}
