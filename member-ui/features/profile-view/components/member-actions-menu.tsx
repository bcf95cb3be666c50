import Flag from 'lucide-react/icons/flag';
import Share2 from 'lucide-react/icons/share-2';
import MoreHorizontal from 'lucide-react/icons/ellipsis';
import ShieldBan from 'lucide-react/icons/shield-ban';
import * as DropdownMenu from 'radix-ui/dropdown-menu';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { REPORT_REASONS } from '../../../../contracts/enums';
import { ProfileDialog } from '../../../components/profile/profile-dialog';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import type { MessageId } from '../../../i18n/catalogue';
import { useT } from '../../../i18n/use-t';
import { isApiError } from '../../../lib/api-client';
import { type ReportReason, useBlockMember, useReportMember } from '../api/safety';

function errorText(error: Error, fallback: string): string {
  return (isApiError(error) && error.serverMessage) || fallback;
}

/** The "…" button and its menu on a profile page, holding `children` (DropdownMenu items). */
function ActionsMenu({ defaultOpen, children }: { defaultOpen: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="photo-action" aria-label={t('safety.moreActions')}>
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
  const t = useT();
  return (
    <ActionsMenu defaultOpen={defaultOpen}>
      <DropdownMenu.Item className="menu__item" onSelect={onShare}>
        <Share2 size={16} aria-hidden="true" />
        {t('safety.shareProfile')}
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
  const t = useT();
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <>
      <ActionsMenu defaultOpen={defaultOpen}>
        <DropdownMenu.Item className="menu__item" onSelect={() => setDialog('report')}>
          <Flag size={16} aria-hidden="true" />
          {t('safety.report')}
        </DropdownMenu.Item>
        <DropdownMenu.Item className="menu__item menu__item--danger" onSelect={() => setDialog('block')}>
          <ShieldBan size={16} aria-hidden="true" />
          {t('safety.block')}
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
  const t = useT();
  const block = useBlockMember();
  function confirm() {
    block.mutate(userId, {
      onSuccess: () => {
        toast({ title: t('safety.blocked'), description: t('safety.blockedText', { name }), variant: 'success' });
        onOpenChange(false);
        onBlocked();
        void block.refreshAfterBlock();
      },
      onError: (error) => toast({ title: t('common.error'), description: errorText(error, t('safety.blockFailed')), variant: 'destructive' }),
    });
  }
  return (
    <ProfileDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('safety.blockTitle', { name })}
      description={t('safety.blockText')}
    >
      <div className="form-actions">
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={block.isPending}>
          {t('common.cancel')}
        </Button>
        <Button className="btn--danger" onClick={confirm} disabled={block.isPending}>
          {block.isPending ? t('safety.blocking') : t('safety.block')}
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
  const t = useT();
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
      setError(t('safety.reasonRequired'));
      return;
    }
    report.mutate(
      { reportedUserId: userId, reportedProfileId: profileId, reason, details: details.trim() || undefined },
      {
        onSuccess: () => {
          toast({ title: t('safety.reportSent'), description: t('safety.reportSentText'), variant: 'success' });
          reset(false);
        },
        onError: (err) => toast({ title: t('common.error'), description: errorText(err, t('safety.reportFailed')), variant: 'destructive' }),
      },
    );
  }

  return (
    <ProfileDialog open={open} onOpenChange={reset} title={t('safety.reportTitle', { name })} description={t('safety.reportText')}>
      <form className="form" onSubmit={submit}>
        <fieldset className="radio-list" aria-describedby={error ? `${groupName}-error` : undefined}>
          <legend className="field__label">{t('safety.reason')}</legend>
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
              <span>{t(`opt.reportReason.${value}` as MessageId)}</span>
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
            {t('safety.details')}
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
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={report.isPending}>
            {report.isPending ? t('safety.sending') : t('safety.send')}
          </Button>
        </div>
      </form>
    </ProfileDialog>
  );
}
