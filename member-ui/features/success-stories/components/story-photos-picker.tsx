import ImagePlus from 'lucide-react/icons/image-plus';
import X from 'lucide-react/icons/x';
import { useEffect, useMemo } from 'react';
import { STORY_MAX_PHOTOS } from '../../../../contracts/stories';
import { useT } from '../../../i18n/use-t';

/** Up to two photos chosen on the phone, each previewed with a way to take it out again before sending. */
export function StoryPhotosPicker({ photos, onChange }: { photos: File[]; onChange: (photos: File[]) => void }) {
  const t = useT();
  const previews = useMemo(() => photos.map((photo) => ({ photo, url: URL.createObjectURL(photo) })), [photos]);
  useEffect(
    () => () => {
      for (const p of previews) URL.revokeObjectURL(p.url);
    },
    [previews],
  );
  return (
    <fieldset className="story-photos">
      <legend className="field__label">{t('stories.photosLegend', { max: STORY_MAX_PHOTOS })}</legend>
      <ul className="story-photos__list">
        {previews.map(({ photo, url }, index) => (
          <li key={url} className="story-photos__item">
            <img src={url} alt={t('stories.chosen', { name: photo.name })} />
            <button type="button" className="story-photos__remove" aria-label={t('stories.removePhoto', { index: index + 1 })} onClick={() => onChange(photos.filter((p) => p !== photo))}>
              <X size={16} aria-hidden="true" />
            </button>
          </li>
        ))}
        {photos.length < STORY_MAX_PHOTOS ? (
          <li className="story-photos__item story-photos__item--add">
            <label className="story-photos__add">
              <ImagePlus size={22} aria-hidden="true" />
              <span>{t('stories.addPhoto')}</span>
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/gif"
                className="visually-hidden"
                onChange={(event) => {
                  const chosen = event.currentTarget.files?.[0];
                  event.currentTarget.value = '';
                  if (chosen) onChange([...photos, chosen].slice(0, STORY_MAX_PHOTOS));
                }}
              />
            </label>
          </li>
        ) : null}
      </ul>
    </fieldset>
  );
}
