import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
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

// ---- The schema: one entry per environment variable, with the sentence a wrong value is refused with. ----

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];
const bool = z
  .string()
  .transform((v) => v.toLowerCase())
  .refine((v) => TRUE.includes(v) || FALSE.includes(v))
  .transform((v) => TRUE.includes(v));
const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
const price = z
  .string()
  .regex(/^\d+(\.\d{1,2})?$/)
  .transform((v) => Math.round(Number(v) * 100));
const httpUrl = z
  .string()
  .refine((v) => /^https?:\/\/[^\s/]+/.test(v) && URL.canParse(v))
  .transform((v) => v.replace(/\/+$/, ''));
const text = (max = 2000) => z.string().max(max);

interface Setting {
  schema: z.ZodType;
  /** what is allowed, completing "… allowed: " */
  allowed: string;
  secret?: boolean;
}

export const SETTINGS = {
  PORT: { schema: int(0, 65535), allowed: 'a whole number from 0 to 65535' },
  HOST: { schema: text(255), allowed: 'an address to bind, such as 0.0.0.0 or 127.0.0.1' },
  DATA_DIR: { schema: text(4096), allowed: 'a directory path' },
  DATABASE_URL: { schema: z.string().regex(/^postgres(ql)?:\/\/./), allowed: 'a postgres://user:password@host:port/database URL (leave unset for SQLite)', secret: true },
  DB_CLIENT: { schema: z.enum(['better-sqlite3', 'sqlite3']), allowed: 'better-sqlite3 or sqlite3' },
  DEMO_MODE: { schema: bool, allowed: 'true or false' },
  SESSION_KEYS: { schema: z.string().refine((v) => v.split(',').every((k) => k.trim().length >= 32)), allowed: 'comma-separated keys of at least 32 characters each', secret: true },
  SESSION_MAX_AGE_HOURS: { schema: int(1, 24 * 366), allowed: 'a whole number of hours from 1 to 8784' },
  PUBLIC_URL: { schema: httpUrl, allowed: 'an http:// or https:// origin such as https://saathi.example' },
  SECURE_COOKIES: { schema: bool, allowed: 'true or false' },
  TRUST_PROXY: { schema: bool, allowed: 'true or false' },
  TRUST_PROXY_HOPS: { schema: int(1, 10), allowed: 'the number of trusted proxies in front of Saathi, a whole number from 1 to 10' },
  FIRST_FREE_PREMIUM: { schema: int(0, 10_000_000), allowed: 'a whole number from 0 to 10000000' },
  BILLING_GRACE_DAYS: { schema: int(0, 60), allowed: 'a whole number of days from 0 to 60 (0: a failed renewal ends the paid plan at once)' },
  RATE_LIMIT_LOGIN: { schema: int(1, 100_000), allowed: 'a whole number of requests from 1 to 100000' },
  RATE_LIMIT_REGISTER: { schema: int(1, 100_000), allowed: 'a whole number of requests from 1 to 100000' },
  RATE_LIMIT_RESET: { schema: int(1, 100_000), allowed: 'a whole number of requests from 1 to 100000' },
  RATE_LIMIT_CONTACT: { schema: int(1, 100_000), allowed: 'a whole number of requests from 1 to 100000' },
  ARGON2_MEMORY_KIB: { schema: int(1024, 4_194_304), allowed: 'KiB of memory per password hash, a whole number from 1024 to 4194304 (19456 or more outside tests)' },
  ARGON2_TIME_COST: { schema: int(1, 20), allowed: 'passes per password hash, a whole number from 1 to 20 (2 or more outside tests)' },
  STRIPE_SECRET_KEY: { schema: z.string().regex(/^(sk|rk)_/), allowed: 'a Stripe secret key (sk_… or rk_…)', secret: true },
  STRIPE_PUBLISHABLE_KEY: { schema: z.string().regex(/^pk_/), allowed: 'a Stripe publishable key (pk_…)' },
  STRIPE_WEBHOOK_SECRET: { schema: z.string().regex(/^whsec_/), allowed: 'a Stripe webhook signing secret (whsec_…)', secret: true },
  STRIPE_API_BASE: { schema: httpUrl, allowed: 'an http(s) URL' },
  SMTP_URL: { schema: z.string().regex(/^smtps?:\/\/./), allowed: 'an smtp:// or smtps:// URL', secret: true },
  MAIL_FROM: { schema: text(255).regex(/@/), allowed: 'a sender such as Saathi <no-reply@saathi.example>' },
  LLM_BASE_URL: { schema: httpUrl, allowed: 'an http(s) URL of an OpenAI-compatible API' },
  LLM_MODEL: { schema: text(200), allowed: 'a model name' },
  LLM_API_KEY: { schema: text(), allowed: 'an API key', secret: true },
  // Retired: any value is accepted and ignored, with a warning (Tryme is the free base plan, never charged).
  PRICE_TRYME: { schema: z.string(), allowed: 'nothing: retired, Tryme is free' },
  PRICE_PREMIUM: { schema: price, allowed: 'a price in USD such as 14.99' },
  PRICE_ELITE: { schema: price, allowed: 'a price in USD such as 29.99' },
  TRYME_MESSAGE_LIMIT: { schema: int(0, 100_000), allowed: 'a whole number from 0 to 100000' },
  LOG_REQUESTS: { schema: bool, allowed: 'true or false' },
  EXPO_DEV_INFO: { schema: bool, allowed: 'true or false' },
  VAPID_PUBLIC_KEY: { schema: z.string().regex(/^[A-Za-z0-9_-]{87}$/), allowed: 'the base64url public key of a VAPID pair (87 characters, as `npx web-push generate-vapid-keys` prints)' },
  VAPID_PRIVATE_KEY: { schema: z.string().regex(/^[A-Za-z0-9_-]{43}$/), allowed: 'the base64url private key of a VAPID pair (43 characters)', secret: true },
  VAPID_SUBJECT: { schema: z.string().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/), allowed: 'a mailto: address or https: URL the push services can contact' },
  PUSH_ALLOW_LOOPBACK: { schema: bool, allowed: 'true or false (tests only: accept http push endpoints on 127.0.0.1)' },
  METRICS_TOKEN: { schema: z.string().min(16).regex(/^\S+$/), allowed: 'a token of at least 16 characters without spaces', secret: true },
  MEDIA_STORE: { schema: z.enum(['local', 's3']), allowed: 'local or s3' },
  S3_BUCKET: { schema: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/), allowed: 'a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens' },
  S3_ENDPOINT: { schema: httpUrl, allowed: 'the http(s) URL of an S3-compatible store such as http://minio:9000 (leave unset for AWS)' },
  S3_REGION: { schema: z.string().regex(/^[a-z0-9-]{2,40}$/), allowed: 'a region such as us-east-1 (auto for Cloudflare R2)' },
  S3_ACCESS_KEY_ID: { schema: z.string().regex(/^\S{3,128}$/), allowed: 'an access key id without spaces' },
  S3_SECRET_ACCESS_KEY: { schema: z.string().regex(/^\S{3,256}$/), allowed: 'a secret access key without spaces', secret: true },
  S3_FORCE_PATH_STYLE: { schema: bool, allowed: 'true or false' },
  S3_PREFIX: { schema: z.string().regex(/^([A-Za-z0-9._-]+\/)+$/), allowed: 'a key prefix of folder names each ending in /, such as saathi/media/' },
} satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

