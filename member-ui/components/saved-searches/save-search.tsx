import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import BookmarkPlus from 'lucide-react/icons/bookmark-plus';
import SearchCheck from 'lucide-react/icons/search-check';
import { useId, useState } from 'react';
import { SAVED_SEARCH_NAME_MAX } from '../../../contracts/enums';
import { isApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { Button } from '../ui/button';
import { Switch } from '../ui/switch';
import { TextField } from '../ui/text-field';
import { toast } from '../ui/toast';
import { describeFilters, keptFilters, sameFilters, saveSearch, savedSearchesQueryOptions } from './saved-searches';
import { useT } from '../../i18n/use-t';
import { translate } from '../../i18n/translate';

const suggestedName = (description: string) => (description.length > SAVED_SEARCH_NAME_MAX ? `${description.slice(0, SAVED_SEARCH_NAME_MAX - 1)}…` : description);

/**
 * "Save search" under the search bar: keeps the search on screen (`params`: what it sends to GET /api/search) by name,
 * with a morning alert of new members, from a small form that opens in place. A search already saved says so; both
 * lead to the list of saved searches. In helper mode (`actingFor`) it saves the candidate's.
 */
export function SaveSearch({ params, actingFor, candidateName }: { params: Record<string, string>; actingFor: number | null; candidateName: string | null }) {
  const queryClient = useQueryClient();
  const listOptions = savedSearchesQueryOptions(actingFor);
  const list = useQuery(listOptions);
  const filters = keptFilters(params);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [alerts, setAlerts] = useState(true);
  const alertsId = useId();
  const t = useT();
  const save = useMutation({
    mutationFn: () => saveSearch(actingFor, { name, filters, emailAlerts: alerts, pushAlerts: alerts }),
    onSuccess: (saved) => {
      setOpen(false);
      toast({ title: translate('saveSearch.saved', { name: saved.name }), description: alerts ? translate('saveSearch.savedText') : undefined, variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: listOptions.queryKey });
    },
  });
  const whose = candidateName ? t('saveSearch.theirs', { name: candidateName }) : t('title.saved-searches');
  const already = list.data?.searches.find((s) => sameFilters(s.filters, filters));
  const moodDropped = params.matchMood === 'true';
  const error = save.error ? (isApiError(save.error) ? (save.error.serverMessage ?? save.error.message) : t('shortlist.saveFailed')) : undefined;
  const upgrade = isApiError(save.error) && save.error.status === 403 && save.error.bodyText.includes('"upgradeRequired":true');

  return (
    <div className="save-search">
      <div className="save-search__row">
        {already ? (
          <span className="save-search__saved">
            <SearchCheck size={16} aria-hidden="true" />
            <span className="save-search__saved-text">{t('saveSearch.savedAs', { name: already.name })}</span>
          </span>
        ) : (
          <Button
            size="sm"
            variant="outline"
            aria-expanded={open}
            onClick={() => {
              if (!open) {
                setName(suggestedName(describeFilters(filters)));
                save.reset();
              }
              setOpen(!open);
            }}
          >
            <BookmarkPlus size={16} aria-hidden="true" />
            {t('saveSearch.button')}
          </Button>
        )}
        <Link to={paths.savedSearches} className="text-link save-search__list">
          {whose}
        </Link>
      </div>
      {open && !already ? (
        <form
          className="save-search__form card"
          aria-label={t('saveSearch.formLabel')}
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <TextField label={t('saveSearch.name')} maxLength={SAVED_SEARCH_NAME_MAX} value={name} error={error} onChange={(event) => setName(event.target.value)} autoFocus />
          {upgrade ? (
            <Link to={paths.subscription} className="text-link">
              {t('saveSearch.plans')}
            </Link>
          ) : null}
          <div className="setting-row">
            <div className="setting-row__text">
              <label className="setting-row__label" htmlFor={alertsId}>
                {t('saveSearch.alerts')}
              </label>
              <p className="setting-row__description">{t('saveSearch.alertsText')}</p>
            </div>
            <Switch id={alertsId} className="settings-switch" thumbClassName="settings-switch__thumb" checked={alerts} onCheckedChange={setAlerts} />
          </div>
          {moodDropped ? <p className="save-search__note">{t('saveSearch.moodNote')}</p> : null}
          <div className="save-search__actions">
            <Button type="submit" size="sm" disabled={save.isPending}>
              {t('shortlist.save')}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
