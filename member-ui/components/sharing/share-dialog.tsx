import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import Eye from 'lucide-react/icons/eye';
import Link2 from 'lucide-react/icons/link-2';
import Trash2 from 'lucide-react/icons/trash';
import { useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_SHARE_EXPIRY_DAYS, SHARE_EXPIRY_DAYS } from '../../../contracts/enums';
import { ProfileDialog } from '../profile/profile-dialog';
import { formatDate } from '../profile/profile-format';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { toast } from '../ui/toast';
import { isApiError } from '../../lib/api-client';
import { shareUrl, useActiveShares, useCreateShare, useDeactivateShare } from '../../lib/profile-shares';

/** The copied indicator shows for 2 s. */
export const COPIED_INDICATOR_MS = 2000;

/**
 * Share dialog: pick an expiry, create a link, copy it; list and deactivate active links. `name`: whose profile, when
 * it is not the member's own (family sharing the profile they help with).
 */
export function ShareDialog({
  profileId,
  name = null,
  open,
  onOpenChange,
}: {
  profileId: number;
  name?: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [days, setDays] = useState<number>(DEFAULT_SHARE_EXPIRY_DAYS);
  const [created, setCreated] = useState<string | null>(null);
  const create = useCreateShare(profileId);

  function handleOpenChange(next: boolean) {
    if (!next) {
      // Reopening starts again at the picker.
      setCreated(null);
      setDays(DEFAULT_SHARE_EXPIRY_DAYS);
    }
    onOpenChange(next);
  }

  function createLink() {
    create.mutate(days, {
      onSuccess: (share) => {
        setCreated(shareUrl(share.shareCode));
        toast({ title: 'Share link created!', variant: 'success' });
      },
      onError: (error) => {
        toast({
          title: 'Error',
          description: (isApiError(error) && error.serverMessage) || 'Failed to create share link',
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <ProfileDialog
      open={open}
      onOpenChange={handleOpenChange}
      title="Share Profile"
      description={`Anyone with the link can view ${name ? `${name}'s` : 'your'} profile until it expires or you deactivate it.`}
      className="share-dialog"
    >
      {created ? (
        <CreatedLink url={created} onCreateAnother={() => setCreated(null)} />
      ) : (
        <div className="share-dialog__picker">
          <ExpiryPicker value={days} onChange={setDays} />
          <Button block onClick={createLink} disabled={create.isPending}>
            {create.isPending ? <Spinner size={18} className="spinner--on-dark" /> : <Link2 size={18} aria-hidden="true" />}
            {create.isPending ? 'Creating...' : 'Create Link'}
          </Button>
        </div>
      )}
      <ActiveShares profileId={profileId} open={open} />
    </ProfileDialog>
  );
}

function ExpiryPicker({ value, onChange }: { value: number; onChange: (days: number) => void }) {
  const name = useId();
  return (
    <fieldset className="segmented">
      <legend className="field__label">Link expires after</legend>
      <div className="segmented__options">
        {SHARE_EXPIRY_DAYS.map((days) => (
          <label key={days} className="segmented__option">
            <input type="radio" name={name} value={days} checked={value === days} onChange={() => onChange(days)} />
            <span className="segmented__number">{days}</span> <span className="segmented__unit">{days === 1 ? 'day' : 'days'}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Copy a link, with the "Copied!" indicator for 2 s; a refused clipboard says so. */
function CopyButton({ url, label }: { url: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    } catch {
      toast({ title: 'Copy failed', description: 'Could not copy to clipboard. Please try again.', variant: 'destructive' });
    }
  }
  return (
    <Button variant={copied ? 'secondary' : 'outline'} size="sm" onClick={() => void copy()} aria-live="polite" aria-label={copied ? undefined : label}>
      {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
      {copied ? 'Copied!' : 'Copy'}
    </Button>
  );
}

function CreatedLink({ url, onCreateAnother }: { url: string; onCreateAnother: () => void }) {
  const inputId = useId();
  return (
    <div className="share-dialog__created">
      <label className="field__label" htmlFor={inputId}>
        Your share link
      </label>
      <div className="share-link">
        <input id={inputId} className="field__input share-link__input" value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
        <CopyButton url={url} />
      </div>
      <Button variant="ghost" size="sm" onClick={onCreateAnother}>
        Create Another Link
      </Button>
    </div>
  );
}

function ActiveShares({ profileId, open }: { profileId: number; open: boolean }) {
  const shares = useActiveShares(profileId, open);
  const deactivate = useDeactivateShare(profileId);
  const headingId = useId();

  function remove(shareId: number) {
    deactivate.mutate(shareId, {
      onSuccess: () => toast({ title: 'Share link deactivated', variant: 'success' }),
      onError: () => toast({ title: 'Error', description: 'Failed to deactivate share link', variant: 'destructive' }),
    });
  }

  return (
    <section className="active-shares" aria-labelledby={headingId}>
      <h3 id={headingId} className="active-shares__title">
        Active links
      </h3>
      {/* A plain scroll box: the phone's own scrollbar, 200 px tall. It takes focus so the list can be scrolled from the keyboard. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable, or keyboard users cannot scroll it */}
      <section className="active-shares__scroll" tabIndex={0} aria-label="Active links list">
          {shares.isPending ? (
            <p className="active-shares__state">
              <Spinner size={18} /> Loading links...
            </p>
          ) : shares.isError ? (
            <p className="active-shares__state active-shares__state--error" role="alert">
              Failed to fetch active shares
            </p>
          ) : shares.data.length === 0 ? (
            <p className="active-shares__state">No active links yet.</p>
          ) : (
            <ul className="active-shares__list">
              {shares.data.map((share) => {
                const expires = formatDate(share.expiresAt) ?? share.expiresAt;
                const url = shareUrl(share.shareCode);
                return (
                  <li key={share.id} className="active-share">
                    <div className="active-share__text">
                      <span className="active-share__url" title={url}>
                        {url.replace(/^https?:\/\//, '')}
                      </span>
                      <span className="active-share__expiry">Expires {expires}</span>
                      <span className="active-share__views">
                        <Eye size={14} aria-hidden="true" />
                        {share.accessCount} {share.accessCount === 1 ? 'view' : 'views'}
                      </span>
                    </div>
                    <CopyButton url={url} label={`Copy link expiring ${expires}`} />
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Deactivate link expiring ${expires}`}
                      disabled={deactivate.isPending && deactivate.variables === share.id}
                      onClick={() => remove(share.id)}
                    >
                      <Trash2 size={18} aria-hidden="true" />
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
      </section>
    </section>
  );
}
