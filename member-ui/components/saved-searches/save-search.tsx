import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import BookmarkPlus from 'lucide-react/icons/bookmark-plus';
import SearchCheck from 'lucide-react/icons/search-check';
import { useId, useState } from 'react';
import { SAVED_SEARCH_NAME_MAX } from '../../../contracts/saved-searches';
import { isApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { Button } from '../ui/button';
import { Switch } from '../ui/switch';
import { TextField } from '../ui/text-field';
import { toast } from '../ui/toast';
import { describeFilters, keptFilters, sameFilters, saveSearch, savedSearchesQueryOptions } from './saved-searches';

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
  const save = useMutation({
    mutationFn: () => saveSearch(actingFor, { name, filters, emailAlerts: alerts, pushAlerts: alerts }),
    onSuccess: (saved) => {
      setOpen(false);
      toast({ title: `Saved “${saved.name}”`, description: alerts ? 'New members who match will come each morning.' : undefined, variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: listOptions.queryKey });
    },
  });
  const whose = candidateName ? `${candidateName}'s saved searches` : 'Saved searches';
  const already = list.data?.searches.find((s) => sameFilters(s.filters, filters));
  const moodDropped = params.matchMood === 'true';
  const error = save.error ? (isApiError(save.error) ? (save.error.serverMessage ?? save.error.message) : 'Could not save. Please check your connection and try again.') : undefined;
  const upgrade = isApiError(save.error) && save.error.status === 403 && save.error.bodyText.includes('"upgradeRequired":true');

  return (
    <div className="save-search">
      <div className="save-search__row">
        {already ? (
          <span className="save-search__saved">
            <SearchCheck size={16} aria-hidden="true" />
            <span className="save-search__saved-text">Saved as “{already.name}”</span>
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
            Save search
          </Button>
        )}
        <Link to={paths.savedSearches} className="text-link save-search__list">
          {whose}
        </Link>
      </div>
      {open && !already ? (
        <form
          className="save-search__form card"
          aria-label="Save this search"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <TextField label="Name" maxLength={SAVED_SEARCH_NAME_MAX} value={name} error={error} onChange={(event) => setName(event.target.value)} autoFocus />
          {upgrade ? (
            <Link to={paths.subscription} className="text-link">
              See the plans
            </Link>
          ) : null}
          <div className="setting-row">
            <div className="setting-row__text">
              <label className="setting-row__label" htmlFor={alertsId}>
                Morning alerts
              </label>
              <p className="setting-row__description">An email and a push when new members match.</p>
            </div>
            <Switch id={alertsId} className="settings-switch" thumbClassName="settings-switch__thumb" checked={alerts} onCheckedChange={setAlerts} />
          </div>
          {moodDropped ? <p className="save-search__note">Mood match is not kept: moods change from day to day.</p> : null}
          <div className="save-search__actions">
            <Button type="submit" size="sm" disabled={save.isPending}>
              Save
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
