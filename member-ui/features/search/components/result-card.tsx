import { Link } from '@tanstack/react-router';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Briefcase from 'lucide-react/icons/briefcase';
import MapPin from 'lucide-react/icons/map-pin';
import Moon from 'lucide-react/icons/moon';
import Smile from 'lucide-react/icons/smile';
import TextSearch from 'lucide-react/icons/text-search';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { MatchBadge } from '../../../components/ui/match-badge';
import { ProfileThumb } from '../../../components/ui/profile-thumb';
import { hrefs } from '../../../lib/paths';
import type { SearchResult } from '../api/search';
import { NotInterestedButton } from '../../../components/not-interested/not-interested-button';
import { SaveToShortlist } from '../../../components/shortlist/save-to-shortlist';
import { Highlight } from './highlight';
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';
import type { MessageId } from '../../../i18n/catalogue';
import { optionLabel } from '../../../i18n/option-label';
import { placeOf } from '../../../i18n/country-label';

/** Mood badge labels by score; the results list shows only 75 and over. */
export function moodBadgeLabel(score: number): string {
  if (score >= 85) return translate('mood.perfect');
  if (score >= 75) return translate('mood.good');
  if (score >= 60) return translate('mood.compatible');
  return translate('mood.match');
}
export const RESULT_MOOD_BADGE_MIN = 75;

const PROFILE_TYPE_LABELS: Record<string, MessageId> = {
  self: 'profileType.self',
  parent: 'profileType.family',
  sibling: 'profileType.sibling',
  relative: 'profileType.relative',
};


/** `first`: the list's first card, whose photo is the screen's largest paint: fetched at once, before the others. */
export function ResultCard({ result, first = false, helping = false }: { result: SearchResult; first?: boolean; helping?: boolean }) {
  const name = result.fullName || result.user.fullName;
  const t = useT();
  const place = placeOf(result);
  const moodScore = result.moodScore;
  const showMood = typeof moodScore === 'number' && moodScore >= RESULT_MOOD_BADGE_MIN;
  // A field the snippet shows (it matched the search) is not written twice.
  const inSnippet = (text: string) => result.snippet?.split(' · ').includes(text) ?? false;
  return (
    <li className="result-card">
      <ProfileThumb
        src={result.photos[0]}
        name={name}
        className="result-card__photo"
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : undefined}
      />
      <div className="result-card__body">
        <div className="result-card__top">
          <h3 className="result-card__name">
            <Highlight text={name} terms={result.matchedTerms} />
            {result.age ? <span className="result-card__age">, {result.age}</span> : null}
            {result.user.isVerified ? (
              <>
                {' '}
                <BadgeCheck size={16} aria-label={t('profile.verified')} className="result-card__verified" />
              </>
            ) : null}
          </h3>
        </div>
        <div className="result-card__badges">
          <span className={cn('type-badge', result.profileType === 'parent' && 'type-badge--family')}>
            {PROFILE_TYPE_LABELS[result.profileType] ? t(PROFILE_TYPE_LABELS[result.profileType]) : result.profileType}
          </span>
          <MatchBadge percentage={result.matchPercentage} />
          {showMood ? (
            <span className="mood-badge">
              <Smile size={12} aria-hidden="true" />
              {moodBadgeLabel(moodScore)}
            </span>
          ) : null}
        </div>
        {result.snippet ? (
          <p className="result-card__meta result-card__snippet">
            <TextSearch size={13} aria-label={t('search.matchedLabel')} />
            <span className="result-card__meta-text">
              <Highlight text={result.snippet} terms={result.matchedTerms} />
            </span>
          </p>
        ) : null}
        {result.profession && !inSnippet(result.profession) ? (
          <p className="result-card__meta">
            <Briefcase size={13} aria-hidden="true" />
            <span className="result-card__meta-text">{result.profession}</span>
          </p>
        ) : null}
        {place && !inSnippet(place) ? (
          <p className="result-card__meta">
            <MapPin size={13} aria-hidden="true" />
            <span className="result-card__meta-text">{place}</span>
          </p>
        ) : null}
        {result.rashi ? (
          <p className="result-card__meta">
            <Moon size={13} aria-hidden="true" />
            <span className="result-card__meta-text">
              {t('search.rashi', { rashi: optionLabel('rashi', result.rashi) })}
            </span>
          </p>
        ) : null}
        {result.profileType === 'parent' && result.parentName ? (
          <p className="result-card__meta result-card__meta--muted">
            <span className="result-card__meta-text">
              {result.parentRelationship
                ? t('search.managedByRelation', { name: result.parentName, relation: result.parentRelationship })
                : t('search.managedBy', { name: result.parentName })}
            </span>
          </p>
        ) : null}
        <div className="result-card__actions">
          <Button asChild size="sm" variant="outline" className="result-card__view">
            <Link to={hrefs.profileView(result.id)} aria-label={t('search.viewProfileOf', { name })}>
              {t('search.viewProfile')}
            </Link>
          </Button>
          <SaveToShortlist savedProfileId={result.id} name={name} />
          {/* Setting a profile aside stays the candidate's own choice: not offered while acting for them. */}
          {helping ? null : <NotInterestedButton profileId={result.id} name={name} />}
        </div>
      </div>
    </li>
  );
}
