import EyeOff from 'lucide-react/icons/eye-off';
import ImageOff from 'lucide-react/icons/image-off';
import { useState } from 'react';
import type { ProfileView } from '../../../contracts/views';
import { galleryPhotos } from '../../lib/profiles';
import { cn } from '../ui/cn';
import { useT } from '../../i18n/use-t';

/** Large photo with thumbnails; the server already sends blurred renditions when the owner asked for that. */
export function PhotoGallery({ profile, name }: { profile: ProfileView; name: string }) {
  const photos = galleryPhotos(profile);
  const [index, setIndex] = useState(0);
  const t = useT();
  const current = photos[Math.min(index, photos.length - 1)];

  if (!current) {
    return (
      <div className="gallery gallery--empty">
        <ImageOff size={40} aria-hidden="true" />
        <p>{t('photos.none')}</p>
      </div>
    );
  }

  return (
    <div className="gallery">
      <div className={cn('gallery__main', profile.photosBlurred && 'gallery__main--blurred')}>
        {/* The screen's largest paint: fetched first. */}
        <img
          src={current.url}
          alt={photos.length > 1 ? t('photos.nameOf', { name, number: index + 1, count: photos.length }) : name}
          className="gallery__img"
          fetchPriority="high"
        />
        {profile.photosBlurred ? (
          <div className="gallery__privacy">
            <EyeOff size={28} aria-hidden="true" />
            <p className="gallery__privacy-title">{t('photos.blurred')}</p>
            <p className="gallery__privacy-text">{t('photos.blurredText')}</p>
          </div>
        ) : null}
      </div>
      {photos.length > 1 ? (
        // biome-ignore lint/a11y/useSemanticElements: a row of thumbnail buttons, not form fields; a <fieldset> would need a legend and undoing its default box
        <div className="gallery__thumbs" role="group" aria-label={t('photos.title')}>
          {photos.map((photo, i) => (
            <button
              key={photo.url}
              type="button"
              className={cn('gallery__thumb', i === index && 'gallery__thumb--active')}
              aria-label={t('photos.show', { number: i + 1 })}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
            >
              <img src={photo.thumb} alt="" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