/** Settings that no longer do anything; set, they are ignored and named at start-up. */
export const RETIRED_SETTINGS = ['PRICE_TRYME'] as const;
export type RetiredSetting = (typeof RETIRED_SETTINGS)[number];
type Parsed = { [K in SettingName]?: z.output<(typeof SETTINGS)[K]['schema']> };

/** The one zod schema of every setting (each optional: unset or empty means the default). */
export const configSchema = z.object(
  Object.fromEntries(Object.entries(SETTINGS).map(([name, s]) => [name, (s as Setting).schema.optional()])) as {
    [K in SettingName]: z.ZodOptional<(typeof SETTINGS)[K]['schema']>;
  },
);

/** A wrong setting: the message names every bad variable, its value and what is allowed, in one sentence. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration refused: ${problems.join('; ')}.`);
  }
}

const shown = (name: string, value: string) => ((SETTINGS as Record<string, Setting>)[name]?.secret ? '(hidden)' : JSON.stringify(value));

/** Validates the environment's settings; unset and empty variables fall back to their defaults. */
export function parseSettings(env: NodeJS.ProcessEnv): Parsed {
  const input: Record<string, string> = {};
  for (const name of Object.keys(SETTINGS)) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') input[name] = value.trim();
  }
  const result = configSchema.safeParse(input);
  if (result.success) {
    const together = settingsTogether(result.data as Parsed);
    if (together.length) throw new ConfigError(together);
    return result.data as Parsed;
  }
  const bad = [...new Set(result.error.issues.map((issue) => String(issue.path[0])))];
  throw new ConfigError(bad.map((name) => `${name}=${shown(name, input[name] ?? '')} is not allowed (allowed: ${(SETTINGS as Record<string, Setting>)[name].allowed})`));
}

/** Settings that are each valid but only make sense with another one. */
function settingsTogether(s: Parsed): string[] {
  const problems: string[] = [];
  if (s.MEDIA_STORE === 's3' && !s.S3_BUCKET) problems.push('MEDIA_STORE=s3 needs S3_BUCKET (the name of the bucket that holds the media)');
  if (Boolean(s.S3_ACCESS_KEY_ID) !== Boolean(s.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the default AWS credentials (environment, instance or task role)');
  }
  if (!s.S3_BUCKET) {
    const orphans = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const).filter((name) => s[name] !== undefined);
    if (orphans.length) problems.push(`${orphans.join(', ')} ${orphans.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not: set S3_BUCKET (and MEDIA_STORE=s3) or unset ${orphans.length > 1 ? 'them' : 'it'}`);
  }
  return problems;
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
  };
  const merged = { ...base, ...overrides };
  return { ...merged, staffTwoFactorRequired: overrides.staffTwoFactorRequired ?? !merged.demoMode };
}

// Combinations refused or warned about, and the printed configuration.
