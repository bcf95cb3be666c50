import { ImagePlus } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { storySchema } from '../../../../contracts/ops';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogFooter } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { describeApiError } from '../../../lib/api-client';
import {
  MAX_STORY_PHOTOS,
  type MemberRef,
  type Story,
  useCreateStory,
  useRemoveStoryPhoto,
  useUpdateStory,
  useUploadStoryPhoto,
} from '../api/stories';
import { MemberPicker } from './member-picker';

type Field = 'user1Id' | 'user2Id' | 'matchDate' | 'marriageDate' | 'location' | 'testimonial' | 'sortOrder';
type FieldErrors = Partial<Record<Field, string>>;

interface FormValues {
  user1: MemberRef | null;
  user2: MemberRef | null;
  matchDate: string;
  marriageDate: string;
  location: string;
  testimonial: string;
  sortOrder: string;
}

function valuesOf(story: Story | null): FormValues {
  return {
    user1: story?.user1 ?? null,
    user2: story?.user2 ?? null,
    matchDate: story?.matchDate ?? '',
    marriageDate: story?.marriageDate ?? '',
    location: story?.location ?? '',
    testimonial: story?.testimonial ?? '',
    sortOrder: String(story?.sortOrder ?? 0),
  };
}

function StoryPhotos({ story, onChanged }: { story: Story; onChanged: (story: Story) => void }) {
  const inputId = useId();
  const upload = useUploadStoryPhoto();
  const remove = useRemoveStoryPhoto();
  const canAdd = story.photos.length < MAX_STORY_PHOTOS;
  return (
    <fieldset className="ops-story-photos">
      <legend className="ops-field__label">
        Photos of the couple ({story.photos.length} of {MAX_STORY_PHOTOS})
      </legend>
      <ul className="ops-story-photos__list">
        {story.photos.map((url, index) => (
          <li key={url} className="ops-story-photos__item">
            {/* biome-ignore lint/a11y/noRedundantAlt: "Photo 1" pairs the image with its "Remove photo 1" button */}
            <img src={url} alt={`Photo ${index + 1} of this couple`} className="ops-story-photos__image" />
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove photo ${index + 1}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate({ id: story.id, fileKey: story.photoKeys[index] }, { onSuccess: onChanged })}
            >
              Remove
            </Button>
          </li>
        ))}
        {canAdd ? (
          <li>
            <label htmlFor={inputId} className={upload.isPending ? 'ops-story-photos__add is-busy' : 'ops-story-photos__add'}>
              <ImagePlus aria-hidden="true" size={20} />
              <span>{upload.isPending ? 'Uploading…' : 'Add photo'}</span>
            </label>
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/png"
              className="ops-visually-hidden"
              disabled={upload.isPending}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (file) upload.mutate({ id: story.id, file }, { onSuccess: onChanged });
              }}
            />
          </li>
        ) : null}
      </ul>
      <p className="ops-field__hint">JPEG or PNG. To replace a photo, remove it and add the new one. Photos are public only while the story is published.</p>
      {remove.isError ? (
        <Alert tone="danger">
          <p>{describeApiError(remove.error, 'The photo could not be removed. Please try again.')}</p>
        </Alert>
      ) : null}
      {upload.isError ? (
        <Alert tone="danger">
          <p>{describeApiError(upload.error, 'The photo could not be uploaded. Please try again.')}</p>
        </Alert>
      ) : null}
    </fieldset>
  );
}

export interface StoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The story to edit; null writes a new one. */
  story: Story | null;
  onSaved: (message: string) => void;
}

/** Writes or edits a success story; once the story exists its photos can be added. */
export function StoryDialog({ open, onOpenChange, story, onSaved }: StoryDialogProps) {
  const [current, setCurrent] = useState<Story | null>(story);
  const [values, setValues] = useState<FormValues>(() => valuesOf(story));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateStory();
  const update = useUpdateStory();
  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;

  useEffect(() => {
    if (!open) return;
    setCurrent(story);
    setValues(valuesOf(story));
    setErrors({});
    create.reset();
    update.reset();
  }, [open, story, create.reset, update.reset]);

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((existing) => ({ ...existing, [key]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = storySchema.safeParse({
      user1Id: values.user1?.id ?? 0,
      user2Id: values.user2?.id ?? 0,
      matchDate: values.matchDate,
      marriageDate: values.marriageDate || null,
      location: values.location.trim() || null,
      testimonial: values.testimonial,
      sortOrder: values.sortOrder.trim() === '' ? 0 : values.sortOrder,
    });
    const next: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
    } else if (parsed.data.user1Id === parsed.data.user2Id) {
      next.user2Id = 'Choose two different members';
    }
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;

    const couple = `${values.user1?.fullName} & ${values.user2?.fullName}`;
    if (current) {
      update.mutate(
        { id: current.id, input: parsed.data },
        {
          onSuccess: () => {
            onOpenChange(false);
            onSaved(`The story of ${couple} is saved.`);
          },
        },
      );
    } else {
      create.mutate(parsed.data, {
        onSuccess: (created) => {
          // Stay open on the new story so the couple's photos can be added straight away.
          setCurrent(created);
          onSaved(`The story of ${couple} is created as a draft. Add photos, then ask the couple for their consent.`);
        },
      });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (saving ? undefined : onOpenChange(next))}
      title={current ? 'Edit success story' : 'New success story'}
      description={
        current
          ? current.isPublished
            ? 'This story is published: changes show on the site as soon as you save.'
            : 'This story is a draft: members do not see it until you publish it.'
          : 'Pick the two members, then tell their story. It is saved as a draft.'
      }
      size="wide"
    >
      <form className="ops-dialog__form" onSubmit={handleSubmit} noValidate>
        <div className="ops-form-grid">
          <MemberPicker label="First member" value={values.user1} onChange={(member) => set('user1', member)} error={errors.user1Id} />
          <MemberPicker label="Second member" value={values.user2} onChange={(member) => set('user2', member)} error={errors.user2Id} />
          <TextField label="Matched on" type="date" value={values.matchDate} error={errors.matchDate} onChange={(e) => set('matchDate', e.currentTarget.value)} />
          <TextField
            label="Married on (optional)"
            type="date"
            value={values.marriageDate}
            error={errors.marriageDate}
            onChange={(e) => set('marriageDate', e.currentTarget.value)}
          />
          <TextField
            label="Location (optional)"
            placeholder="e.g. Toronto, Canada"
            value={values.location}
            error={errors.location}
            onChange={(e) => set('location', e.currentTarget.value)}
          />
          <TextField
            label="Order on the site"
            type="number"
            min={0}
            max={10000}
            inputMode="numeric"
            hint="Lower numbers show first."
            value={values.sortOrder}
            error={errors.sortOrder}
            onChange={(e) => set('sortOrder', e.currentTarget.value)}
          />
          <TextareaField
            label="Testimonial"
            className="ops-form-grid__full"
            rows={5}
            hint={`${values.testimonial.trim().length} of 2,000 characters; at least 20.`}
            value={values.testimonial}
            error={errors.testimonial}
            onChange={(e) => set('testimonial', e.currentTarget.value)}
          />
        </div>
        {current ? <StoryPhotos story={current} onChanged={setCurrent} /> : null}
        {saveError ? (
          <Alert tone="danger">
            <p>{describeApiError(saveError, 'The story could not be saved. Please try again.')}</p>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={saving}>
            {current && !story ? 'Done' : 'Cancel'}
          </Button>
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? 'Saving…' : current ? 'Save changes' : 'Create story'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
