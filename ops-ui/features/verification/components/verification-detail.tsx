import { Check, ImageOff, X } from 'lucide-react';
import { useState } from 'react';
import { VERIFICATION_REJECTION_REASONS, verificationDecisionSchema } from '../../../../contracts/ops';
import { ageFromDateOfBirth } from '../../../../contracts/age';
import { ActionDialog } from '../../../components/ui/action-dialog';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { describeApiError } from '../../../lib/api-client';
import { MemberLink } from '../../../components/member-link';
import { formatDateTime } from '../../../lib/format';
import { documentTypeLabel } from '../../../lib/labels';
import { useApproveVerification, useRejectVerification, type VerificationRequest } from '../api/verifications';

function ReviewImage({ src, label }: { src: string | null; label: string }) {
  return (
    <figure className="ops-review__figure">
      <figcaption className="ops-review__caption">{label}</figcaption>
      {src ? (
        <a href={src} target="_blank" rel="noopener noreferrer" className="ops-review__frame" title="Open full size">
          <img src={src} alt={label} className="ops-review__image" />
        </a>
      ) : (
        <div className="ops-review__frame ops-review__frame--missing">
          <ImageOff aria-hidden="true" size={22} />
          <span>Not available</span>
        </div>
      )}
    </figure>
  );
}

const GENDER_LABELS: Record<string, string> = { male: 'Male', female: 'Female' };

/** What the ID must agree with: the profile's date of birth (with the age it gives), gender and country. */
function ProfileFacts({ profile }: { profile: NonNullable<VerificationRequest['profile']> | null }) {
  if (!profile) return <p className="ops-review__note">This member has no profile yet: there is no date of birth, gender or country to compare.</p>;
  const age = ageFromDateOfBirth(profile.dateOfBirth);
  const shown = (value: string | null) => value ?? 'Not given';
  return (
    <section className="ops-review__profile" aria-label="Profile details to compare with the ID">
      <p className="ops-review__label">On the profile: compare with the ID</p>
      <dl className="ops-facts ops-facts--large">
        <div>
          <dt>Date of birth</dt>
          <dd>{profile.dateOfBirth ? `${profile.dateOfBirth}${age !== null ? ` (age ${age})` : ''}` : 'Not given'}</dd>
        </div>
        <div>
          <dt>Gender</dt>
          <dd>{profile.gender ? (GENDER_LABELS[profile.gender] ?? profile.gender) : 'Not given'}</dd>
        </div>
        <div>
          <dt>Country</dt>
          <dd>{shown(profile.country)}</dd>
        </div>
      </dl>
    </section>
  );
}

const STATUS_BADGES = {
  pending: <Badge tone="warning">Pending</Badge>,
  approved: <Badge tone="success">Approved</Badge>,
  rejected: <Badge tone="danger">Rejected</Badge>,
} as const;

export interface VerificationDetailProps {
  request: VerificationRequest;
  onDecided: (message: string) => void;
}

