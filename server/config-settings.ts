import { z } from 'zod';

/**
 * The environment's settings: one entry per variable with its zod schema and the sentence a wrong value is refused
 * with, and their validation (every bad variable named in one error, settings that need another one refused).
 * config.ts turns the validated settings into the typed Config with its defaults.
 */

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
/** a TURN or STUN server as RTCIceServer.urls takes it (RFC 7064/7065): host, optional port and transport */
const TURN_URL = /^(turns?|stun):[A-Za-z0-9.[\]:-]+(:\d{1,5})?(\?transport=(udp|tcp))?$/;

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
  TURN_URLS: {
    schema: z.string().refine((v) => v.split(',').every((u) => TURN_URL.test(u.trim()))),
    allowed: 'comma-separated turn:, turns: or stun: URLs such as turn:turn.saathi.example:3478?transport=udp,turns:turn.saathi.example:5349?transport=tcp',
  },
  TURN_SECRET: { schema: z.string().min(16).regex(/^\S+$/), allowed: "coturn's static-auth-secret: at least 16 characters without spaces", secret: true },
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
  if (Boolean(s.TURN_URLS) !== Boolean(s.TURN_SECRET)) {
    problems.push('TURN_URLS and TURN_SECRET go together: set both (the coturn server and its static-auth-secret) for video calls, or neither to turn video calls off');
  } else if (s.TURN_URLS && !s.TURN_URLS.split(',').some((u) => /^turns?:/.test(u.trim()))) {
    problems.push('TURN_URLS needs at least one turn: or turns: URL: calls are relayed through TURN only, a stun: URL alone connects nobody');
  }
  if (!s.S3_BUCKET) {
    const orphans = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const).filter((name) => s[name] !== undefined);
    if (orphans.length) problems.push(`${orphans.join(', ')} ${orphans.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not: set S3_BUCKET (and MEDIA_STORE=s3) or unset ${orphans.length > 1 ? 'them' : 'it'}`);
  }
  return problems;
}
