import ImagePlus from 'lucide-react/icons/image-plus';
import X from 'lucide-react/icons/x';
import { type FormEvent, useState } from 'react';
import { STORY_MAX_PHOTOS, type MemberStoryView, memberStoryUpdateSchema } from '../../../../contracts/stories';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { storyError, useAddStoryPhoto, useAnswerStory, useEditStory, useRemoveStoryPhoto } from '../api/stories';

type Answer = MemberStoryView['yourConsent'];

const YOUR_ANSWER: Record<NonNullable<Answer>, string> = {
  pending: 'You have not answered yet.',
  accepted: 'You agreed to this text and these photos.',
  declined: 'You declined: it will not be published.',
  withdrawn: 'You withdrew your consent: it is not published.',
};

function partnerAnswer(name: string, answer: Answer): string {
  if (answer === 'accepted') return `${name} agreed.`;
  if (answer === 'pending') return `Waiting for ${name} to agree.`;
  if (answer === 'declined') return `${name} declined.`;
  if (answer === 'withdrawn') return `${name} withdrew their consent.`;
  return `${name} has not been asked yet.`;
}

function statusLine(story: MemberStoryView): string {
  if (story.isPublished) return 'Published on Saathi';
  if (story.yourConsent === 'accepted' && story.partnerConsent === 'accepted') return 'You both agreed: waiting for the Saathi team to publish it';
  return 'Not published';
}

/** One of the member's stories: what it says and shows, both answers, and what they can do now. */
export function StoryCard({ story, highlight }: { story: MemberStoryView; highlight?: boolean }) {
  const partnerName = story.partner.fullName ?? 'Your partner';
  const answer = useAnswerStory(story.id);
  const removePhoto = useRemoveStoryPhoto(story.id);
  const addPhoto = useAddStoryPhoto(story.id);
  const [editing, setEditing] = useState(false);
  const busy = answer.isPending || removePhoto.isPending || addPhoto.isPending;
  const failure = answer.error ?? removePhoto.error ?? addPhoto.error;

  return (
    <article className={highlight ? 'card my-story my-story--new' : 'card my-story'} aria-label={`Your story with ${partnerName}`}>
      <header className="my-story__header">
        <h2 className="my-story__title">You &amp; {partnerName}</h2>
        <p className={story.isPublished ? 'my-story__status my-story__status--live' : 'my-story__status'}>{statusLine(story)}</p>
      </header>
      {highlight ? (
        <AlertBanner variant="success">Sent. {partnerName} is asked to agree, in the app and by email.</AlertBanner>
      ) : null}

      {story.photos.length ? (
        <ul className="my-story__photos" aria-label="Photos">
          {story.photos.map((photo, index) => (
            <li key={photo.fileKey}>
              <img src={photo.url} alt={`Your story, ${index + 1} of ${story.photos.length}`} />
              <button
                type="button"
                className="story-photos__remove"
                aria-label={`Remove photo ${index + 1}`}
                disabled={busy}
                onClick={() => removePhoto.mutate(photo.fileKey)}
              >
                <X size={16} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {editing ? (
        <StoryTextForm story={story} onDone={() => setEditing(false)} />
      ) : (
        <>
          <blockquote className="story-consent__text">{story.testimonial}</blockquote>
          <p className="my-story__meta">
            Matched {story.matchDate}
            {story.marriageDate ? ` · married ${story.marriageDate}` : ''}
            {story.location ? ` · ${story.location}` : ''}
          </p>
        </>
      )}

      <div className="my-story__answers" role="status">
        <p>{story.yourConsent ? YOUR_ANSWER[story.yourConsent] : 'You have not been asked yet.'}</p>
        <p>{partnerAnswer(partnerName, story.partnerConsent)}</p>
      </div>
      {failure ? <AlertBanner>{storyError(failure)}</AlertBanner> : null}

      {!editing ? (
        <div className="my-story__actions">
          {story.yourConsent === 'pending' ? (
            <>
              <Button block disabled={busy} onClick={() => answer.mutate('accept')}>
                I agree to publish this
              </Button>
              <Button block variant="secondary" disabled={busy} onClick={() => answer.mutate('decline')}>
                No, thank you
              </Button>
            </>
          ) : null}
          <Button block variant="outline" disabled={busy} onClick={() => setEditing(true)}>
            Edit the story
          </Button>
          {story.photos.length < STORY_MAX_PHOTOS ? (
            <label className={busy ? 'btn btn--outline btn--md btn--block is-disabled' : 'btn btn--outline btn--md btn--block'}>
              <ImagePlus size={16} aria-hidden="true" />
              {addPhoto.isPending ? 'Adding…' : 'Add a photo'}
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/gif"
                className="visually-hidden"
                disabled={busy}
                onChange={(event) => {
                  const chosen = event.currentTarget.files?.[0];
                  event.currentTarget.value = '';
                  if (chosen) addPhoto.mutate(chosen);
                }}
              />
            </label>
          ) : null}
          {story.yourConsent === 'accepted' ? (
            <Button block variant="ghost" disabled={busy} onClick={() => answer.mutate('withdraw')}>
              Withdraw my consent
            </Button>
          ) : null}
          <p className="my-story__hint">A change to the text or photos takes the story down and asks {partnerName} to agree again.</p>
        </div>
      ) : null}
    </article>
  );
}

function StoryTextForm({ story, onDone }: { story: MemberStoryView; onDone: () => void }) {
  const edit = useEditStory(story.id);
  const [values, setValues] = useState({ matchDate: story.matchDate, marriageDate: story.marriageDate ?? '', location: story.location ?? '', testimonial: story.testimonial });
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = memberStoryUpdateSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the story');
      return;
    }
    setError(null);
    edit.mutate({ ...parsed.data, marriageDate: parsed.data.marriageDate ?? null, location: parsed.data.location ?? null }, { onSuccess: onDone });
  }

  return (
    <form className="story-form" onSubmit={handleSubmit} noValidate>
      <div className="story-form__dates">
        <TextField label="When you matched" type="date" value={values.matchDate} onChange={(e) => setValues({ ...values, matchDate: e.currentTarget.value })} />
        <TextField label="Wedding date (optional)" type="date" value={values.marriageDate} onChange={(e) => setValues({ ...values, marriageDate: e.currentTarget.value })} />
      </div>
      <TextField label="Where (optional)" value={values.location} onChange={(e) => setValues({ ...values, location: e.currentTarget.value })} />
      <TextAreaField label="Your story" rows={6} maxLength={2000} value={values.testimonial} onChange={(e) => setValues({ ...values, testimonial: e.currentTarget.value })} />
      {error || edit.isError ? <AlertBanner>{error ?? storyError(edit.error)}</AlertBanner> : null}
      <Button type="submit" block disabled={edit.isPending}>
        {edit.isPending ? 'Saving…' : 'Save and ask again'}
      </Button>
      <Button block variant="ghost" disabled={edit.isPending} onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}
