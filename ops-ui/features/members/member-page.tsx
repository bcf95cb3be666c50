import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../app/routing/router';
import { AuditTarget } from '../../components/audit-target';
import { MemberLink } from '../../components/member-link';
import { ReportList } from '../../components/report-list';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Facts, Section } from '../../components/ui/section';
import { Spinner } from '../../components/ui/spinner';
import { describeApiError } from '../../lib/api-client';
import { formatCalendarDate, formatDate, formatDateTime, humanize } from '../../lib/format';
import { actionLabel, documentTypeLabel } from '../../lib/labels';
import { paths, withQuery } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { type MemberDetail, useMemberDetail } from './api/member-detail';
import { RestoreMemberDialog, SuspendMemberDialog } from '../../components/account-dialogs';
import { useRestoreMember, useSuspendMember } from './api/members';
import { TIER_LABELS } from '../../../contracts/tiers';
import { MemberBillingSection } from './member-billing-section';
import { MemberEmailSection } from './member-email-section';
import { MemberFamilySection } from './member-family-section';
import { MemberSuspensionsSection } from './member-suspensions-section';
import { MemberSignInsSection } from './member-sign-ins-section';

function tierLabel(tier: string): string {
  return (TIER_LABELS as Record<string, string>)[tier] ?? humanize(tier);
}

/** Everything the console knows about one member, with suspend / restore. */
export function MemberPage({ id }: { id: number }) {
  const detail = useMemberDetail(id);
  usePageTitle(detail.data ? `${detail.data.member.fullName} · Members` : `Member #${id}`);
  if (detail.isPending) return <Spinner label="Loading the member…" />;
  if (detail.isError) {
    return (
      <>
        <BackToMembers />
        <Alert tone="danger" title="This member could not be loaded">
          <p>{describeApiError(detail.error, 'Please try again.')}</p>
        </Alert>
      </>
    );
  }
  return <MemberView data={detail.data} />;
}

function BackToMembers() {
  return (
    <Link to={paths.members} className="ops-back-link">
      <ArrowLeft aria-hidden="true" size={16} /> Members
    </Link>
  );
}

