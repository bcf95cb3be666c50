import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../app/routing/router';
import { ConversationView } from '../../components/conversation';
import { MemberLink } from '../../components/member-link';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Facts, Section } from '../../components/ui/section';
import { Spinner } from '../../components/ui/spinner';
import { describeApiError } from '../../lib/api-client';
import { formatDateTime, humanize } from '../../lib/format';
import { reasonLabel, reporterFallback } from '../../lib/labels';
import { detailPaths, paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { AppealDecisionDialog, type PendingDecision } from './appeal-decision-dialog';
import { type AppealDecision, type AppealDetail, useAppealDecision, useAppealDetail } from './api/appeals';
import { restrictionLabel } from './restriction-label';

/** One appeal beside everything behind it: the suspension, who decided it and why, the report and its conversation. */
export function AppealPage({ id }: { id: number }) {
  const detail = useAppealDetail(id);
  usePageTitle(detail.data ? `Appeal #${id} of ${detail.data.member.fullName ?? 'a member'} · Appeals` : `Appeal #${id} · Appeals`);
  if (detail.isPending) return <Spinner label="Loading the appeal…" />;
  if (detail.isError) {
    return (
      <>
        <BackToAppeals />
        <Alert tone="danger" title="This appeal could not be loaded">
          <p>{describeApiError(detail.error, 'Please try again.')}</p>
        </Alert>
      </>
    );
  }
  return <AppealView appeal={detail.data} />;
}

function BackToAppeals() {
  return (
    <Link to={paths.appeals} className="ops-back-link">
      <ArrowLeft aria-hidden="true" size={16} /> Appeals
    </Link>
  );
}

function AppealView({ appeal }: { appeal: AppealDetail }) {
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const decide = useAppealDecision();
  const name = appeal.member.fullName ?? 'the member';
  const { suspension, originalReport: report } = appeal;
  const open = (decision: AppealDecision) => {
    decide.reset();
    setPending({ id: appeal.id, decision, name, kind: suspension?.kind ?? 'suspension' });
  };

  return (
    <div className="ops-record">
      <BackToAppeals />
      <div className="ops-page-header">
        <div>
          <h1 className="ops-page-header__title">
            Appeal #{appeal.id} of {name}
          </h1>
          <p className="ops-page-header__description">
            <MemberLink member={appeal.member} /> appealed on {formatDateTime(appeal.createdAt)}
          </p>
          <p className="ops-badges">
            {appeal.status === 'open' ? <Badge tone="warning">Open</Badge> : <Badge>{humanize(appeal.status)}</Badge>}
            {appeal.member.status === 'active' ? <Badge tone="success">Active now</Badge> : null}
            {appeal.member.status === 'suspended' ? <Badge tone="danger">{restrictionLabel('suspension', appeal.member.suspendedUntil)}</Badge> : null}
            {appeal.member.status === 'banned' ? <Badge tone="danger">Banned</Badge> : null}
          </p>
        </div>
        {appeal.status === 'open' && appeal.mayDecide ? (
          <div className="ops-page-header__actions">
            <Button variant="danger-outline" onClick={() => open('uphold')}>
              Uphold
            </Button>
            <Button variant="primary" onClick={() => open('overturn')}>
              Overturn (restore access)
            </Button>
          </div>
        ) : null}
      </div>
      <Notice message={notice} onDismiss={() => setNotice(null)} />
      {appeal.status === 'open' && !appeal.mayDecide ? (
        <Alert tone="warning" title="Another reviewer decides this appeal">
          <p>{appeal.whyNot}</p>
        </Alert>
      ) : null}

      <div className="ops-record__grid">
        <Section title="What the member wrote" wide>
          <blockquote className="ops-appeal-quote">{appeal.message}</blockquote>
          {appeal.status !== 'open' ? (
            <div className="ops-outcome">
              <Facts
                items={[
                  ['Decision', humanize(appeal.status)],
                  ['Decided by', <MemberLink key="by" member={appeal.decidedBy} fallback="—" />],
                  ['Decided', formatDateTime(appeal.decidedAt)],
                ]}
              />
              <p className="ops-message">Reason emailed to the member: {appeal.decisionReason}</p>
            </div>
          ) : null}
        </Section>

        <Section title={suspension?.kind === 'ban' ? 'The ban' : 'The suspension'}>
          {suspension ? (
            <>
              <Facts
                items={[
                  ['Decision', restrictionLabel(suspension.kind, suspension.until)],
                  ['Suspended by', <MemberLink key="by" member={suspension.suspendedBy} fallback="a former reviewer" />],
                  ['On', formatDateTime(suspension.createdAt)],
                  ['From', suspension.reportId ? <Link key="report" to={detailPaths.report(suspension.reportId)} className="ops-link">Report #{suspension.reportId}</Link> : 'The member page (no report)'],
                ]}
              />
              <p className="ops-message">Suspending note: {suspension.note}</p>
            </>
          ) : (
            <p className="ops-cell-muted">No suspension is recorded for this appeal.</p>
          )}
        </Section>

        <Section title={report ? `The report: ${reasonLabel(report.reason)}` : 'The report'}>
          {report ? (
            <>
              <Facts
                items={[
                  ['Filed by', <MemberLink key="reporter" member={report.reporter} fallback={reporterFallback(report.source)} />],
                  ['Filed', formatDateTime(report.createdAt)],
                ]}
              />
              <p className="ops-message">{report.details || 'No details given.'}</p>
            </>
          ) : (
            <p className="ops-cell-muted">The member was suspended from their page, not from a report.</p>
          )}
        </Section>

        {report ? (
          <Section title="The evidence: their conversation" count={report.conversation.total} wide>
            <ConversationView
              conversation={report.conversation}
              reportedName={name}
              otherName={report.reporter?.fullName ?? report.conversation.with?.fullName ?? 'The other member'}
            />
          </Section>
        ) : null}
      </div>

      <AppealDecisionDialog
        pending={pending}
        mutation={decide}
        onClose={() => setPending(null)}
        onDone={(message) => {
          setPending(null);
          setNotice(message);
        }}
      />
    </div>
  );
}
