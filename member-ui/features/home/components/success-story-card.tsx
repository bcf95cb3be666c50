import { useQuery } from '@tanstack/react-query';
import Heart from 'lucide-react/icons/heart';
import MapPin from 'lucide-react/icons/map-pin';
import Quote from 'lucide-react/icons/quote';
import type { SuccessStoryView } from '../../../../contracts/views';
import { ProfileThumb } from '../../../components/ui/profile-thumb';
import { monthAndYear } from '../../../lib/format';
import { successStoriesQueryOptions } from '../api/matches';
import { HomeSection } from './home-section';
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';

function StoryCard({ story }: { story: SuccessStoryView }) {
  const { user1, user2, profile1, profile2 } = story;
  const couple = `${user1.fullName.split(' ')[0]} & ${user2.fullName.split(' ')[0]}`;
  const married = story.story.marriageDate ? monthAndYear(story.story.marriageDate) : null;
  const t = useT();
  return (
    <article className="story-card" aria-label={t('story.of', { couple })}>
      <div className="story-card__photos">
        <ProfileThumb src={profile1.photos[0]} name={user1.fullName} className="story-card__photo" />
        <span className="story-card__heart" aria-hidden="true">
          <Heart size={16} fill="currentColor" />
        </span>
        <ProfileThumb src={profile2.photos[0]} name={user2.fullName} className="story-card__photo" />
      </div>
      <h3 className="story-card__couple">{couple}</h3>
      <p className="story-card__meta">{married ? t('story.married', { date: married }) : t('story.matched', { date: monthAndYear(story.story.matchDate) })}</p>
      {story.story.location ? (
        <p className="story-card__meta">
          <MapPin size={12} aria-hidden="true" /> {story.story.location}
        </p>
      ) : null}
      <blockquote className="story-card__quote">
        <Quote size={18} aria-hidden="true" className="story-card__quote-icon" />
        <p>{story.story.testimonial}</p>
      </blockquote>
    </article>
  );
}

/** One success story; the card is hidden when there is none. */
export function SuccessStory() {
  const stories = useQuery(successStoriesQueryOptions());
  if (stories.isPending) {
    return (
      <HomeSection id="story-title" title={translate('story.title')}>
        <div className="story-card story-card--skeleton" role="status" aria-busy="true" aria-label={translate('story.loading')}>
          <span className="shimmer story-card__skeleton-photos" />
          <span className="shimmer shimmer--line" />
          <span className="shimmer shimmer--line shimmer--short" />
        </div>
      </HomeSection>
    );
  }
  const story = stories.data?.[0];
  if (!story) return null;
  return (
    <HomeSection id="story-title" title={translate('story.title')}>
      <StoryCard story={story} />
    </HomeSection>
  );
}
