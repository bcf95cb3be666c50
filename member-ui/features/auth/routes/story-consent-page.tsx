import { getRouteApi } from '@tanstack/react-router';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { storyConsentError, useAnswerStoryConsent, useStoryConsent } from '../api/story-consent';
import { AuthCard } from '../../../components/ui/auth-card';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/catalogue';
import { dayMonthYear, parseDateValue } from '../../../lib/format';

const storyConsentRoute = getRouteApi('/story-consent/$token');

const STATUS_TEXT: Record<'pending' | 'accepted' | 'declined' | 'withdrawn', MessageId> = {
  pending: 'storyConsent.pending',
  accepted: 'storyConsent.accepted',
  declined: 'storyConsent.declined',
  withdrawn: 'storyConsent.withdrawn',
};

/** A stored date (YYYY-MM-DD) as the app's language writes it; any other text as it is. */
function dateText(value: string): string {
  const parsed = parseDateValue(value);
  return parsed ? dayMonthYear(parsed.date, parsed.plain) : value;
}

/** A member reads the success story the team would like to publish about them and answers, or withdraws later. */
export function StoryConsentPage() {
  const { token } = storyConsentRoute.useParams();
  const view = useStoryConsent(token);
  const answer = useAnswerStoryConsent(token);
  const t = useT();

  if (view.isPending) return <Spinner />;
  if (view.isError) {
    return (
      <AuthCard title={t('storyConsent.yourStory')} icon={<HeartHandshake size={26} />}>
        <AlertBanner>{storyConsentError(view.error)}</AlertBanner>
      </AuthCard>
    );
  }
  const { you, partner, status, story, submittedByPartner } = view.data;
  const photos = story.photos ?? [];
  const values = { you: you ?? '', partner: partner ?? '', photos: story.photoCount ?? 0 };
  // One message per case (who asks, whether the partner's name is known), each with the photo count as a plural.
  const intro: MessageId = submittedByPartner
    ? partner ? 'storyConsent.introPartner' : 'storyConsent.introPartnerUnnamed'
    : partner ? 'storyConsent.introTeam' : 'storyConsent.introTeamUnnamed';
  return (
    <AuthCard
      title={t('storyConsent.title')}
      subtitle={`${you ? t('storyConsent.greeting', values) : t('storyConsent.hello')} ${t(intro, values)}`}
      icon={<HeartHandshake size={26} />}
    >
      {photos.length ? (
        <ul className="story-consent__photos" aria-label={t('storyConsent.photos')}>
          {photos.map((url, index) => (
            <li key={url}>
              <img src={url} alt={t('storyConsent.photoAlt', { index: index + 1, count: photos.length })} />
            </li>
          ))}
        </ul>
      ) : null}
      <blockquote className="story-consent__text">{story.testimonial}</blockquote>
      <p className="auth__note">
        {t('storyConsent.matched', { date: dateText(story.matchDate) })}
        {story.marriageDate ? ` · ${t('storyConsent.married', { date: dateText(story.marriageDate) })}` : ''}
        {story.location ? ` · ${story.location}` : ''}
      </p>
      <p className="auth__note" role="status">
        {answer.data?.message ?? t(STATUS_TEXT[status])}
      </p>
      {answer.isError ? <AlertBanner>{storyConsentError(answer.error)}</AlertBanner> : null}
      {status === 'pending' ? (
        <div className="story-consent__actions">
          <Button block disabled={answer.isPending} onClick={() => answer.mutate('accept')}>
            {t('storyConsent.agree')}
          </Button>
          <Button block variant="secondary" disabled={answer.isPending} onClick={() => answer.mutate('decline')}>
            {t('storyConsent.decline')}
          </Button>
        </div>
      ) : status === 'accepted' ? (
        <Button block variant="secondary" disabled={answer.isPending} onClick={() => answer.mutate('withdraw')}>
          {t('storyConsent.withdraw')}
        </Button>
      ) : null}
    </AuthCard>
  );
}
