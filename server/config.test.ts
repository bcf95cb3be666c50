import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { loadConfig } from './config';
import { ConfigError } from './config-settings';
import { configWarnings, describeConfig } from './config-checks';

const refusal = (env: NodeJS.ProcessEnv): ConfigError => {
  try {
    loadConfig({}, env);
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error;
  }
  assert.fail('the configuration was accepted');
};

describe('configuration schema', () => {
  test('typos are refused with the variable, its value and what is allowed', () => {
    assert.equal(refusal({ SECURE_COOKIES: 'ture' }).message, 'Configuration refused: SECURE_COOKIES="ture" is not allowed (allowed: true or false).');
    assert.match(refusal({ PORT: '3000abc' }).message, /PORT="3000abc" is not allowed \(allowed: a whole number from 0 to 65535\)/);
    assert.match(refusal({ PORT: '70000' }).message, /PORT="70000"/);
    assert.match(refusal({ ARGON2_MEMORY_KIB: '1000' }).message, /ARGON2_MEMORY_KIB="1000" is not allowed \(allowed: KiB of memory per password hash, a whole number from 1024/);
    assert.match(refusal({ ARGON2_TIME_COST: '0' }).message, /ARGON2_TIME_COST="0"/);
    assert.match(refusal({ PUBLIC_URL: 'saathi.example' }).message, /PUBLIC_URL="saathi.example" is not allowed \(allowed: an http:\/\/ or https:\/\/ origin/);
    assert.match(refusal({ DB_CLIENT: 'mysql' }).message, /DB_CLIENT="mysql" is not allowed \(allowed: better-sqlite3 or sqlite3\)/);
    assert.match(refusal({ PRICE_PREMIUM: '-3' }).message, /PRICE_PREMIUM/);
  });

  test('every bad variable is named in one message; a secret value is never repeated', () => {
    const error = refusal({ PORT: 'x', TRUST_PROXY: 'maybe', STRIPE_SECRET_KEY: 'oops-my-real-key', SESSION_MAX_AGE_HOURS: '0' });
    assert.deepEqual(error.problems.map((p) => p.split('=')[0]).sort(), ['PORT', 'SESSION_MAX_AGE_HOURS', 'STRIPE_SECRET_KEY', 'TRUST_PROXY']);
    assert.doesNotMatch(error.message, /oops-my-real-key/);
    assert.match(error.message, /STRIPE_SECRET_KEY=\(hidden\) is not allowed/);
    assert.equal(error.message.split('\n').length, 1);
  });

  test('good values are read; unset and empty variables take the defaults', () => {
    const config = loadConfig({}, { PORT: '8080', SECURE_COOKIES: 'FALSE', TRUST_PROXY: 'on', PUBLIC_URL: 'https://saathi.example/', PRICE_PREMIUM: '14.99', DATABASE_URL: '', ARGON2_TIME_COST: '' });
    assert.equal(config.port, 8080);
    assert.equal(config.secureCookies, false);
    assert.equal(config.trustProxy, true);
    assert.equal(config.publicUrl, 'https://saathi.example');
    assert.equal(config.prices.premiumCents, 1499);
    assert.equal(config.databaseUrl, null);
    assert.equal(config.dbClient, 'better-sqlite3');
    assert.deepEqual(config.argon2, { memoryKib: 19456, timeCost: 2 });
    assert.equal(loadConfig({}, { PUBLIC_URL: 'https://saathi.example' }).secureCookies, true, 'secure cookies follow an https public URL');
    assert.equal(loadConfig({}, { DATABASE_URL: 'postgres://u:p@db:5432/saathi' }).dbClient, 'pg');
  });

  test('an https public URL without a trusted proxy is named at start', () => {
    const warnings = configWarnings(loadConfig({}, { PUBLIC_URL: 'https://saathi.example' }));
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /TRUST_PROXY is off/);
    assert.deepEqual(configWarnings(loadConfig({}, { PUBLIC_URL: 'https://saathi.example', TRUST_PROXY: 'true' })), []);
  });

  test('PRICE_TRYME is retired: accepted whatever its value, ignored, and named by a warning', () => {
    for (const value of ['1.00', 'free', '-3']) {
      const config = loadConfig({}, { PRICE_TRYME: value, PUBLIC_URL: 'https://saathi.example', TRUST_PROXY: 'true' });
      assert.deepEqual(config.retiredSettings, ['PRICE_TRYME']);
      assert.deepEqual(Object.keys(config.prices), ['premiumCents', 'eliteCents'], 'no Tryme price');
      assert.deepEqual(configWarnings(config), ['PRICE_TRYME is retired and ignored: Tryme is the free base plan every account starts on and is never charged. Remove it from the environment.']);
    }
    assert.deepEqual(loadConfig({}, {}).retiredSettings, []);
  });

  test('the printed configuration masks secrets', () => {
    const lines = describeConfig(loadConfig({}, { DATABASE_URL: 'postgres://saathi:hunter2@db:5432/saathi', STRIPE_SECRET_KEY: 'sk_live_abcdef', SESSION_KEYS: 'k'.repeat(40) }));
    const text = lines.join('\n');
    assert.doesNotMatch(text, /hunter2|sk_live_abcdef|kkkkkkkk/);
    assert.match(text, /^databaseUrl = postgres:\/\/saathi:•••@db:5432\/saathi$/m);
    assert.match(text, /^stripe\.secretKey = ••• \(set, 14 characters\)$/m);
    assert.match(text, /^port = 3000$/m);
  });
});

describe('media storage settings', () => {
  const s3 = { MEDIA_STORE: 's3', S3_BUCKET: 'saathi-media', S3_ENDPOINT: 'http://minio:9000/', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'saathi', S3_SECRET_ACCESS_KEY: 'minio-secret-key' };

  test('local by default; MEDIA_STORE=s3 reads the bucket, endpoint, region, keys, path style and prefix', () => {
    assert.deepEqual(loadConfig({}, {}).media, { store: 'local', s3: null });
    assert.deepEqual(loadConfig({}, s3).media, {
      store: 's3',
      s3: { bucket: 'saathi-media', endpoint: 'http://minio:9000', region: 'us-east-1', accessKeyId: 'saathi', secretAccessKey: 'minio-secret-key', forcePathStyle: true, prefix: 'media/' },
    });
    assert.equal(loadConfig({}, { ...s3, S3_REGION: 'eu-west-2', S3_PREFIX: 'prod/media/' }).media.s3?.prefix, 'prod/media/');
  });

  test('bad or incomplete S3 settings are refused with what to set', () => {
    assert.equal(refusal({ MEDIA_STORE: 'S3' }).message, 'Configuration refused: MEDIA_STORE="S3" is not allowed (allowed: local or s3).');
    assert.equal(refusal({ MEDIA_STORE: 's3' }).message, 'Configuration refused: MEDIA_STORE=s3 needs S3_BUCKET (the name of the bucket that holds the media).');
    assert.match(refusal({ ...s3, S3_BUCKET: 'My_Bucket' }).message, /S3_BUCKET="My_Bucket" is not allowed \(allowed: a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens\)/);
    assert.match(refusal({ ...s3, S3_ENDPOINT: 'minio:9000' }).message, /S3_ENDPOINT="minio:9000" is not allowed \(allowed: the http\(s\) URL of an S3-compatible store/);
    assert.match(refusal({ ...s3, S3_FORCE_PATH_STYLE: 'yes please' }).message, /S3_FORCE_PATH_STYLE="yes please"/);
    assert.match(refusal({ ...s3, S3_PREFIX: 'media' }).message, /S3_PREFIX="media" is not allowed \(allowed: a key prefix of folder names each ending in \//);
    assert.match(refusal({ ...s3, S3_SECRET_ACCESS_KEY: '' }).message, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither/);
    assert.match(refusal({ S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'auto' }).message, /S3_ENDPOINT, S3_REGION are set but S3_BUCKET is not/);
    const secret = refusal({ ...s3, S3_SECRET_ACCESS_KEY: 'has a space' });
    assert.match(secret.message, /S3_SECRET_ACCESS_KEY=\(hidden\)/);
    assert.doesNotMatch(secret.message, /has a space/);
  });

  test('the secret key is masked when printed; a bucket with the local store is named at start', () => {
    const text = describeConfig(loadConfig({}, s3)).join('\n');
    assert.match(text, /^media\.s3\.secretAccessKey = ••• \(set, 16 characters\)$/m);
    assert.doesNotMatch(text, /minio-secret-key/);
    assert.match(text, /^media\.store = s3$/m);
    const warnings = configWarnings(loadConfig({}, { ...s3, MEDIA_STORE: 'local' }));
    assert.deepEqual(warnings, ['S3_BUCKET is set but MEDIA_STORE is local: media stay in DATA_DIR/media; copy them with saathi media migrate --to s3, then set MEDIA_STORE=s3.']);
  });
});

describe('saathi config and a refused start', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-config-'));
  const cli = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), path.resolve(import.meta.dirname, '../cli/index.ts'), ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, ...env },
      timeout: 60_000,
    });

  test('config --check exits 1 with one sentence; serve refuses the same typo before opening anything', () => {
    const check = cli(['config', '--check'], { SECURE_COOKIES: 'ture', PORT: '3000abc' });
    assert.equal(check.status, 1);
    assert.equal(check.stderr.trim(), 'Error: Configuration refused: PORT="3000abc" is not allowed (allowed: a whole number from 0 to 65535); SECURE_COOKIES="ture" is not allowed (allowed: true or false).');
    const serve = cli(['serve'], { SECURE_COOKIES: 'ture' });
    assert.equal(serve.status, 1);
    assert.match(serve.stderr, /^Error: Configuration refused: SECURE_COOKIES="ture"/);
    assert.doesNotMatch(serve.stderr, /at .*\.ts:\d+/, 'no stack trace');
    assert.equal(fs.existsSync(path.join(dir, 'saathi.sqlite')), false, 'nothing created');
    const unsafe = cli(['config', '--check'], { DEMO_MODE: 'true', PUBLIC_URL: 'https://saathi.example' });
    assert.equal(unsafe.status, 1);
    assert.match(unsafe.stderr, /Demo mode is refused/);
    assert.equal(cli(['config', '--check'], {}).status, 0);
  });

  test('config reads .env (the environment wins) and prints the effective values with secrets masked', () => {
    fs.writeFileSync(path.join(dir, '.env'), 'PORT=4100\nLLM_API_KEY=super-secret-llm-key\nHOST=127.0.0.1\n');
    try {
      const res = cli(['config'], { HOST: '::1' });
      assert.equal(res.status, 0, res.stderr);
      assert.match(res.stdout, /^port = 4100$/m);
      assert.match(res.stdout, /^host = ::1$/m);
      assert.match(res.stdout, /^llm\.apiKey = ••• \(set, 20 characters\)$/m);
      assert.doesNotMatch(res.stdout, /super-secret-llm-key/);
      fs.writeFileSync(path.join(dir, '.env'), 'ARGON2_MEMORY_KIB=1000\n');
      const bad = cli(['config', '--check'], {});
      assert.equal(bad.status, 1);
      assert.match(bad.stderr, /ARGON2_MEMORY_KIB="1000" is not allowed/);
    } finally {
      fs.rmSync(path.join(dir, '.env'));
    }
  });
});
