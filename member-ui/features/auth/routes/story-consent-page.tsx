import { getRouteApi } from '@tanstack/react-router';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { storyConsentError, useAnswerStoryConsent, useStoryConsent } from '../api/story-consent';
import { AuthCard } from '../../../components/ui/auth-card';

const storyConsentRoute = getRouteApi('/story-consent/$token');

const STATUS_TEXT = {
  pending: 'You have not answered yet. Nothing is published unless you both agree.',
  accepted: 'You agreed. You can withdraw at any time: the story is taken down at once.',
  declined: 'You declined. The story will not be published.',
  withdrawn: 'You withdrew your consent. The story is not published.',
} as const;

/** A member reads the success story the team would like to publish about them and answers, or withdraws later. */
export function StoryConsentPage() {
  const { token } = storyConsentRoute.useParams();
  const view = useStoryConsent(token);
  const answer = useAnswerStoryConsent(token);

  if (view.isPending) return <Spinner />;
  if (view.isError) {
    return (
      <AuthCard title="Your success story" icon={<HeartHandshake size={26} />}>
        <AlertBanner>{storyConsentError(view.error)}</AlertBanner>
      </AuthCard>
    );
  }
  const { you, partner, status, story, submittedByPartner } = view.data;
  const photos = story.photos ?? [];
  const withPhotos = story.photoCount ? ` and ${story.photoCount === 1 ? 'this photo' : `these ${story.photoCount} photos`}` : '';
  const who = submittedByPartner ? `${partner ?? 'Your partner'} wrote how you met and would like it published` : `the Saathi team would like to publish how you and ${partner ?? 'your partner'} met`;
  return (
    <AuthCard
      title="May we share your story?"
      subtitle={`${you ?? 'Hello'}, ${who}, with both your full names${withPhotos}. You are agreeing to exactly what is shown here.`}
      icon={<HeartHandshake size={26} />}
    >
      {photos.length ? (
        <ul className="story-consent__photos" aria-label="Photos of the story">
          {photos.map((url, index) => (
            <li key={url}>
              <img src={url} alt={`Your story, ${index + 1} of ${photos.length}`} />
            </li>
          ))}
        </ul>
      ) : null}
      <blockquote className="story-consent__text">{story.testimonial}</blockquote>
      <p className="auth__note">
        Matched {story.matchDate}
        {story.marriageDate ? ` · married ${story.marriageDate}` : ''}
        {story.location ? ` · ${story.location}` : ''}
      </p>
      <p className="auth__note" role="status">
        {answer.data?.message ?? STATUS_TEXT[status]}
      </p>
      {answer.isError ? <AlertBanner>{storyConsentError(answer.error)}</AlertBanner> : null}
      {status === 'pending' ? (
        <div className="story-consent__actions">
          <Button block disabled={answer.isPending} onClick={() => answer.mutate('accept')}>
            I agree
          </Button>
          <Button block variant="secondary" disabled={answer.isPending} onClick={() => answer.mutate('decline')}>
            No, thank you
          </Button>
        </div>
      ) : status === 'accepted' ? (
        <Button block variant="secondary" disabled={answer.isPending} onClick={() => answer.mutate('withdraw')}>
          Withdraw my consent
        </Button>
      ) : null}
    </AuthCard>
  );
}
