import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { useState } from 'react';
import type { ProfileView } from '../../../../contracts/views';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { deletePhoto, photoUploadMessage, uploadPhoto } from '../../../lib/photos';
import { PhotoSlots, type SlotPhoto } from '../../../components/profile/photo-slots';
import { useUpdateProfile } from '../api/profile-mutations';
import { useT } from '../../../i18n/use-t';

/**
 * The profile's photos (at most 3, the first is the main one). Every change is saved at once with
 * PATCH photoIds, so a removed photo frees its place before a new one is uploaded.
 */
export function PhotoManager({ profile, actingFor = null }: { profile: ProfileView; actingFor?: number | null }) {
  const update = useUpdateProfile(profile.id, actingFor);
  const [uploading, setUploading] = useState(false);
  const t = useT();
  const photos: SlotPhoto[] = profile.photoDetails;

  const save = (ids: number[], success: string) =>
    update.mutateAsync({ photoIds: ids }).then(
      () => {
        toast({ title: t('photos.updated'), description: success, variant: 'success' });
        return true;
      },
      (error: unknown) => {
        toast({
          title: t('editor.saveFailed'),
          description: (isApiError(error) ? error.serverMessage : undefined) ?? t('editor.checkInput'),
          variant: 'destructive',
        });
        return false;
      },
    );

  const ids = photos.map((p) => p.id);

  const add = async (file: File) => {
    setUploading(true);
    let uploadedId: number | null = null;
    try {
      uploadedId = (await uploadPhoto(file, actingFor)).id;
    } catch (error) {
      toast({ title: t('photos.notAdded'), description: photoUploadMessage(error), variant: 'destructive' });
    }
    if (uploadedId !== null) {
      const saved = await save([...ids, uploadedId], t('photos.added'));
      if (!saved) await deletePhoto(uploadedId, actingFor).catch(() => undefined);
    }
    setUploading(false);
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved);
    void save(next, t('photos.orderSaved'));
  };

  return (
    <Card className="photo-manager">
      <h2 className="card__title">{t('photos.title')}</h2>
      <p className="card__text">{t('photos.hint')}</p>
      <PhotoSlots
        photos={photos}
        uploading={uploading}
        busy={update.isPending}
        onAdd={(file) => void add(file)}
        onRemove={(photo) => void save(ids.filter((id) => id !== photo.id), t('photos.removed'))}
        onMakeMain={(photo) => void save([photo.id, ...ids.filter((id) => id !== photo.id)], t('photos.mainChanged'))}
      />
      {photos.length > 1 ? (
        <ul className="photo-order" aria-label={t('photos.order')}>
          {photos.map((photo, index) => (
            <li key={photo.id} className="photo-order__item">
              <span>{index === 0 ? t('photos.main') : t('photos.numbered', { number: index + 1 })}</span>
              <span className="photo-order__buttons">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={index === 0 ? t('photos.mainEarlier') : t('photos.earlier', { number: index + 1 })}
                  disabled={index === 0 || update.isPending || uploading}
                  onClick={() => move(index, -1)}
                >
                  <ArrowLeft size={16} aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={index === 0 ? t('photos.mainLater') : t('photos.later', { number: index + 1 })}
                  disabled={index === photos.length - 1 || update.isPending || uploading}
                  onClick={() => move(index, 1)}
                >
                  <ArrowRight size={16} aria-hidden="true" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
