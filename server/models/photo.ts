import { BaseModel } from './base-model';

export type PhotoPurpose = 'profile' | 'verification_selfie' | 'verification_document' | 'story';

export class Photo extends BaseModel {
  static tableName = 'photos';
  static bigintColumns = ['createdAt'];

  id!: number;
  userId!: number | null;
  profileId!: number | null;
  purpose!: PhotoPurpose;
  position!: number;
  fileKey!: string;
  width!: number;
  height!: number;
  bytes!: number;
  createdAt!: number;
}
