import ImagePlus from 'lucide-react/icons/image-plus';
import Star from 'lucide-react/icons/star';
import X from 'lucide-react/icons/x';
import type { ChangeEvent } from 'react';
import { LIMITS } from '../../../contracts/enums';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { PHOTO_ACCEPT } from '../../lib/photos';
import { useT } from '../../i18n/use-t';

export interface SlotPhoto {
  id: number;
  url: string;
  thumbnailUrl: string;
}

export interface PhotoSlotsProps {
  photos: readonly SlotPhoto[];
  /** Upload in progress: the next empty slot shows a spinner and adding is paused. */
  uploading: boolean;
  /** Any change in progress (uploads, saves): every control is paused. */
  busy?: boolean;
  onAdd: (file: File) => void;
  onRemove: (photo: SlotPhoto) => void;
  onMakeMain: (photo: SlotPhoto) => void;
}

/** Main photo plus two more (at most 3); the first photo is the main one. */
export function PhotoSlots({ photos, uploading, busy = false, onAdd, onRemove, onMakeMain }: PhotoSlotsProps) {
  const paused = uploading || busy;
  const t = useT();
  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onAdd(file);
  };
  const slots = Array.from({ length: LIMITS.photosPerProfile }, (_, index) => index);
  return (
    <ul className="photo-slots" aria-label={t('photos.label')}>
      {slots.map((index) => {
        const photo = photos[index];
        const isMain = index === 0;
        if (photo) {
          return (
            <li key={photo.id} className={cn('photo-slot', 'photo-slot--filled', isMain && 'photo-slot--main')}>
              <img src={isMain ? photo.url : photo.thumbnailUrl} alt={isMain ? t('photos.main') : t('photos.numbered', { number: index + 1 })} className="photo-slot__image" />
              {isMain ? <span className="photo-slot__tag">{t('photos.mainTag')}</span> : null}
              <button
                type="button"
                className="photo-slot__action photo-slot__remove"
                aria-label={isMain ? t('photos.removeMain') : t('photos.remove', { number: index + 1 })}
                disabled={paused}
                onClick={() => onRemove(photo)}
              >
                <X size={16} aria-hidden="true" />
              </button>
              {isMain ? null : (
                <button
                  type="button"
                  className="photo-slot__action photo-slot__make-main"
                  aria-label={t('photos.makeMain', { number: index + 1 })}
                  disabled={paused}
                  onClick={() => onMakeMain(photo)}
                >
                  <Star size={16} aria-hidden="true" />
                </button>
              )}
            </li>
          );
        }
        const isNextEmpty = index === photos.length;
        return (
          <li key={`empty-${index}`} className={cn('photo-slot', 'photo-slot--empty', isMain && 'photo-slot--main')}>
            {uploading && isNextEmpty ? (
              <span className="photo-slot__placeholder" role="status">
                <Spinner size={24} />
                <span>{t('photos.uploading')}</span>
              </span>
            ) : (
              <label className={cn('photo-slot__placeholder', paused && 'photo-slot__placeholder--disabled')}>
                <ImagePlus size={isMain ? 32 : 22} aria-hidden="true" />
                <span>{isMain ? t('photos.addMain') : t('photos.add')}</span>
                <input
                  type="file"
                  accept={PHOTO_ACCEPT}
                  className="visually-hidden"
                  aria-label={isMain ? t('photos.addMain') : t('photos.addNumbered', { number: index + 1 })}
                  disabled={paused}
                  onChange={handleFile}
                />
              </label>
            )}
          </li>
        );
      })}
    </ul>
  );
}
