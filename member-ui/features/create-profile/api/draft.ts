import type { DraftValues } from '../../../../contracts/profile-draft';
import type { UploadedPhotoView } from '../../../../contracts/views';
import { api } from '../../../lib/api-client';

export interface ProfileDraft {
  step: number;
  values: DraftValues;
  photos: UploadedPhotoView[];
  updatedAt: string | null;
}

export interface DraftSave {
  step: number;
  values: DraftValues;
  photoIds: number[];
}

export const profileDraftKey = ['profile-draft'] as const;

/** GET /api/profile-draft: the member's wizard draft (step 1 and nothing typed when there is none). */
export function fetchProfileDraft(): Promise<ProfileDraft> {
  return api.get<ProfileDraft>('/api/profile-draft');
}

/** PUT /api/profile-draft; `keepalive` lets the last save finish while the page is being closed. */
export function saveProfileDraft(draft: DraftSave, options: { keepalive?: boolean } = {}): Promise<ProfileDraft> {
  return api.put<ProfileDraft>('/api/profile-draft', { json: draft, keepalive: options.keepalive });
}

/** DELETE /api/profile-draft: "start over" (the draft's photos are deleted too). */
export function discardProfileDraft(): Promise<ProfileDraft> {
  return api.delete<ProfileDraft>('/api/profile-draft');
}
