import fs from 'node:fs';
import path from 'node:path';
import { RETIRED_SETTINGS, type RetiredSetting, parseSettings } from './config-settings';
import type { Argon2Params } from './services/passwords';

export type DbClient = 'better-sqlite3' | 'sqlite3' | 'pg';

export interface RateLimitRule {
  /** requests allowed per window */
  max: number;
  windowMs: number;
}

/** Every setting in one typed object, read from the environment (and an optional .env) and CLI flags. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… switches to PostgreSQL; otherwise SQLite in dataDir */
  databaseUrl: string | null;
  dbClient: DbClient;
  /**
   * Demo mode: reset links shown on screen (never a staff account's), demo payments, accounts usable without
   * confirming their email, and a banner on every page. Only when asked for (`serve --demo`, DEMO_MODE=true):
   * a plain `saathi serve` is a real deployment, whatever its database.
   */
  demoMode: boolean;
  /** Staff must turn on two-factor before the console serves them (always, except in demo mode: its demo reviewers). */
  staffTwoFactorRequired: boolean;
  /** Cookie-signing keys; generated into dataDir on first start when not given. */
  sessionKeys: string[] | null;
  sessionMaxAgeMs: number;
  /** Public origin (https://saathi.example) used in links sent by email and for the CSRF origin check. */
  publicUrl: string | null;
  secureCookies: boolean;
  trustProxy: boolean;
  /**
   * How many proxies of ours stand in front (with trustProxy): the client address is the X-Forwarded-For entry the
   * farthest of them added, never one the client wrote itself.
   */
  trustProxyHops: number;
  firstFreePremium: number;
  /** Days a member keeps their paid plan after a renewal payment fails, while the card is retried or replaced. */
  billingGraceDays: number;
  rateLimits: {
    login: RateLimitRule;
    register: RateLimitRule;
    passwordReset: RateLimitRule;
    contact: RateLimitRule;
  };
  /** Argon2id cost of new password hashes (OWASP: 19 MiB, 2 passes); see services/passwords.ts */
  argon2: Argon2Params;
  /** apiBase points the Stripe client elsewhere (stripe-mock, or the tests' fake Stripe server) */
  stripe: { secretKey: string | null; publishableKey: string | null; webhookSecret: string | null; apiBase: string | null };
  smtpUrl: string | null;
  mailFrom: string;
  llm: { baseUrl: string | null; model: string | null; apiKey: string | null };
  /** Monthly prices of the paid plans (null: the plan catalogue's). Tryme is free: it has no price. */
  prices: { premiumCents: number | null; eliteCents: number | null };
  /** Retired settings found in the environment: ignored, and named by the start-up warnings (config-checks.ts). */
  retiredSettings: RetiredSetting[];
  trymeMessageLimit: number;
  logRequests: boolean;
  /** GET /api/dev/expo-info for staff outside demo mode (it hands out the Expo dev-client token and host) */
  expoDevInfo: boolean;
  /** bearer token for GET /metrics; without it there is no /metrics */
  metricsToken: string | null;
  /**
   * Web Push: the VAPID key pair (generated into dataDir on first start when not given, like the session keys),
   * the contact the push services see, and (tests only) whether plain-http loopback endpoints are accepted.
   */
  push: { vapidPublicKey: string | null; vapidPrivateKey: string | null; subject: string; allowLoopback: boolean };
  /**
   * Where uploaded media live: `local` (DATA_DIR/media, one machine) or `s3` (an S3-compatible bucket every process
   * shares). `s3` is read whenever S3_BUCKET is set, so `saathi media migrate --to s3` works before the switch.
   */
  media: { store: 'local' | 's3'; s3: S3Settings | null };
  /**
   * Video calls: the coturn server(s) the apps relay through, and its static-auth-secret, from which the server
   * derives each participant's short-lived TURN credentials. Null: video calls are off.
   */
  turn: { urls: string[]; secret: string } | null;
}

