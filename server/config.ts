import path from 'node:path';

export type DbClient = 'better-sqlite3' | 'sqlite3' | 'pg';

export interface RateLimitRule {
  /** requests allowed per window */
  max: number;
  windowMs: number;
}

/** Every setting in one typed object, read from the environment and CLI flags. */
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
  /** Cookie-signing keys; generated into dataDir on first start when not given. */
  sessionKeys: string[] | null;
  sessionMaxAgeMs: number;
  /** Public origin (https://saathi.example) used in links sent by email and for the CSRF origin check. */
  publicUrl: string | null;
  secureCookies: boolean;
  trustProxy: boolean;
  firstFreePremium: number;
  rateLimits: {
    login: RateLimitRule;
    register: RateLimitRule;
    passwordReset: RateLimitRule;
    contact: RateLimitRule;
  };
  scryptCost: number;
  /** apiBase points the Stripe client elsewhere (stripe-mock, or the tests' fake Stripe server) */
  stripe: { secretKey: string | null; publishableKey: string | null; webhookSecret: string | null; apiBase: string | null };
  smtpUrl: string | null;
  mailFrom: string;
  llm: { baseUrl: string | null; model: string | null; apiKey: string | null };
  prices: { trymeCents: number | null; premiumCents: number | null; eliteCents: number | null };
  trymeMessageLimit: number;
  logRequests: boolean;
  /** GET /api/dev/expo-info for staff outside demo mode (it hands out the Expo dev-client token and host) */
  expoDevInfo: boolean;
}

function intFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number.parseInt(value, 10);
  if (!Number.isFinite(parsed)) throw new Error(`Expected a number, got "${value}"`);
  return parsed;
}

function centsFromEnv(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const dollars = Number.parseFloat(value);
  if (!Number.isFinite(dollars) || dollars < 0) throw new Error(`Expected a price, got "${value}"`);
  return Math.round(dollars * 100);
}

function boolFromEnv(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

export function loadConfig(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || null;
  const dbClientEnv = (env.DB_CLIENT || '').toLowerCase();
  const dbClient: DbClient = databaseUrl?.startsWith('postgres')
    ? 'pg'
    : dbClientEnv === 'sqlite3'
      ? 'sqlite3'
      : 'better-sqlite3';
  const base: Config = {
    port: intFromEnv(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    dbClient,
    demoMode: boolFromEnv(env.DEMO_MODE, false),
    sessionKeys: env.SESSION_KEYS ? env.SESSION_KEYS.split(',').map((k) => k.trim()).filter(Boolean) : null,
    sessionMaxAgeMs: intFromEnv(env.SESSION_MAX_AGE_HOURS, 24 * 14) * 3600_000,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    secureCookies: boolFromEnv(env.SECURE_COOKIES, Boolean(env.PUBLIC_URL?.startsWith('https://'))),
    trustProxy: boolFromEnv(env.TRUST_PROXY, false),
    firstFreePremium: intFromEnv(env.FIRST_FREE_PREMIUM, 500),
    rateLimits: {
      login: { max: intFromEnv(env.RATE_LIMIT_LOGIN, 10), windowMs: 15 * 60_000 },
      register: { max: intFromEnv(env.RATE_LIMIT_REGISTER, 10), windowMs: 60 * 60_000 },
      passwordReset: { max: intFromEnv(env.RATE_LIMIT_RESET, 5), windowMs: 60 * 60_000 },
      contact: { max: intFromEnv(env.RATE_LIMIT_CONTACT, 5), windowMs: 60 * 60_000 },
    },
    scryptCost: intFromEnv(env.SCRYPT_COST, 16384),
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || null,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
      apiBase: env.STRIPE_API_BASE || null,
    },
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Saathi <no-reply@saathi.local>',
    llm: { baseUrl: env.LLM_BASE_URL || null, model: env.LLM_MODEL || null, apiKey: env.LLM_API_KEY || null },
    prices: {
      trymeCents: centsFromEnv(env.PRICE_TRYME),
      premiumCents: centsFromEnv(env.PRICE_PREMIUM),
      eliteCents: centsFromEnv(env.PRICE_ELITE),
    },
    trymeMessageLimit: intFromEnv(env.TRYME_MESSAGE_LIMIT, 5),
    logRequests: boolFromEnv(env.LOG_REQUESTS, true),
    expoDevInfo: boolFromEnv(env.EXPO_DEV_INFO, false),
  };
  return { ...base, ...overrides };
}

/**
 * Combinations that must never run, each as one sentence (empty when the configuration is safe). Demo mode hands
 * reset links to whoever asks, so it cannot serve a public https origin.
 */
export function configProblems(config: Pick<Config, 'demoMode' | 'publicUrl'>): string[] {
  const problems: string[] = [];
  if (config.demoMode && config.publicUrl?.startsWith('https://')) {
    problems.push(
      `Demo mode is refused with the https public URL ${config.publicUrl}: demo mode shows password-reset links to anyone who asks. Unset DEMO_MODE (and drop --demo) for a real deployment, or use an http://localhost PUBLIC_URL for a demo.`,
    );
  }
  return problems;
}
