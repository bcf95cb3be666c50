import { HeartHandshake, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { MemberLink } from '../../components/member-link';
import { ActionDialog } from '../../components/ui/action-dialog';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { createDataTableColumnHelper, DataTable } from '../../components/ui/data-table';
import { useUrlTableState } from '../../lib/use-url-state';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { describeApiError } from '../../lib/api-client';
import { areaById } from '../../lib/areas';
import { formatCalendarDate } from '../../lib/format';
import { useClientPage } from '../../lib/use-client-page';
import { bothAgreed, type Consent, type Story, useDeleteStory, useRequestConsent, useSetStoryPublished, useStories } from './api/stories';
import { StoryDialog } from './components/story-dialog';

const area = areaById('stories');

function coupleName(story: Story): string {
  return `${story.user1?.fullName ?? 'Deleted member'} & ${story.user2?.fullName ?? 'Deleted member'}`;
}

const CONSENT_LABELS: Record<NonNullable<Consent>['status'], string> = {
  pending: 'asked',
  accepted: 'agreed',
  declined: 'declined',
  withdrawn: 'withdrew',
};

/** "Ananya agreed · Arjun asked": where each member stands on publishing the story. */
function consentLine(story: Story): string {
  const first = (member: Story['user1']) => member?.fullName.split(' ')[0] ?? 'Deleted member';
  const part = (member: Story['user1'], consent: Consent) => `${first(member)} ${consent ? CONSENT_LABELS[consent.status] : 'not asked'}`;
  return `${part(story.user1, story.consent.user1)} · ${part(story.user2, story.consent.user2)}`;
}

const column = createDataTableColumnHelper<Story>();
const storyRowId = (story: Story) => String(story.id);

export function StoriesPage() {
  const stories = useStories();
  const table = useUrlTableState();
  const rows = useClientPage(stories.data, table.pagination);
  const publish = useSetStoryPublished();
  const consent = useRequestConsent();
  const remove = useDeleteStory();
  const [toDelete, setToDelete] = useState<Story | null>(null);
  const [editing, setEditing] = useState<{ story: Story | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('sortOrder', { header: 'Order', meta: { className: 'ops-col--number' } }),
        column.accessor((story) => coupleName(story), {
          id: 'couple',
          header: 'Couple',
          meta: { className: 'ops-col--names' },
          cell: (info) => (
            <div className="ops-story-couple">
              {info.row.original.photos[0] ? <img src={info.row.original.photos[0]} alt="" className="ops-story-couple__thumb" /> : <span className="ops-story-couple__thumb is-empty" />}
              <div className="ops-cell-stack">
                <span className="ops-cell-strong">
                  <MemberLink member={info.row.original.user1} fallback="Deleted member" /> &amp; <MemberLink member={info.row.original.user2} fallback="Deleted member" />
                </span>
                <span className="ops-cell-muted">{consentLine(info.row.original)}</span>
                {info.row.original.submittedBy ? <Badge tone="accent">Sent in by {info.row.original.submittedBy.fullName}</Badge> : null}
              </div>
            </div>
          ),
        }),
        column.accessor('matchDate', {
          header: 'Matched · married',
          cell: (info) => (
            <div className="ops-cell-stack">
              <span>{formatCalendarDate(info.getValue())}</span>
              <span className="ops-cell-muted">
                {info.row.original.marriageDate ? `Married ${formatCalendarDate(info.row.original.marriageDate)}` : 'Not married yet'}
              </span>
            </div>
          ),
        }),
        column.accessor('location', { header: 'Location', meta: { className: 'ops-col--names' }, cell: (info) => info.getValue() ?? '—' }),
        column.accessor('testimonial', {
          header: 'Testimonial',
          meta: { className: 'ops-col--wrap' },
          cell: (info) => <span className="ops-clamp">{info.getValue()}</span>,
        }),
        column.accessor('isPublished', {
          header: 'Status',
          cell: (info) => (
            <div className="ops-cell-stack">
              {info.getValue() ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}
              <span className="ops-cell-muted">
                {info.row.original.photos.length === 1 ? '1 photo' : `${info.row.original.photos.length} photos`}
              </span>
            </div>
          ),
        }),
        column.display({
          id: 'actions',
          header: () => <span className="ops-visually-hidden">Actions</span>,
          meta: { className: 'ops-col--actions' },
          cell: (info) => {
            const story = info.row.original;
            const name = coupleName(story);
            const agreed = bothAgreed(story);
            return (
              <div className="ops-cell-actions ops-cell-actions--wrap">
                {!story.isPublished && !agreed ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Ask ${name} for consent`}
                    onClick={() =>
                      consent.mutate(story.id, { onSuccess: () => setNotice(`${name} have been asked, in the app and by email. The story can be published once both agree.`) })
                    }
                  >
                    Ask the couple
                  </Button>
                ) : null}
                {!story.isPublished ? (
                  <Button size="sm" variant="ghost" aria-label={`Delete the draft story of ${name}`} onClick={() => setToDelete(story)}>
                    Delete
                  </Button>
                ) : null}
                <Button size="sm" variant="ghost" aria-label={`Edit the story of ${name}`} onClick={() => setEditing({ story })}>
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant={story.isPublished ? 'secondary' : 'primary'}
                  disabled={!story.isPublished && !agreed}
                  title={!story.isPublished && !agreed ? 'Both members must agree first' : undefined}
                  aria-label={`${story.isPublished ? 'Unpublish' : 'Publish'} the story of ${name}`}
                  onClick={() =>
                    publish.mutate(
                      { id: story.id, publish: !story.isPublished },
                      {
                        onSuccess: () =>
                          setNotice(
                            story.isPublished
                              ? `The story of ${name} is no longer shown on the site.`
                              : `The story of ${name} is published on the site.`,
                          ),
                      },
                    )
                  }
                >
                  {story.isPublished ? 'Unpublish' : 'Publish'}
                </Button>
              </div>
            );
          },
        }),
      ]),
    [publish.mutate, consent.mutate],
  );

  return (
    <>
      <PageHeader
        title={area.title}
        description={area.description}
        actions={
          <Button variant="primary" onClick={() => setEditing({ story: null })}>
            <Plus aria-hidden="true" size={16} />
            New story
          </Button>
        }
      />
      <Notice message={notice} onDismiss={() => setNotice(null)} />
      {stories.isError ? (
        <Alert tone="danger" title="Stories could not be loaded">
          <p>{describeApiError(stories.error, 'Please try again.')}</p>
        </Alert>
      ) : null}
      {publish.isError ? (
        <Alert tone="danger">
          <p>{describeApiError(publish.error, 'Publishing failed. Please try again.')}</p>
        </Alert>
      ) : null}
      {consent.isError ? (
        <Alert tone="danger">
          <p>{describeApiError(consent.error, 'The couple could not be asked. Please try again.')}</p>
        </Alert>
      ) : null}
      <DataTable
        label="Success stories"
        columns={columns}
        data={rows}
        rowCount={stories.data?.length ?? 0}
        getRowId={storyRowId}
        pagination={table.pagination}
        onPaginationChange={table.setPagination}
        isLoading={stories.isPending}
        emptyIcon={HeartHandshake}
        emptyTitle="No success stories yet"
        emptyDescription="Write the first one with New story."
      />
      <ActionDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Delete this draft story?"
        description={toDelete ? `The story of ${coupleName(toDelete)} and its photos are deleted for good. The couple's answers are deleted with it.` : ''}
        confirmLabel="Delete story"
        pendingLabel="Deleting…"
        isPending={remove.isPending}
        error={remove.isError ? describeApiError(remove.error, 'Deleting failed. Please try again.') : null}
        onConfirm={() => {
          if (!toDelete) return;
          const name = coupleName(toDelete);
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              setToDelete(null);
              setNotice(`The draft story of ${name} is deleted.`);
            },
          });
        }}
      />
      <StoryDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        story={editing?.story ?? null}
        onSaved={setNotice}
      />
    </>
  );
}