export interface S3Settings {
  bucket: string;
  /** any S3-compatible endpoint (MinIO, R2, Ceph…); null for AWS itself */
  endpoint: string | null;
  region: string;
  /** null: the AWS SDK's default credentials (environment, instance or task role) */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** bucket in the path (http://host/bucket/key) instead of the host name; most self-hosted stores need it */
  forcePathStyle: boolean;
  /** key prefix of every media object, '' or ending in '/' */
  prefix: string;
}

/**
 * Reads `.env` in the working directory into the environment, if there is one (Node's own loader; variables
 * already set in the environment win). Called by the CLI before anything reads the configuration.
 */
export function loadDotEnv(file = path.resolve('.env')): string | null {
  if (!fs.existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}

export function loadConfig(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const s = parseSettings(env);
  const databaseUrl = s.DATABASE_URL ?? null;
  const dbClient: DbClient = databaseUrl ? 'pg' : (s.DB_CLIENT ?? 'better-sqlite3');
  const publicUrl = s.PUBLIC_URL ?? null;
  const base: Config = {
    port: s.PORT ?? 3000,
    host: s.HOST ?? '0.0.0.0',
    dataDir: path.resolve(s.DATA_DIR ?? './data'),
    databaseUrl,
    dbClient,
    demoMode: s.DEMO_MODE ?? false,
    staffTwoFactorRequired: !(s.DEMO_MODE ?? false),
    sessionKeys: s.SESSION_KEYS ? s.SESSION_KEYS.split(',').map((k) => k.trim()).filter(Boolean) : null,
    sessionMaxAgeMs: (s.SESSION_MAX_AGE_HOURS ?? 24 * 14) * 3600_000,
    publicUrl,
    secureCookies: s.SECURE_COOKIES ?? Boolean(publicUrl?.startsWith('https://')),
    trustProxy: s.TRUST_PROXY ?? false,
    trustProxyHops: s.TRUST_PROXY_HOPS ?? 1,
    firstFreePremium: s.FIRST_FREE_PREMIUM ?? 500,
    billingGraceDays: s.BILLING_GRACE_DAYS ?? 7,
    rateLimits: {
      login: { max: s.RATE_LIMIT_LOGIN ?? 10, windowMs: 15 * 60_000 },
      register: { max: s.RATE_LIMIT_REGISTER ?? 10, windowMs: 60 * 60_000 },
      passwordReset: { max: s.RATE_LIMIT_RESET ?? 5, windowMs: 60 * 60_000 },
      contact: { max: s.RATE_LIMIT_CONTACT ?? 5, windowMs: 60 * 60_000 },
    },
    argon2: { memoryKib: s.ARGON2_MEMORY_KIB ?? 19456, timeCost: s.ARGON2_TIME_COST ?? 2 },
    stripe: {
      secretKey: s.STRIPE_SECRET_KEY ?? null,
      publishableKey: s.STRIPE_PUBLISHABLE_KEY ?? null,
      webhookSecret: s.STRIPE_WEBHOOK_SECRET ?? null,
      apiBase: s.STRIPE_API_BASE ?? null,
    },
    smtpUrl: s.SMTP_URL ?? null,
    mailFrom: s.MAIL_FROM ?? 'Saathi <no-reply@saathi.local>',
    llm: { baseUrl: s.LLM_BASE_URL ?? null, model: s.LLM_MODEL ?? null, apiKey: s.LLM_API_KEY ?? null },
    prices: { premiumCents: s.PRICE_PREMIUM ?? null, eliteCents: s.PRICE_ELITE ?? null },
    retiredSettings: RETIRED_SETTINGS.filter((name) => s[name] !== undefined),
    trymeMessageLimit: s.TRYME_MESSAGE_LIMIT ?? 5,
    logRequests: s.LOG_REQUESTS ?? true,
    expoDevInfo: s.EXPO_DEV_INFO ?? false,
    metricsToken: s.METRICS_TOKEN ?? null,
    push: {
      vapidPublicKey: s.VAPID_PUBLIC_KEY ?? null,
      vapidPrivateKey: s.VAPID_PRIVATE_KEY ?? null,
      subject: s.VAPID_SUBJECT ?? (publicUrl?.startsWith('https://') ? publicUrl : 'mailto:no-reply@saathi.local'),
      allowLoopback: s.PUSH_ALLOW_LOOPBACK ?? false,
    },
    media: {
      store: s.MEDIA_STORE ?? 'local',
      s3: s.S3_BUCKET
        ? {
            bucket: s.S3_BUCKET,
            endpoint: s.S3_ENDPOINT ?? null,
            region: s.S3_REGION ?? 'us-east-1',
            accessKeyId: s.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: s.S3_SECRET_ACCESS_KEY ?? null,
            forcePathStyle: s.S3_FORCE_PATH_STYLE ?? false,
            prefix: s.S3_PREFIX ?? 'media/',
          }
        : null,
    },
    turn: s.TURN_URLS && s.TURN_SECRET ? { urls: s.TURN_URLS.split(',').map((u) => u.trim()), secret: s.TURN_SECRET } : null,
  };
  const merged = { ...base, ...overrides };
  return { ...merged, staffTwoFactorRequired: overrides.staffTwoFactorRequired ?? !merged.demoMode };
}

// Combinations refused or warned about, and the printed configuration: config-checks.ts.
