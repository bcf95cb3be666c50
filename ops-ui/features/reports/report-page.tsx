import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../app/routing/router';
import { ConversationView, SenderConversations } from '../../components/conversation';
import { MemberLink } from '../../components/member-link';
import { ReportList } from '../../components/report-list';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Notice } from '../../components/ui/notice';
import { Facts, Section } from '../../components/ui/section';
import { Spinner } from '../../components/ui/spinner';
import { describeApiError } from '../../lib/api-client';
import { formatCalendarDate, formatDateTime, humanize } from '../../lib/format';
import { reasonLabel, reporterFallback } from '../../lib/labels';
import { detailPaths, paths } from '../../lib/paths';
import type { ProfileSummary } from '../../lib/records';
import { usePageTitle } from '../../lib/use-page-title';
import { type ReportDetail, useReportAction, useReportDetail } from './api/reports';
import { type PendingReportAction, ReportActionButtons, ReportActionDialog } from './report-action-dialog';

/** One report with what a reviewer needs to decide it. */
export function ReportPage({ id }: { id: number }) {
  const detail = useReportDetail(id);
  usePageTitle(detail.data ? `Report #${id} about ${detail.data.reported.fullName ?? 'a member'} · Reports` : `Report #${id} · Reports`);
  if (detail.isPending) return <Spinner label="Loading the report…" />;
  if (detail.isError) {
    return (
      <>
        <BackToReports />
        <Alert tone="danger" title="This report could not be loaded">
          <p>{describeApiError(detail.error, 'Please try again.')}</p>
        </Alert>
      </>
    );
  }
  return <ReportView report={detail.data} />;
}

function BackToReports() {
  return (
    <Link to={paths.reports} className="ops-back-link">
      <ArrowLeft aria-hidden="true" size={16} /> Reports
    </Link>
  );
}

function ProfileFacts({ profile }: { profile: ProfileSummary | null }) {
  if (!profile) return <p className="ops-cell-muted">No profile.</p>;
  return (
    <div className="ops-profile-card">
      {profile.photos[0] ? <img className="ops-profile-card__photo" src={profile.photos[0]} alt="Profile" /> : null}
      <Facts
        items={[
          ['Profile', `#${profile.id}`],
          ['Born', formatCalendarDate(profile.dateOfBirth)],
          ['Lives in', [profile.city, profile.country].filter(Boolean).join(', ') || '—'],
          ['Profession', profile.profession ?? '—'],
        ]}
      />
      {profile.about ? <p className="ops-message">{profile.about}</p> : null}
    </div>
  );
}

function ReportView({ report }: { report: ReportDetail }) {
  const [pending, setPending] = useState<PendingReportAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const act = useReportAction();
  const reportedName = report.reported.fullName ?? 'the member';

  return (
    <div className="ops-record">
      <BackToReports />
      <div className="ops-page-header">
        <div>
          <h1 className="ops-page-header__title">
            Report #{report.id}: {reasonLabel(report.reason)}
          </h1>
          <p className="ops-page-header__description">
            About <MemberLink member={report.reported} /> · filed by <MemberLink member={report.reporter} fallback={reporterFallback(report.source)} />{' '}
            {report.source === 'family_decline'
              ? 'on declining the profile'
              : report.source === 'auto'
                ? 'when a message matched the scam rules'
                : report.source === 'chat'
                  ? 'from chat'
                  : 'from their profile'}{' '}
            on{' '}
            {formatDateTime(report.createdAt)}
          </p>
          <p className="ops-badges">
            {report.status === 'open' ? <Badge tone="warning">Open</Badge> : <Badge>{humanize(report.status)}</Badge>}
            {report.source === 'auto' ? <Badge tone="warning">Automatic</Badge> : null}
            {report.reported.status === 'suspended' ? <Badge tone="danger">Member suspended</Badge> : null}
            {report.reported.status === 'banned' ? <Badge tone="danger">Member banned</Badge> : null}
          </p>
        </div>
        {report.reason === 'appeal' ? (
          <div className="ops-page-header__actions">
            <Link to={detailPaths.appeal(report.id)} className="ops-button ops-button--primary ops-button--md">
              Open in Appeals
            </Link>
          </div>
        ) : report.status === 'open' ? (
          <div className="ops-page-header__actions">
            <ReportActionButtons
              report={report}
              onAction={(action) => {
                act.reset();
                setPending({ report, action });
              }}
            />
          </div>
        ) : null}
      </div>
      <Notice message={notice} onDismiss={() => setNotice(null)} />

      <div className="ops-record__grid">
        <Section title={report.source === 'auto' ? 'Why this report was filed' : 'What the reporter wrote'} wide>
          <p className="ops-message ops-message--full">{report.details || 'No details given.'}</p>
          {report.source === 'auto' && report.status === 'open' ? (
            <p className="ops-cell-muted">
              Nothing was blocked: the message was delivered, and its recipient saw a safety notice under it. If it is harmless, dismiss this report.
            </p>
          ) : null}
          {report.status !== 'open' ? (
            <div className="ops-outcome">
              <Facts
                items={[
                  ['Outcome', humanize(report.status)],
                  ['Handled by', <MemberLink key="by" member={report.handledBy} fallback="—" />],
                  ['Handled', formatDateTime(report.handledAt)],
                ]}
              />
              <p className="ops-message">{report.resolutionNote ? `Note: ${report.resolutionNote}` : 'No note was written.'}</p>
            </div>
          ) : null}
        </Section>

        <Section title={`Reported: ${reportedName}`}>
          <ProfileFacts profile={report.reportedProfile} />
        </Section>
        {report.source === 'auto' ? null : (
          <Section title={`Reporter: ${report.reporter?.fullName ?? reporterFallback(report.source)}`}>
            <ProfileFacts profile={report.reporterProfile} />
          </Section>
        )}

        <Section title={report.source === 'auto' ? `The conversation with ${report.conversation.with?.fullName ?? 'the recipient'}` : 'Their conversation'} count={report.conversation.total} wide>
          <ConversationView
            conversation={report.conversation}
            reportedName={reportedName}
            otherName={report.reporter?.fullName ?? report.conversation.with?.fullName ?? 'Reporter'}
          />
        </Section>

        {report.source === 'auto' ? (
          <Section title={`${reportedName}'s other conversations (30 days)`} count={report.senderConversations.length} wide>
            <SenderConversations rows={report.senderConversations} />
          </Section>
        ) : null}

        <Section title={`Other reports about ${reportedName}`} count={report.otherReports.length} wide>
          <ReportList reports={report.otherReports} show="reporter" empty="This is the only report about them." />
        </Section>
      </div>

      <ReportActionDialog
        pending={pending}
        mutation={act}
        onClose={() => setPending(null)}
        onDone={(message) => {
          setPending(null);
          setNotice(message);
        }}
      />
    </div>
  );
}
