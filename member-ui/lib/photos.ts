import { LIMITS } from '../../contracts/enums';
import type { UploadedPhotoView } from '../../contracts/views';
import { ApiError, api, isApiError } from './api-client';
import { actingHeaders } from './helper-mode';
import { preparePhoto } from './prepare-photo';

/** Types the server accepts for profile photos (jpeg, png, gif). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/gif';

export const PHOTO_UPLOAD_FAILED = 'Failed to upload photo. Please try again.';
export const PHOTO_TOO_LARGE = `Photos must be ${LIMITS.photoMaxBytes / 1024 / 1024} MB or smaller`;

/**
 * POST /api/upload/photo: multipart, field "photo"; the photo stays pending (part of the wizard's draft) until a
 * profile claims it. The photo is downsized on the device first; a file still too large is refused here, before
 * a long upload the server would refuse anyway. A helper uploads for the candidate (`actingFor`: their profile).
 */
export async function uploadPhoto(file: File, actingFor: number | null = null): Promise<UploadedPhotoView> {
  const prepared = await preparePhoto(file);
  if (prepared.size > LIMITS.photoMaxBytes) throw new ApiError(413, 'Payload Too Large', JSON.stringify({ message: PHOTO_TOO_LARGE }));
  const form = new FormData();
  form.append('photo', prepared, prepared.name);
  return api.post<UploadedPhotoView>('/api/upload/photo', { body: form, timeout: 120_000, headers: actingHeaders(actingFor) });
}

/** The server's own reason for a refused photo, or the generic message when there is none (network failure). */
export function photoUploadMessage(error: unknown): string {
  return (isApiError(error) ? error.serverMessage : undefined) ?? PHOTO_UPLOAD_FAILED;
}

/** DELETE /api/upload/photo/{id}: discards an uploaded photo and its files (`actingFor`: a helper's, for the candidate). */
export function deletePhoto(id: number, actingFor: number | null = null): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/upload/photo/${id}`, { headers: actingHeaders(actingFor) });
}
