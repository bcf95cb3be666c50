import { getRouteApi, Link } from '@tanstack/react-router';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Page } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { storyError, useMyStories } from '../api/stories';
import { StoryCard } from '../components/story-card';
import { useT } from '../../../i18n/use-t';

const route = getRouteApi('/member/stories');

/** The member's success stories (sent by them or by their partner): answer, edit, add or remove photos. */
export function MyStoriesPage() {
  const { sent } = route.useSearch();
  const stories = useMyStories();
  const t = useT();
  if (stories.isPending) return <Spinner />;
  return (
    <Page title={t('title.stories')} subtitle={t('stories.subtitle')}>
      {stories.isError ? <AlertBanner>{storyError(stories.error)}</AlertBanner> : null}
      {stories.data?.length === 0 ? (
        <div className="card empty-state">
          <HeartHandshake size={36} aria-hidden="true" className="empty-state__icon" />
          <h2 className="empty-state__title">{t('stories.emptyTitle')}</h2>
          <p className="empty-state__text">{t('stories.emptyText')}</p>
          <Link to="/liked-profiles" search={{ tab: 'matches' }} className="btn btn--primary btn--md">
            {t('stories.yourMatches')}
          </Link>
        </div>
      ) : null}
      <div className="story-list">
        {stories.data?.map((story) => (
          <StoryCard key={story.id} story={story} highlight={story.id === sent} />
        ))}
      </div>
    </Page>
  );
}