/** One request: the selfie and the ID side by side, the member's profile photos for comparison, and the decision. */
export function VerificationDetail({ request, onDecided }: VerificationDetailProps) {
  const approve = useApproveVerification();
  const reject = useRejectVerification();
  const [rejecting, setRejecting] = useState(false);
  const name = request.user.fullName;
  const isPending = request.status === 'pending';
  const busy = approve.isPending || reject.isPending;

  // Awaiting the promise rather than per-call callbacks: once the queue refetches, this request leaves the list
  // and this component unmounts, and the page must still hear that the decision went through.
  function decide(run: () => Promise<unknown>, message: string) {
    run().then(
      () => onDecided(message),
      () => {
        // Shown from the mutation's own error state.
      },
    );
  }

  return (
    <section className="ops-panel ops-review" aria-label={`Verification request of ${name}`}>
      <header className="ops-review__header">
        <div>
          <h2 className="ops-review__name">
            <MemberLink member={request.user} />
          </h2>
          <p className="ops-review__meta">
            @{request.user.username} · {request.user.email}
          </p>
        </div>
        <div className="ops-review__facts">
          {STATUS_BADGES[request.status]}
          <dl className="ops-facts">
            <div>
              <dt>Document</dt>
              <dd>{documentTypeLabel(request.documentType)}</dd>
            </div>
            <div>
              <dt>Submitted</dt>
              <dd>{formatDateTime(request.createdAt)}</dd>
            </div>
            {request.decidedAt ? (
              <div>
                <dt>Decided</dt>
                <dd>{formatDateTime(request.decidedAt)}</dd>
              </div>
            ) : null}
            {request.decidedBy ? (
              <div>
                <dt>Decided by</dt>
                <dd>
                  <MemberLink member={request.decidedBy} />
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
      </header>

      <ProfileFacts profile={request.profile ?? null} />

      {isPending ? (
        <div className="ops-review__images">
          <ReviewImage src={request.selfieUrl} label="Selfie" />
          <ReviewImage src={request.documentUrl} label={`ID document · ${documentTypeLabel(request.documentType)}`} />
        </div>
      ) : (
        <p className="ops-review__note">
          The selfie and ID images were deleted when this request was decided, as members are promised.
        </p>
      )}
      {request.rejectionReason ? (
        <div className="ops-review__reason">
          <p className="ops-review__label">Reason given to the member</p>
          <p>{request.rejectionReason}</p>
        </div>
      ) : null}

      <div>
        <p className="ops-review__label">Profile photos ({request.profilePhotos.length})</p>
        {request.profilePhotos.length === 0 ? (
          <p className="ops-review__note">This member has no profile photos to compare with.</p>
        ) : (
          <ul className="ops-review__photos">
            {request.profilePhotos.map((url, index) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {/* biome-ignore lint/a11y/noRedundantAlt: the reviewer compares a selfie, an ID document and profile photos; the alt says which kind this is */}
                  <img src={url} alt={`Profile photo ${index + 1} of ${name}`} className="ops-review__thumb" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>

      {approve.isError ? (
        <Alert tone="danger">
          <p>{describeApiError(approve.error, 'Approving failed. Please try again.')}</p>
        </Alert>
      ) : null}

      {isPending ? (
        <div className="ops-review__actions">
          <Button
            variant="primary"
            disabled={busy}
            onClick={() => decide(() => approve.mutateAsync(request.id), `Approved ${name}: the Verified badge now shows on their profile.`)}
          >
            <Check aria-hidden="true" size={16} />
            {approve.isPending ? 'Approving…' : 'Approve'}
          </Button>
          <Button variant="danger-outline" disabled={busy} onClick={() => setRejecting(true)}>
            <X aria-hidden="true" size={16} />
            Reject…
          </Button>
          <p className="ops-review__hint">The member is notified either way; the images are deleted once you decide.</p>
        </div>
      ) : null}

      <ActionDialog
        open={rejecting}
        onOpenChange={(open) => {
          setRejecting(open);
          if (!open) reject.reset();
        }}
        title={`Reject ${name}'s verification`}
        description="The member sees your reason and can submit new photos."
        confirmLabel="Reject verification"
        pendingLabel="Rejecting…"
        note={{
          label: 'Reason for the member',
          placeholder: 'e.g. The ID photo is blurred; the name is not readable',
          schema: verificationDecisionSchema.shape.reason,
          suggestions: VERIFICATION_REJECTION_REASONS,
        }}
        isPending={reject.isPending}
        error={reject.isError ? describeApiError(reject.error, 'Rejecting failed. Please try again.') : null}
        onConfirm={(reason) =>
          decide(async () => {
            await reject.mutateAsync({ id: request.id, reason });
            setRejecting(false);
          }, `Rejected ${name}'s verification. They have been told why.`)
        }
      />
    </section>
  );
}
