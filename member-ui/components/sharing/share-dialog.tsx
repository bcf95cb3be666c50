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
import { useT } from '../../i18n/use-t';

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
  const t = useT();

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
        toast({ title: t('share.created'), variant: 'success' });
      },
      onError: (error) => {
        toast({
          title: t('common.error'),
          description: (isApiError(error) && error.serverMessage) || t('share.createFailed'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <ProfileDialog
      open={open}
      onOpenChange={handleOpenChange}
      title={t('share.open')}
      description={name ? t('share.descriptionFor', { name }) : t('share.description')}
      className="share-dialog"
    >
      {created ? (
        <CreatedLink url={created} onCreateAnother={() => setCreated(null)} />
      ) : (
        <div className="share-dialog__picker">
          <ExpiryPicker value={days} onChange={setDays} />
          <Button block onClick={createLink} disabled={create.isPending}>
            {create.isPending ? <Spinner size={18} className="spinner--on-dark" /> : <Link2 size={18} aria-hidden="true" />}
            {create.isPending ? t('share.creating') : t('share.create')}
          </Button>
        </div>
      )}
      <ActiveShares profileId={profileId} open={open} />
    </ProfileDialog>
  );
}

function ExpiryPicker({ value, onChange }: { value: number; onChange: (days: number) => void }) {
  const name = useId();
  const t = useT();
  return (
    <fieldset className="segmented">
      <legend className="field__label">{t('share.expiresAfter')}</legend>
      <div className="segmented__options">
        {SHARE_EXPIRY_DAYS.map((days) => (
          <label key={days} className="segmented__option">
            <input type="radio" name={name} value={days} checked={value === days} onChange={() => onChange(days)} />
            <span className="segmented__number">{days}</span> <span className="segmented__unit">{t('share.dayUnit', { count: days })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Copy a link, with the "Copied!" indicator for 2 s; a refused clipboard says so. */
function CopyButton({ url, label }: { url: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const t = useT();
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
      toast({ title: t('share.copyFailed'), description: t('share.copyFailedText'), variant: 'destructive' });
    }
  }
  return (
    <Button variant={copied ? 'secondary' : 'outline'} size="sm" onClick={() => void copy()} aria-live="polite" aria-label={copied ? undefined : label}>
      {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
      {copied ? t('share.copied') : t('share.copy')}
    </Button>
  );
}

function CreatedLink({ url, onCreateAnother }: { url: string; onCreateAnother: () => void }) {
  const inputId = useId();
  const t = useT();
  return (
    <div className="share-dialog__created">
      <label className="field__label" htmlFor={inputId}>
        {t('share.yourLink')}
      </label>
      <div className="share-link">
        <input id={inputId} className="field__input share-link__input" value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
        <CopyButton url={url} />
      </div>
      <Button variant="ghost" size="sm" onClick={onCreateAnother}>
        {t('share.another')}
      </Button>
    </div>
  );
}

function ActiveShares({ profileId, open }: { profileId: number; open: boolean }) {
  const shares = useActiveShares(profileId, open);
  const deactivate = useDeactivateShare(profileId);
  const headingId = useId();
  const t = useT();

  function remove(shareId: number) {
    deactivate.mutate(shareId, {
      onSuccess: () => toast({ title: t('share.deactivated'), variant: 'success' }),
      onError: () => toast({ title: t('common.error'), description: t('share.deactivateFailed'), variant: 'destructive' }),
    });
  }

  return (
    <section className="active-shares" aria-labelledby={headingId}>
      <h3 id={headingId} className="active-shares__title">
        {t('share.active')}
      </h3>
      {/* A plain scroll box: the phone's own scrollbar, 200 px tall. It takes focus so the list can be scrolled from the keyboard. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable, or keyboard users cannot scroll it */}
      <section className="active-shares__scroll" tabIndex={0} aria-label={t('share.activeList')}>
          {shares.isPending ? (
            <p className="active-shares__state">
              <Spinner size={18} /> {t('share.loading')}
            </p>
          ) : shares.isError ? (
            <p className="active-shares__state active-shares__state--error" role="alert">
              {t('share.loadFailed')}
            </p>
          ) : shares.data.length === 0 ? (
            <p className="active-shares__state">{t('share.none')}</p>
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
                      <span className="active-share__expiry">{t('share.expires', { date: expires })}</span>
                      <span className="active-share__views">
                        <Eye size={14} aria-hidden="true" />
                        {t('share.views', { count: share.accessCount })}
                      </span>
                    </div>
                    <CopyButton url={url} label={t('share.copyExpiring', { date: expires })} />
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('share.deactivateExpiring', { date: expires })}
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
