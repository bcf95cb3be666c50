import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { memberStorySchema } from '../../../../contracts/stories';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { useSessionUser } from '../../../lib/session';
import { errorField, storyError, useMatchesForStory, useSubmitStory } from '../api/stories';
import { StoryPhotosPicker } from '../components/story-photos-picker';
import { localizeMessage } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';

const route = getRouteApi('/member/stories/new');

type Field = 'partnerUserId' | 'matchDate' | 'marriageDate' | 'location' | 'testimonial';

/**
 * A member tells the story of them and one of their matches (from the Matches tab's "Share your success story").
 * Sending it is their agreement to this exact text and these photos; the partner is asked next.
 */
export function StorySubmitPage() {
  const { partner } = route.useSearch();
  const user = useSessionUser();
  const matches = useMatchesForStory(user?.id ?? 0);
  const submit = useSubmitStory();
  const navigate = useNavigate();
  const [values, setValues] = useState({ partnerUserId: partner ? String(partner) : '', matchDate: '', marriageDate: '', location: '', testimonial: '' });
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const t = useT();

  if (matches.isPending) return <Spinner />;
  const options = (matches.data ?? []).map((m) => ({ value: String(m.profile.userId), label: m.profile.fullName }));
  const partnerName = options.find((o) => o.value === values.partnerUserId)?.label;

  function set(key: Field, value: string) {
    setValues((current) => ({ ...current, [key]: value }));
    // A corrected field loses its message at once; the others keep theirs until the next send.
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = memberStorySchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= localizeMessage(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    submit.mutate(
      { ...values, partnerUserId: parsed.data.partnerUserId, photos },
      { onSuccess: (story) => void navigate({ to: '/stories', search: { sent: story.id } }) },
    );
  }

  const serverField = errorField(submit.error) as Field | null;
  const errorFor = (field: Field) => errors[field] ?? (serverField === field ? storyError(submit.error) : undefined);

  if (options.length === 0) {
    return (
      <Page title={t('title.stories.new')}>
        <div className="card empty-state">
          <p>{t('stories.noMatches')}</p>
          <Link to="/liked-profiles" search={{ tab: 'matches' }} className="btn btn--primary btn--md">
            {t('stories.yourMatches')}
          </Link>
        </div>
      </Page>
    );
  }

  return (
    <Page title={t('title.stories.new')} subtitle={t('stories.submitSubtitle')}>
      <form className="story-form" onSubmit={handleSubmit} noValidate>
        <SelectField
          label={t('stories.with')}
          value={values.partnerUserId}
          placeholder={t('stories.chooseMatch')}
          options={options}
          error={errorFor('partnerUserId')}
          onChange={(event) => set('partnerUserId', event.currentTarget.value)}
        />
        <div className="story-form__dates">
          <TextField label={t('stories.matchDate')} type="date" value={values.matchDate} error={errorFor('matchDate')} onChange={(e) => set('matchDate', e.currentTarget.value)} />
          <TextField label={t('stories.weddingDate')} type="date" value={values.marriageDate} error={errorFor('marriageDate')} onChange={(e) => set('marriageDate', e.currentTarget.value)} />
        </div>
        <TextField label={t('stories.where')} placeholder={t('stories.wherePlaceholder')} value={values.location} error={errorFor('location')} onChange={(e) => set('location', e.currentTarget.value)} />
        <TextAreaField
          label={t('stories.yourStory')}
          rows={6}
          maxLength={2000}
          hint={t('stories.storyHint')}
          value={values.testimonial}
          error={errorFor('testimonial')}
          onChange={(e) => set('testimonial', e.currentTarget.value)}
        />
        <StoryPhotosPicker photos={photos} onChange={setPhotos} />
        <p className="story-form__note">
          {t('stories.note', { name: partnerName ?? t('stories.yourPartner') })}
        </p>
        {submit.isError && !serverField ? <AlertBanner>{storyError(submit.error)}</AlertBanner> : null}
        <Button type="submit" block disabled={submit.isPending}>
          {submit.isPending ? t('stories.sending') : t('stories.send')}
        </Button>
      </form>
    </Page>
  );
}
