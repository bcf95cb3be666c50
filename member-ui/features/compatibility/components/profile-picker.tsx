import Search from 'lucide-react/icons/search';
import UserRound from 'lucide-react/icons/user-round';
import { type KeyboardEvent, useId, useState } from 'react';
import type { ProfileSummaryView } from '../../../../contracts/kundali';
import { cn } from '../../../components/ui/cn';
import type { MessageId } from '../../../i18n/catalogue';
import { useT } from '../../../i18n/use-t';
import { placeOf } from '../../../i18n/country-label';

const GROUP_TITLES: Record<string, MessageId> = {
  match: 'kundali.group.match',
  liked: 'kundali.group.liked',
  viewed: 'kundali.group.viewed',
  other: 'kundali.group.other',
};

export interface ProfilePickerProps {
  profiles: readonly ProfileSummaryView[];
  /** What is typed; the list comes back from the server already narrowed by it. */
  query: string;
  onQueryChange: (text: string) => void;
  selected: ProfileSummaryView | null;
  onSelect: (profile: ProfileSummaryView) => void;
  loading: boolean;
}

function describe(profile: ProfileSummaryView): string {
  return [profile.age !== null ? `${profile.age}` : null, placeOf({ city: profile.city, country: profile.country })].filter(Boolean).join(' · ');
}

/**
 * "Profile to compare": a searchable list (name, age, city, photo) that starts with the member's matches, the
 * profiles they liked and the ones they viewed lately. Arrow keys move the highlight, Enter picks it.
 */
export function ProfilePicker({ profiles, query, onQueryChange, selected, onSelect, loading }: ProfilePickerProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const highlighted = Math.min(active, profiles.length - 1);
  const t = useT();

  const pick = (profile: ProfileSummaryView) => {
    onSelect(profile);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (profiles.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((highlighted + step + profiles.length) % profiles.length);
    } else if (event.key === 'Enter' && open && highlighted >= 0) {
      event.preventDefault();
      pick(profiles[highlighted]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  let lastGroup: string | null = null;
  return (
    <div className="profile-picker">
      <label htmlFor={`${listId}-input`} className="field__label">
        {t('kundali.profileToCompare')}
      </label>
      <div className="profile-picker__search">
        <Search size={16} aria-hidden="true" />
        <input
          id={`${listId}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          className="profile-picker__input"
          placeholder={selected ? selected.fullName : t('kundali.searchPlaceholder')}
          aria-expanded={open}
          aria-controls={`${listId}-list`}
          aria-autocomplete="list"
          aria-activedescendant={open && highlighted >= 0 ? `${listId}-${highlighted}` : undefined}
          value={query}
          onChange={(event) => {
            onQueryChange(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      {open ? (
        <div className="profile-picker__popup">
          {loading && profiles.length === 0 ? (
            <p className="profile-picker__empty" role="status">
              {t('kundali.loadingProfiles')}
            </p>
          ) : profiles.length === 0 ? (
            <p className="profile-picker__empty">{query.trim() ? t('kundali.noProfilesMatch') : t('kundali.noProfiles')}</p>
          ) : null}
          <div id={`${listId}-list`} role="listbox" aria-label={t('kundali.profilesToCompare')} className="profile-picker__list">
            {profiles.map((profile, index) => {
              const group = profile.relation ?? 'other';
              const heading = group !== lastGroup && GROUP_TITLES[group] ? t(GROUP_TITLES[group]) : null;
              lastGroup = group;
              return (
                <div
                  key={profile.id}
                  id={`${listId}-${index}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === highlighted}
                  data-user-id={profile.userId}
                  className={cn('profile-picker__option', index === highlighted && 'profile-picker__option--active')}
                  // mousedown, not click: the input's blur would close the list first.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(profile);
                  }}
                  onMouseEnter={() => setActive(index)}
                >
                  {heading ? (
                    <span className="profile-picker__group" aria-hidden="true">
                      {heading}
                    </span>
                  ) : null}
                  <span className="profile-picker__row">
                    <PickerPhoto profile={profile} />
                    <span className="profile-picker__text">
                      <span className="profile-picker__name">{profile.fullName}</span>
                      <span className="profile-picker__meta">{describe(profile)}</span>
                    </span>
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      ) : null}
      {selected ? (
        <div className="profile-picker__chosen" aria-live="polite">
          <PickerPhoto profile={selected} />
          <span className="profile-picker__text">
            <span className="profile-picker__name">{selected.fullName}</span>
            <span className="profile-picker__meta">{describe(selected)}</span>
          </span>
        </div>
      ) : null}
    </div>
  );
}

function PickerPhoto({ profile }: { profile: ProfileSummaryView }) {
  return (
    <span className="profile-picker__photo">
      {profile.photo ? (
        <img src={profile.photo} alt="" className={profile.photoBlurred ? 'profile-picker__img profile-picker__img--blurred' : 'profile-picker__img'} />
      ) : (
        <UserRound size={20} aria-hidden="true" />
      )}
    </span>
  );
}
