import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import SearchCheck from 'lucide-react/icons/search-check';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { SAVED_SEARCH_NAME_MAX } from '../../../../contracts/enums';
import type { SavedSearchView } from '../../../../contracts/saved-searches';
import {
  deleteSavedSearch,
  describeFilters,
  savedSearchesQueryOptions,
  updateSavedSearch,
} from '../../../components/saved-searches/saved-searches';
import { searchPageSearchSchema } from '../../../app/routing/search-schemas';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { groupedThousands } from '../../../lib/format';
import { useHelperMode } from '../../../lib/helper-mode';
import { paths } from '../../../lib/paths';
import { useSessionUser } from '../../../lib/session';
import { translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';

const problem = (error: unknown) => (isApiError(error) ? (error.serverMessage ?? error.message) : translate('common.checkConnection'));

type Change = { name?: string; emailAlerts?: boolean; pushAlerts?: boolean };

/** One alert switch of a saved search (email or push), applied at once. */
function AlertSwitch({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <span className="saved-search__switch">
      <Switch id={id} className="settings-switch" thumbClassName="settings-switch__thumb" checked={checked} disabled={disabled} onCheckedChange={onChange} />
      <label htmlFor={id}>{label}</label>
    </span>
  );
}

function SavedSearchCard({ search, actingFor }: { search: SavedSearchView; actingFor: number | null }) {
  const queryClient = useQueryClient();
  const listKey = savedSearchesQueryOptions(actingFor).queryKey;
  const [renaming, setRenaming] = useState(false);
  const t = useT();
  const [name, setName] = useState(search.name);
  const update = useMutation({
    mutationFn: (change: Change) => updateSavedSearch(actingFor, search.id, change),
    onSuccess: () => {
      setRenaming(false);
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: (error) => {
      if (!renaming) toast({ title: translate('savedSearches.changeFailed'), description: problem(error), variant: 'destructive' });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteSavedSearch(actingFor, search.id),
    onSuccess: () => {
      toast({ title: translate('savedSearches.deleted', { name: search.name }), variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: (error) => toast({ title: translate('savedSearches.deleteFailed'), description: problem(error), variant: 'destructive' }),
  });
  const busy = update.isPending || remove.isPending;

  return (
    <li className="card saved-search" aria-label={search.name}>
      {renaming ? (
        <form
          className="saved-search__rename"
          aria-label={t('savedSearches.renameLabel', { name: search.name })}
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ name });
          }}
        >
          <TextField label={t('saveSearch.name')} maxLength={SAVED_SEARCH_NAME_MAX} value={name} autoFocus error={update.error ? problem(update.error) : undefined} onChange={(event) => setName(event.target.value)} />
          <div className="save-search__actions">
            <Button type="submit" size="sm" disabled={busy}>
              {t('savedSearches.save')}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                setRenaming(false);
                setName(search.name);
                update.reset();
              }}
            >
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <h2 className="saved-search__name">{search.name}</h2>
      )}
      <p className="saved-search__filters">{describeFilters(search.filters)}</p>
      <p className="saved-search__meta">
        {search.needsUpgrade ? (
          <Badge tone="saffron">{t('savedSearches.needsPremium')}</Badge>
        ) : search.matches === null ? null : (
          <span>{t('savedSearches.matchesNow', { count: search.matches, number: groupedThousands(search.matches) })}</span>
        )}
        {search.lastAlertAt ? <span> · {t('savedSearches.lastAlert', { date: new Date(search.lastAlertAt) })}</span> : null}
      </p>
      {search.needsUpgrade ? (
        <p className="saved-search__note">
          <FormattedMessage
            id="savedSearches.paidNote"
            values={{
              link: (chunks) => (
                <Link to={paths.subscription} className="text-link">
                  {chunks}
                </Link>
              ),
            }}
          />
        </p>
      ) : null}
      <fieldset className="saved-search__alerts">
        <legend className="saved-search__alerts-title">{t('saveSearch.alerts')}</legend>
        <AlertSwitch label={t('savedSearches.email')} checked={search.emailAlerts} disabled={busy} onChange={(on) => update.mutate({ emailAlerts: on })} />
        <AlertSwitch label={t('savedSearches.push')} checked={search.pushAlerts} disabled={busy} onChange={(on) => update.mutate({ pushAlerts: on })} />
      </fieldset>
      <div className="saved-search__actions">
        <Button asChild size="sm">
          <Link to={paths.search} search={searchPageSearchSchema(search.filters)} aria-label={t('savedSearches.openLabel', { name: search.name })}>
            {t('savedSearches.open')}
          </Link>
        </Button>
        <Button size="sm" variant="outline" disabled={busy || renaming} onClick={() => setRenaming(true)} aria-label={t('savedSearches.renameLabel', { name: search.name })}>
          {t('savedSearches.rename')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="btn--danger-ghost"
          disabled={busy}
          aria-label={t('savedSearches.deleteLabel', { name: search.name })}
          onClick={() => {
            if (window.confirm(t('savedSearches.confirmDelete', { name: search.name }))) remove.mutate();
          }}
        >
          {t('savedSearches.delete')}
        </Button>
      </div>
    </li>
  );
}

/** /saved-searches: the member's searches kept by name (the candidate's, in helper mode), to open, rename, alert or delete. */
export function SavedSearchesPage() {
  const user = useSessionUser();
  const { helping, settled } = useHelperMode();
  const actingFor = helping?.profileId ?? null;
  const list = useQuery({ ...savedSearchesQueryOptions(actingFor), enabled: Boolean(user) && settled });
  const t = useT();
  if (!user || !settled) return null;
  const candidateName = helping ? (helping.candidateName ?? t('helper.them')) : null;
  return (
    <Page
      title={candidateName ? t('saveSearch.theirs', { name: candidateName }) : t('title.saved-searches')}
      subtitle={t('savedSearches.subtitle')}
      className="saved-searches-page"
    >
      {list.isPending ? (
        <div role="status" aria-label={t('savedSearches.loading')}>
          <Spinner />
        </div>
      ) : list.isError ? (
        <AlertBanner>
          {problem(list.error)}{' '}
          <button type="button" className="text-link" onClick={() => void list.refetch()}>
            {t('savedSearches.tryAgain')}
          </button>
        </AlertBanner>
      ) : list.data.searches.length === 0 ? (
        <div className="card empty-state">
          <SearchCheck size={36} aria-hidden="true" className="empty-state__icon" />
          <h2 className="empty-state__title">{t('savedSearches.emptyTitle')}</h2>
          <p className="empty-state__text">{t('savedSearches.emptyText')}</p>
          <Link to={paths.search} className="btn btn--primary btn--md">
            {t('savedSearches.start')}
          </Link>
        </div>
      ) : (
        <>
          <p className="saved-searches-page__count">
            {t('savedSearches.count', { count: list.data.searches.length, limit: list.data.limit })}
          </p>
          <ul className="saved-search-list" aria-label={t('title.saved-searches')}>
            {list.data.searches.map((search) => (
              <SavedSearchCard key={search.id} search={search} actingFor={actingFor} />
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}
