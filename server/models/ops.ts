import type { RelationMappingsThunk } from 'objection';
import { BaseModel } from './base-model';
import { User } from './user';

export class SubscriptionPlan extends BaseModel {
  static tableName = 'subscription_plans';
  static idColumn = 'tier';
  static jsonAttributes = ['features'];
  tier!: 'tryme' | 'premium' | 'elite';
  name!: string;
  description!: string;
  priceCents!: number;
  currency!: string;
  messageLimit!: number | null;
  features!: string[];
  sortOrder!: number;
}

export class Payment extends BaseModel {
  static tableName = 'payments';
  static booleanColumns = ['isDemo'];
  static bigintColumns = ['completedAt', 'periodEnds', 'createdAt', 'updatedAt'];
  id!: number;
  userId!: number | null;
  provider!: 'stripe' | 'demo';
  intentId!: string;
  tier!: string;
  amountCents!: number;
  currency!: string;
  status!: string;
  isDemo!: boolean;
  clientSecretHash!: string | null;
  completedAt!: number | null;
  periodEnds!: number | null;
  createdAt!: number;
  updatedAt!: number;
}

export class VerificationRequest extends BaseModel {
  static tableName = 'verification_requests';
  static bigintColumns = ['decidedAt', 'createdAt'];
  id!: number;
  userId!: number;
  documentType!: string;
  selfiePhotoId!: number | null;
  documentPhotoId!: number | null;
  status!: 'pending' | 'approved' | 'rejected';
  rejectionReason!: string | null;
  reviewerId!: number | null;
  decidedAt!: number | null;
  createdAt!: number;
  user?: User;

  static relationMappings: RelationMappingsThunk = () => ({
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'verification_requests.userId', to: 'users.id' },
    },
  });
}

export class IdentityVerification extends BaseModel {
  static tableName = 'identity_verifications';
  static bigintColumns = ['verifiedAt'];
  id!: number;
  userId!: number;
  requestId!: number | null;
  method!: string;
  documentType!: string | null;
  reviewerId!: number | null;
  verifiedAt!: number;
}

export class AuditLog extends BaseModel {
  static tableName = 'audit_log';
  static bigintColumns = ['createdAt'];
  static jsonAttributes = ['details'];
  id!: number;
  actorUserId!: number | null;
  actorRole!: string | null;
  action!: string;
  targetType!: string | null;
  targetId!: number | null;
  details!: Record<string, unknown> | null;
  ip!: string | null;
  createdAt!: number;
  requestId!: string | null;
  subjectUserId!: number | null;
  /** Joined in by the console's audit lists (not columns of the log): who acted, and the member concerned. */
  actorName?: string | null;
  subjectName?: string | null;
  subjectRole?: string | null;
}

/** An announcement `saathi announce` queued (or is queuing): one per text, with how far it got. */
export class Announcement extends BaseModel {
  static tableName = 'announcements';
  static bigintColumns = ['startedAt', 'finishedAt'];
  id!: number;
  /** sha256 of the subject and paragraphs as members read them */
  digest!: string;
  subject!: string;
  queued!: number;
  /** the last member queued, in id order: a resumed run starts after it */
  lastRecipientId!: number;
  startedAt!: number;
  finishedAt!: number | null;
}

export class EmailOutbox extends BaseModel {
  static tableName = 'email_outbox';
  static bigintColumns = ['sentAt', 'handledAt', 'createdAt', 'nextAttemptAt', 'failedAt'];
  id!: number;
  toEmail!: string;
  subject!: string;
  bodyText!: string;
  kind!: string;
  sentAt!: number | null;
  error!: string | null;
  handledAt!: number | null;
  handledBy!: number | null;
  createdAt!: number;
  /** the message to deliver, as JSON text (null for mail only recorded, never sent) */
  payload!: string | null;
  attempts!: number;
  nextAttemptAt!: number | null;
  failedAt!: number | null;
}
