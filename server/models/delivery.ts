import type { RelationMappingsThunk } from 'objection';
import { BaseModel } from './base-model';

export class PushSubscription extends BaseModel {
  static tableName = 'push_subscriptions';
  static bigintColumns = ['createdAt', 'lastSuccessAt'];
  id!: number;
  userId!: number;
  endpoint!: string;
  endpointHash!: string;
  p256dh!: string;
  auth!: string;
  userAgent!: string | null;
  createdAt!: number;
  lastSuccessAt!: number | null;
}

export class PushOutbox extends BaseModel {
  static tableName = 'push_outbox';
  static bigintColumns = ['nextAttemptAt', 'expiresAt', 'createdAt', 'sentAt', 'failedAt'];
  static jsonAttributes = ['payload'];
  id!: number;
  subscriptionId!: number;
  payload!: Record<string, unknown> | null;
  urgency!: string;
  attempts!: number;
  nextAttemptAt!: number | null;
  expiresAt!: number;
  createdAt!: number;
  sentAt!: number | null;
  failedAt!: number | null;
  error!: string | null;
  subscription?: PushSubscription;

  static relationMappings: RelationMappingsThunk = () => ({
    subscription: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: PushSubscription,
      join: { from: 'push_outbox.subscriptionId', to: 'push_subscriptions.id' },
    },
  });
}

/** An event relayed between server processes through the database. */
export class LiveEvent extends BaseModel {
  static tableName = 'live_events';
  static bigintColumns = ['createdAt'];
  static jsonAttributes = ['payload'];
  id!: number;
  userId!: number;
  kind!: string;
  payload!: Record<string, unknown>;
  createdAt!: number;
}

/** A scheduled job's lease and last run. */
export class Job extends BaseModel {
  static tableName = 'jobs';
  static idColumn = 'name';
  static bigintColumns = ['nextRunAt', 'leaseUntil', 'lastStartedAt', 'lastFinishedAt'];
  name!: string;
  nextRunAt!: number;
  leaseOwner!: string | null;
  leaseUntil!: number | null;
  lastStartedAt!: number | null;
  lastFinishedAt!: number | null;
  lastDurationMs!: number | null;
  lastResult!: string | null;
  runs!: number;
  failures!: number;
}

export class Counter extends BaseModel {
  static tableName = 'counters';
  static idColumn = 'name';
  static bigintColumns = ['value'];
  name!: string;
  value!: number;
}