function MemberView({ data }: { data: MemberDetail }) {
  const { member, profile } = data;
  const [dialog, setDialog] = useState<'suspend' | 'restore' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const suspend = useSuspendMember();
  const restore = useRestoreMember();
  const isMember = member.role === 'member';

  return (
    <div className="ops-record">
      <BackToMembers />
      <div className="ops-page-header">
        <div>
          <h1 className="ops-page-header__title">{member.fullName}</h1>
          <p className="ops-page-header__description">
            @{member.username} · {member.email} · {isMember ? `member since ${formatDate(member.registeredAt)}` : humanize(member.role)}
          </p>
          <p className="ops-badges">
            {member.status === 'active' ? (
              <Badge tone="success">Active</Badge>
            ) : member.status === 'suspended' ? (
              <Badge tone="danger">{member.suspendedUntil ? `Suspended until ${formatDateTime(member.suspendedUntil)}` : 'Suspended until restored'}</Badge>
            ) : (
              <Badge tone="danger">{humanize(member.status)}</Badge>
            )}
            {member.isVerified ? <Badge tone="success">Verified</Badge> : <Badge>Unverified</Badge>}
            {isMember ? <Badge tone={member.tier === 'tryme' ? 'neutral' : 'accent'}>{tierLabel(member.tier)}</Badge> : null}
            {member.isDeleted ? <Badge tone="danger">Account deleted</Badge> : null}
          </p>
        </div>
        {isMember && !member.isDeleted ? (
          <div className="ops-page-header__actions">
            {member.status === 'active' ? (
              <Button variant="danger-outline" onClick={() => {
                  suspend.reset();
                  setDialog('suspend');
                }}>
                Suspend
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => {
                  restore.reset();
                  setDialog('restore');
                }}>
                Restore access
              </Button>
            )}
          </div>
        ) : null}
      </div>
      <Notice message={notice} onDismiss={() => setNotice(null)} />

      <div className="ops-record__grid">
        <Section title="Profile">
          {profile ? (
            <div className="ops-profile-card">
              {profile.photos[0] ? <img className="ops-profile-card__photo" src={profile.photos[0]} alt={`${member.fullName}'s profile`} /> : null}
              <Facts
                items={[
                  ['Profile', `#${profile.id}`],
                  ['Made by', profile.profileType === 'self' ? 'The member' : humanize(profile.profileType)],
                  ['Gender', profile.gender ? humanize(profile.gender) : '—'],
                  ['Born', formatCalendarDate(profile.dateOfBirth)],
                  ['Marital status', profile.maritalStatus ? humanize(profile.maritalStatus) : '—'],
                  ['Religion', [profile.religion, profile.community].filter(Boolean).join(' · ') || '—'],
                  ['Mother tongue', profile.motherTongue ?? '—'],
                  ['Lives in', [profile.city, profile.country].filter(Boolean).join(', ') || '—'],
                  ['Profession', profile.profession ?? '—'],
                  ['Photos', String(profile.photos.length)],
                ]}
              />
              {profile.about ? <p className="ops-message">{profile.about}</p> : null}
            </div>
          ) : (
            <p className="ops-cell-muted">No profile yet.</p>
          )}
        </Section>

        <Section title="Account">
          <Facts
            items={[
              ['Plan', isMember ? tierLabel(member.tier) : '—'],
              ['Plan ends', member.subscriptionEnds ? formatDate(member.subscriptionEnds) : '—'],
              ['Email confirmed', member.emailConfirmedAt ? formatDate(member.emailConfirmedAt) : 'Not yet'],
              ['Last active', formatDateTime(member.lastActiveAt)],
              ['Two-step sign-in', member.twoFactor ? 'On' : 'Off'],
              ['Registered', formatDateTime(member.registeredAt)],
            ]}
          />
        </Section>

        <Section title="Verification" count={data.verification.length}>
          {data.verification.length === 0 ? (
            <p className="ops-cell-muted">Never submitted.</p>
          ) : (
            <table className="ops-mini-table">
              <thead>
                <tr>
                  <th scope="col">Submitted</th>
                  <th scope="col">Document</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {data.verification.map((request) => (
                  <tr key={request.id}>
                    <td>{formatDateTime(request.createdAt)}</td>
                    <td>{documentTypeLabel(request.documentType)}</td>
                    <td>
                      {humanize(request.status)}
                      {request.decidedBy ? (
                        <>
                          {' '}by <MemberLink member={request.decidedBy} /> on {formatDate(request.decidedAt)}
                        </>
                      ) : null}
                      {request.rejectionReason ? <span className="ops-cell-muted"> — “{request.rejectionReason}”</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Section>

        <MemberEmailSection member={member} delivery={data.emailDelivery} onNotice={setNotice} />

        <MemberBillingSection id={member.id} />

        {isMember ? <MemberSuspensionsSection suspensions={data.suspensions} /> : null}
        <Section title="Reports about them" count={data.reportsAbout.length}>
          <ReportList reports={data.reportsAbout} show="reporter" empty="Nobody has reported them." />
        </Section>

        <Section title="Reports they filed" count={data.reportsBy.length}>
          <ReportList reports={data.reportsBy} show="reported" empty="They have not reported anyone." />
        </Section>

        <Section title="Blocks" count={data.blocks.length}>
          {data.blocks.length === 0 ? (
            <p className="ops-cell-muted">No blocks either way.</p>
          ) : (
            <ul className="ops-plain-list">
              {data.blocks.map((block) => (
                <li key={block.id}>
                  {block.direction === 'blocked' ? 'Blocked ' : 'Blocked by '}
                  <MemberLink member={block.other} /> <span className="ops-cell-muted">on {formatDate(block.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <MemberFamilySection family={data.family} />

        <Section title="Signed-in sessions" count={data.sessions.length}>
          {data.sessions.length === 0 ? (
            <p className="ops-cell-muted">Not signed in anywhere.</p>
          ) : (
            <table className="ops-mini-table">
              <thead>
                <tr>
                  <th scope="col">Last seen</th>
                  <th scope="col">Device</th>
                  <th scope="col">Started</th>
                </tr>
              </thead>
              <tbody>
                {data.sessions.map((session) => (
                  <tr key={`${session.createdAt}-${session.lastSeenAt}`}>
                    <td>{formatDateTime(session.lastSeenAt)}</td>
                    <td className="ops-break">
                      {session.userAgent ?? 'Unknown device'}
                      {session.ip ? <span className="ops-cell-muted"> · {session.ip}</span> : null}
                    </td>
                    <td>{formatDateTime(session.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Section>

        <MemberSignInsSection signIns={data.signIns} />

        <Section
          title="Audit trail"
          count={data.audit.total}
          wide
          actions={
            <Link to={withQuery(paths.audit, { member: member.id })} className="ops-link">
              Open in the audit log
            </Link>
          }
        >
          {data.audit.items.length === 0 ? (
            <p className="ops-cell-muted">No staff action about this member yet.</p>
          ) : (
            <table className="ops-mini-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Target</th>
                  <th scope="col">Note</th>
                </tr>
              </thead>
              <tbody>
                {data.audit.items.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatDateTime(entry.createdAt)}</td>
                    <td>{entry.actor.id ? <MemberLink member={{ id: entry.actor.id, fullName: entry.actor.fullName }} /> : entry.actor.fullName}</td>
                    <td>{actionLabel(entry.action)}</td>
                    <td>
                      <AuditTarget entry={entry} />
                    </td>
                    <td className="ops-break">{entry.note ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Section>
      </div>

      <SuspendMemberDialog
        name={member.fullName}
        open={dialog === 'suspend'}
        onClose={() => setDialog(null)}
        isPending={suspend.isPending}
        error={suspend.isError ? describeApiError(suspend.error, 'Suspending failed. Please try again.') : null}
        onConfirm={({ reason, length }) =>
          suspend.mutate(
            { id: member.id, reason, length },
            {
              onSuccess: () => {
                setDialog(null);
                setNotice(length === 'ban' ? `${member.fullName} is banned and has been signed out.` : `${member.fullName} is suspended and has been signed out.`);
              },
            },
          )
        }
      />
      <RestoreMemberDialog
        name={member.fullName}
        open={dialog === 'restore'}
        onClose={() => setDialog(null)}
        isPending={restore.isPending}
        error={restore.isError ? describeApiError(restore.error, 'Restoring failed. Please try again.') : null}
        onConfirm={(note) =>
          restore.mutate(
            { id: member.id, note },
            {
              onSuccess: () => {
                setDialog(null);
                setNotice(`${member.fullName} can sign in again and has been emailed your reason.`);
              },
            },
          )
        }
      />
    </div>
  );
}
