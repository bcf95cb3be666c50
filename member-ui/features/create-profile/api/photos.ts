import type { UploadedPhotoView } from '../../../../contracts/views';
import { api } from '../../../lib/api-client';

/** Types the server accepts for profile photos (spec part 1 §2: jpeg, png, gif). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/gif';

export const PHOTO_UPLOAD_FAILED = 'Failed to upload photo. Please try again.';

/** POST /api/upload/photo: multipart, field "photo"; the photo stays pending until a profile claims it. */
export function uploadPhoto(file: File): Promise<UploadedPhotoView> {
  const form = new FormData();
  form.append('photo', file, file.name);
  return api.post<UploadedPhotoView>('/api/upload/photo', { body: form });
}

/** DELETE /api/upload/photo/{id}: discards an uploaded photo and its files. */
export function deletePhoto(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/upload/photo/${id}`);
}
