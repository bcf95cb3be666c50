import type { Config } from './config';

/**
 * Combinations that must never run, each as one sentence (empty when the configuration is safe). Demo mode hands
 * reset links to whoever asks, so it cannot serve a public https origin.
 */
export function configProblems(config: Pick<Config, 'demoMode' | 'publicUrl'> & Partial<Pick<Config, 'push'>>): string[] {
  const problems: string[] = [];
  if (config.push && Boolean(config.push.vapidPublicKey) !== Boolean(config.push.vapidPrivateKey)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (one key pair), or neither to have a pair generated into the data directory.');
  }
  if (config.demoMode && config.publicUrl?.startsWith('https://')) {
    problems.push(
      `Demo mode is refused with the https public URL ${config.publicUrl}: demo mode shows password-reset links to anyone who asks. Unset DEMO_MODE (and drop --demo) for a real deployment, or use an http://localhost PUBLIC_URL for a demo.`,
    );
  }
  return problems;
}

/** Combinations that run but are probably not what the operator meant, each as one sentence. */
export function configWarnings(config: Pick<Config, 'publicUrl' | 'trustProxy' | 'demoMode' | 'argon2'> & Partial<Pick<Config, 'media' | 'retiredSettings'>>): string[] {
  const warnings: string[] = [];
  if (config.retiredSettings?.includes('PRICE_TRYME')) {
    warnings.push('PRICE_TRYME is retired and ignored: Tryme is the free base plan every account starts on and is never charged. Remove it from the environment.');
  }
  if (config.publicUrl?.startsWith('https://') && !config.trustProxy) {
    warnings.push(`PUBLIC_URL is https but TRUST_PROXY is off: behind a TLS proxy set TRUST_PROXY=true, or requests arriving over the proxy are refused with a page naming TRUST_PROXY.`);
  }
  if (!config.demoMode && (config.argon2.memoryKib < 19456 || config.argon2.timeCost < 2)) {
    warnings.push(`ARGON2_MEMORY_KIB=${config.argon2.memoryKib} / ARGON2_TIME_COST=${config.argon2.timeCost} are below OWASP's 19456 KiB and 2 passes: fine for tests, too weak for a real deployment.`);
  }
  if (config.media?.store === 'local' && config.media.s3) {
    warnings.push(`S3_BUCKET is set but MEDIA_STORE is local: media stay in DATA_DIR/media; copy them with saathi media migrate --to s3, then set MEDIA_STORE=s3.`);
  }
  return warnings;
}

/** The effective configuration as `saathi config` prints it: one `key = value` line each, secrets masked. */
export function describeConfig(config: Config): string[] {
  const secret = new Set(['databaseUrl', 'sessionKeys', 'stripe.secretKey', 'stripe.webhookSecret', 'smtpUrl', 'llm.apiKey', 'metricsToken', 'push.vapidPrivateKey', 'media.s3.secretAccessKey', 'turn.secret']);
  const lines: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}.${k}` : k);
      return;
    }
    if (value === null || value === undefined) lines.push(`${key} = (not set)`);
    else if (secret.has(key)) lines.push(`${key} = ${mask(Array.isArray(value) ? value.join(',') : String(value))}`);
    else lines.push(`${key} = ${Array.isArray(value) ? value.join(',') : String(value)}`);
  };
  walk(config, '');
  return lines;
}

/** A secret as "set (N characters)"; a URL keeps its scheme and host so the operator can tell which one it is. */
function mask(value: string): string {
  if (URL.canParse(value) && /^[a-z]+:\/\//.test(value)) {
    const url = new URL(value);
    return `${url.protocol}//${url.username ? `${url.username}:•••@` : ''}${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  }
  return `••• (set, ${value.length} characters)`;
}
