import { BaseModel } from './base-model';

/** A signed-in browser (koa-session's external store); `data` is the session JSON as koa-session writes it. */
export class Session extends BaseModel {
  static tableName = 'sessions';
  static bigintColumns = ['expiresAt', 'createdAt', 'lastSeenAt'];
  id!: string;
  userId!: number | null;
  data!: string;
  expiresAt!: number;
  createdAt!: number;
  lastSeenAt!: number;
  userAgent!: string | null;
  ip!: string | null;
}

export class TotpRecoveryCode extends BaseModel {
  static tableName = 'totp_recovery_codes';
  static bigintColumns = ['usedAt', 'createdAt'];
  id!: number;
  userId!: number;
  codeHash!: string;
  usedAt!: number | null;
  createdAt!: number;
}

export class KnownDevice extends BaseModel {
  static tableName = 'known_devices';
  static bigintColumns = ['firstSeenAt', 'lastSeenAt'];
  id!: number;
  userId!: number;
  deviceHash!: string;
  userAgent!: string | null;
  firstSeenAt!: number;
  lastSeenAt!: number;
}

/** One attempt to sign in to an account (kept 90 days), for the reviewers' member page. */
export class SignInAttempt extends BaseModel {
  static tableName = 'sign_in_attempts';
  static bigintColumns = ['createdAt'];
  id!: number;
  userId!: number;
  outcome!: 'success' | 'failure' | 'refused';
  reason!: string | null;
  form!: 'member' | 'console';
  userAgent!: string | null;
  ip!: string | null;
  createdAt!: number;
}

/** One fixed window of one rate-limit key. */
export class RateLimit extends BaseModel {
  static tableName = 'rate_limits';
  static idColumn = 'key';
  static bigintColumns = ['windowStart'];
  key!: string;
  windowStart!: number;
  count!: number;
}

/** A single-use link's secret, stored only as its hash: it works once, until it expires. */
export class SingleUseToken extends BaseModel {
  static bigintColumns = ['expiresAt', 'usedAt', 'createdAt'];
  id!: number;
  userId!: number;
  tokenHash!: string;
  expiresAt!: number;
  usedAt!: number | null;
  createdAt!: number;
}

export class PasswordResetToken extends SingleUseToken {
  static tableName = 'password_reset_tokens';
}

export class EmailConfirmationToken extends SingleUseToken {
  static tableName = 'email_confirmation_tokens';
}

/** The link in a suspension email to appeal it; the appeal it led to is a report. */
export class AppealToken extends SingleUseToken {
  static tableName = 'appeal_tokens';
  reportId!: number | null;
}
