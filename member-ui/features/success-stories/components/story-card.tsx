import ImagePlus from 'lucide-react/icons/image-plus';
import X from 'lucide-react/icons/x';
import { type FormEvent, useState } from 'react';
import { STORY_MAX_PHOTOS, type MemberStoryView, memberStoryUpdateSchema } from '../../../../contracts/stories';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { storyError, useAddStoryPhoto, useAnswerStory, useEditStory, useRemoveStoryPhoto } from '../api/stories';
import type { MessageId } from '../../../i18n/catalogue';
import { localizeMessage, translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';
import { dayMonthYear, parseDateValue } from '../../../lib/format';

type Answer = MemberStoryView['yourConsent'];

/** Each answer as the member reads it about themselves (`stories.yours.*`) and about their partner (`stories.partner.*`). */
const answerKey = (answer: Answer) => answer ?? 'notAsked';

function partnerAnswer(name: string, answer: Answer): string {
  return translate(`stories.partner.${answerKey(answer)}` as MessageId, { name });
}

function statusLine(story: MemberStoryView): string {
  if (story.isPublished) return translate('stories.status.published');
  if (story.yourConsent === 'accepted' && story.partnerConsent === 'accepted') return translate('stories.status.bothAgreed');
  return translate('stories.status.notPublished');
}

/** A stored date (YYYY-MM-DD) written out in the app's language; the text as it is when it is no date. */
function storyDate(value: string): string {
  const parsed = parseDateValue(value);
  return parsed ? dayMonthYear(parsed.date, parsed.plain) : value;
}

/** One of the member's stories: what it says and shows, both answers, and what they can do now. */
export function StoryCard({ story, highlight }: { story: MemberStoryView; highlight?: boolean }) {
  const t = useT();
  const partnerName = story.partner.fullName ?? t('stories.yourPartner');
  const answer = useAnswerStory(story.id);
  const removePhoto = useRemoveStoryPhoto(story.id);
  const addPhoto = useAddStoryPhoto(story.id);
  const [editing, setEditing] = useState(false);
  const busy = answer.isPending || removePhoto.isPending || addPhoto.isPending;
  const failure = answer.error ?? removePhoto.error ?? addPhoto.error;

  return (
    <article className={highlight ? 'card my-story my-story--new' : 'card my-story'} aria-label={t('stories.storyWith', { name: partnerName })}>
      <header className="my-story__header">
        <h2 className="my-story__title">{t('stories.youAnd', { name: partnerName })}</h2>
        <p className={story.isPublished ? 'my-story__status my-story__status--live' : 'my-story__status'}>{statusLine(story)}</p>
      </header>
      {highlight ? (
        <AlertBanner variant="success">{t('stories.sent', { name: partnerName })}</AlertBanner>
      ) : null}

      {story.photos.length ? (
        <ul className="my-story__photos" aria-label={t('stories.photos')}>
          {story.photos.map((photo, index) => (
            <li key={photo.fileKey}>
              <img src={photo.url} alt={t('stories.photoAlt', { index: index + 1, count: story.photos.length })} />
              <button
                type="button"
                className="story-photos__remove"
                aria-label={t('stories.removePhoto', { index: index + 1 })}
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
            {[
              t('stories.matched', { date: storyDate(story.matchDate) }),
              story.marriageDate ? t('stories.married', { date: storyDate(story.marriageDate) }) : null,
              story.location,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </>
      )}

      <div className="my-story__answers" role="status">
        <p>{t(`stories.yours.${answerKey(story.yourConsent)}` as MessageId)}</p>
        <p>{partnerAnswer(partnerName, story.partnerConsent)}</p>
      </div>
      {failure ? <AlertBanner>{storyError(failure)}</AlertBanner> : null}

      {!editing ? (
        <div className="my-story__actions">
          {story.yourConsent === 'pending' ? (
            <>
              <Button block disabled={busy} onClick={() => answer.mutate('accept')}>
                {t('stories.agree')}
              </Button>
              <Button block variant="secondary" disabled={busy} onClick={() => answer.mutate('decline')}>
                {t('stories.decline')}
              </Button>
            </>
          ) : null}
          <Button block variant="outline" disabled={busy} onClick={() => setEditing(true)}>
            {t('stories.edit')}
          </Button>
          {story.photos.length < STORY_MAX_PHOTOS ? (
            <label className={busy ? 'btn btn--outline btn--md btn--block is-disabled' : 'btn btn--outline btn--md btn--block'}>
              <ImagePlus size={16} aria-hidden="true" />
              {addPhoto.isPending ? t('stories.adding') : t('stories.addPhoto')}
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
              {t('stories.withdraw')}
            </Button>
          ) : null}
          <p className="my-story__hint">{t('stories.changeHint', { name: partnerName })}</p>
        </div>
      ) : null}
    </article>
  );
}

function StoryTextForm({ story, onDone }: { story: MemberStoryView; onDone: () => void }) {
  const edit = useEditStory(story.id);
  const [values, setValues] = useState({ matchDate: story.matchDate, marriageDate: story.marriageDate ?? '', location: story.location ?? '', testimonial: story.testimonial });
  const [error, setError] = useState<string | null>(null);
  const t = useT();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = memberStoryUpdateSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? localizeMessage(issue) : t('stories.check'));
      return;
    }
    setError(null);
    edit.mutate({ ...parsed.data, marriageDate: parsed.data.marriageDate ?? null, location: parsed.data.location ?? null }, { onSuccess: onDone });
  }

  return (
    <form className="story-form" onSubmit={handleSubmit} noValidate>
      <div className="story-form__dates">
        <TextField label={t('stories.matchDate')} type="date" value={values.matchDate} onChange={(e) => setValues({ ...values, matchDate: e.currentTarget.value })} />
        <TextField label={t('stories.weddingDate')} type="date" value={values.marriageDate} onChange={(e) => setValues({ ...values, marriageDate: e.currentTarget.value })} />
      </div>
      <TextField label={t('stories.where')} value={values.location} onChange={(e) => setValues({ ...values, location: e.currentTarget.value })} />
      <TextAreaField label={t('stories.yourStory')} rows={6} maxLength={2000} value={values.testimonial} onChange={(e) => setValues({ ...values, testimonial: e.currentTarget.value })} />
      {error || edit.isError ? <AlertBanner>{error ?? storyError(edit.error)}</AlertBanner> : null}
      <Button type="submit" block disabled={edit.isPending}>
        {edit.isPending ? t('stories.saving') : t('stories.saveAsk')}
      </Button>
      <Button block variant="ghost" disabled={edit.isPending} onClick={onDone}>
        {t('common.cancel')}
      </Button>
    </form>
  );
}
