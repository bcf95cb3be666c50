import Flag from 'lucide-react/icons/flag';
import Share2 from 'lucide-react/icons/share-2';
import MoreHorizontal from 'lucide-react/icons/ellipsis';
import ShieldBan from 'lucide-react/icons/shield-ban';
import * as DropdownMenu from 'radix-ui/dropdown-menu';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { REPORT_REASONS } from '../../../../contracts/enums';
import { REPORT_REASON_LABELS } from '../../../components/profile/labels';
import { ProfileDialog } from '../../../components/profile/profile-dialog';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { type ReportReason, useBlockMember, useReportMember } from '../api/safety';

function errorText(error: Error, fallback: string): string {
  return (isApiError(error) && error.serverMessage) || fallback;
}

/** The "…" button and its menu on a profile page, holding `children` (DropdownMenu items). */
function ActionsMenu({ defaultOpen, children }: { defaultOpen: boolean; children: ReactNode }) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="photo-action" aria-label="More actions">
          <MoreHorizontal size={22} aria-hidden="true" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** "…" menu on a profile the member may share (their own, or one they help with as family): Share profile. */
export function PeopleActionsMenu({ onShare, defaultOpen = false }: { onShare: () => void; defaultOpen?: boolean }) {
  return (
    <ActionsMenu defaultOpen={defaultOpen}>
      <DropdownMenu.Item className="menu__item" onSelect={onShare}>
        <Share2 size={16} aria-hidden="true" />
        Share profile
      </DropdownMenu.Item>
    </ActionsMenu>
  );
}

/** "…" menu on someone else's profile: Block (with confirmation) and Report. */
export function MemberActionsMenu({
  userId,
  profileId,
  name,
  onBlocked,
  defaultOpen = false,
}: {
  userId: number;
  profileId: number;
  name: string;
  onBlocked: () => void;
  /** Open on first render: the member pressed the button before this module had loaded (see MemberActions). */
  defaultOpen?: boolean;
}) {
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <>
      <ActionsMenu defaultOpen={defaultOpen}>
        <DropdownMenu.Item className="menu__item" onSelect={() => setDialog('report')}>
          <Flag size={16} aria-hidden="true" />
          Report
        </DropdownMenu.Item>
        <DropdownMenu.Item className="menu__item menu__item--danger" onSelect={() => setDialog('block')}>
          <ShieldBan size={16} aria-hidden="true" />
          Block
        </DropdownMenu.Item>
      </ActionsMenu>
      <BlockDialog open={dialog === 'block'} onOpenChange={close} userId={userId} name={name} onBlocked={onBlocked} />
      <ReportDialog open={dialog === 'report'} onOpenChange={close} userId={userId} profileId={profileId} name={name} />
    </>
  );
}

function BlockDialog({
  open,
  onOpenChange,
  userId,
  name,
  onBlocked,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: number;
  name: string;
  onBlocked: () => void;
}) {
  const block = useBlockMember();
  function confirm() {
    block.mutate(userId, {
      onSuccess: () => {
        toast({ title: 'Member blocked', description: `You and ${name} will no longer see each other.`, variant: 'success' });
        onOpenChange(false);
        onBlocked();
        void block.refreshAfterBlock();
      },
      onError: (error) => toast({ title: 'Error', description: errorText(error, 'Could not block this member'), variant: 'destructive' }),
    });
  }
  return (
    <ProfileDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Block ${name}?`}
      description="You will no longer see each other in search, matches or messages, and any likes between you are removed."
    >
      <div className="form-actions">
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={block.isPending}>
          Cancel
        </Button>
        <Button className="btn--danger" onClick={confirm} disabled={block.isPending}>
          {block.isPending ? 'Blocking...' : 'Block'}
        </Button>
      </div>
    </ProfileDialog>
  );
}

function ReportDialog({
  open,
  onOpenChange,
  userId,
  profileId,
  name,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: number;
  profileId: number;
  name: string;
}) {
  const report = useReportMember();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const groupName = useId();
  const detailsId = useId();

  function reset(next: boolean) {
    if (!next) {
      setReason('');
      setDetails('');
      setError(null);
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setError('Please choose a reason for the report');
      return;
    }
    report.mutate(
      { reportedUserId: userId, reportedProfileId: profileId, reason, details: details.trim() || undefined },
      {
        onSuccess: (result) => {
          toast({ title: 'Report submitted', description: result?.message ?? 'Thank you. Our team will review this report.', variant: 'success' });
          reset(false);
        },
        onError: (err) => toast({ title: 'Error', description: errorText(err, 'Could not send the report'), variant: 'destructive' }),
      },
    );
  }

  return (
    <ProfileDialog open={open} onOpenChange={reset} title={`Report ${name}`} description="Reports are confidential and reviewed by our safety team.">
      <form className="form" onSubmit={submit}>
        <fieldset className="radio-list" aria-describedby={error ? `${groupName}-error` : undefined}>
          <legend className="field__label">Reason</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="radio-list__option">
              <input
                type="radio"
                name={groupName}
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setError(null);
                }}
              />
              <span>{REPORT_REASON_LABELS[value]}</span>
            </label>
          ))}
          {error ? (
            <p id={`${groupName}-error`} className="field__error">
              {error}
            </p>
          ) : null}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={detailsId}>
            Details (optional)
          </label>
          <textarea
            id={detailsId}
            className="field__input field__textarea"
            rows={3}
            maxLength={2000}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
          />
        </div>
        <div className="form-actions">
          <Button variant="outline" onClick={() => reset(false)} disabled={report.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={report.isPending}>
            {report.isPending ? 'Sending...' : 'Send Report'}
          </Button>
        </div>
      </form>
    </ProfileDialog>
  );
}
