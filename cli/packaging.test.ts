// The container deployment, checked without Docker (not available where these tests run): compose.yaml against
// the Compose Specification's schema, its services and the settings it gives Saathi against Saathi's own
// configuration schema, and the Dockerfile's steps against package.json, the CLI and the README.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import Ajv from 'ajv';
import webpush from 'web-push';
import { loadConfig } from '../server/config';
import { configProblems, configWarnings } from '../server/config-checks';
import { buildProgram } from './program';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

type Json = Record<string, unknown>;

/** compose.yaml as data: YAML is read by Python's yaml module (no YAML parser is among the project's packages). */
function composeFile(): Json | null {
  const res = spawnSync('python3', ['-c', 'import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))', path.join(ROOT, 'compose.yaml')], { encoding: 'utf8' });
  return res.status === 0 ? (JSON.parse(res.stdout) as Json) : null;
}
const compose = composeFile();

/** Compose's variable interpolation: ${NAME:?message}, ${NAME:-default}, ${NAME} and $$. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value
    .replace(/\$\{([A-Z0-9_]+)(?:(:\?|:-)([^}]*))?\}/g, (_, name: string, op?: string, arg?: string) => {
      const set = vars[name];
      if (set) return set;
      if (op === ':?') throw new Error(`compose would stop: ${arg}`);
      return op === ':-' ? (arg ?? '') : '';
    })
    .replace(/\$\$/g, '$');
}

const services = () => compose?.services as Record<string, Json>;

describe('compose.yaml', { skip: compose ? false : 'python3 with the yaml module is needed to read YAML here' }, () => {
  test('is a valid Compose file (the Compose Specification schema)', () => {
    const schema = JSON.parse(read('deploy/compose-spec.json')) as Json;
    delete schema.$schema;
    const validate = new Ajv({ strict: false, validateFormats: false, allErrors: true }).compile(schema);
    assert.equal(validate(compose), true, JSON.stringify(validate.errors, null, 2));
  });

  test('has the TLS proxy, two app processes, PostgreSQL, an S3-compatible store and coturn, started in order', () => {
    const s = services();
    assert.deepEqual(Object.keys(s).sort(), ['app1', 'app2', 'bucket', 'coturn', 'migrate', 'minio', 'postgres', 'proxy']);
    for (const app of ['app1', 'app2']) {
      assert.deepEqual(s[app].depends_on, { migrate: { condition: 'service_completed_successfully' }, bucket: { condition: 'service_completed_successfully' } });
      assert.deepEqual((s[app].healthcheck as Json).test, ['CMD', 'node', '-e', "fetch('http://127.0.0.1:3000/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]);
      assert.equal(s[app].command, undefined, 'the image runs saathi serve');
    }
    assert.notDeepEqual(s.app1.volumes, s.app2.volumes, 'each process has its own data directory (its pid lock, temporary uploads)');
    assert.deepEqual(s.migrate.command, ['migrate']);
    assert.deepEqual(s.migrate.depends_on, { postgres: { condition: 'service_healthy' } });
    assert.deepEqual(Object.keys(s.proxy.depends_on as Json).sort(), ['app1', 'app2']);
    assert.match(String(s.postgres.image), /^postgres:15\b/, 'the server version of the pg_dump in the image');
    const caddy = read('deploy/Caddyfile');
    assert.match(caddy, /reverse_proxy app1:3000 app2:3000 \{/);
    assert.match(caddy, /health_uri \/api\/health\/ready/);
    assert.match(caddy, /flush_interval -1/, 'live event streams are not buffered');
    // coturn: Debian's package, the REST-API secret, relaying to public addresses only.
    assert.match(read('deploy/coturn/Dockerfile'), /^FROM debian:bookworm-slim$[\s\S]*apt-get install -y --no-install-recommends coturn/m);
    const turn = (s.coturn.command as string[]).join(' ');
    for (const flag of ['--use-auth-secret', '--listening-port=3478', '--denied-peer-ip=10.0.0.0-10.255.255.255', '--denied-peer-ip=192.168.0.0-192.168.255.255']) assert.ok(turn.includes(flag), `coturn runs with ${flag}`);
  });

  test("the settings it gives the app processes pass Saathi's configuration schema: PostgreSQL, the bucket, behind a trusted TLS proxy", () => {
    const vapid = webpush.generateVAPIDKeys();
    const vars = { POSTGRES_PASSWORD: 'pg-secret-2026', SESSION_KEYS: 'k'.repeat(40), VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, S3_SECRET_ACCESS_KEY: 'minio-secret-2026', SITE_ADDRESS: 'saathi.example', TURN_SECRET: 'turn-secret-2026-0123' };
    for (const app of ['app1', 'app2', 'migrate']) {
      const env = Object.fromEntries(Object.entries(services()[app].environment as Record<string, string>).map(([k, v]) => [k, interpolate(String(v), vars)]));
      const config = loadConfig({}, env);
      assert.equal(config.databaseUrl, 'postgres://saathi:pg-secret-2026@postgres:5432/saathi');
      assert.equal(config.publicUrl, 'https://saathi.example');
      assert.equal(config.trustProxy, true);
      assert.equal(config.secureCookies, true);
      assert.equal(config.media.store, 's3');
      assert.deepEqual(config.media.s3, { bucket: 'saathi-media', endpoint: 'http://minio:9000', region: 'us-east-1', accessKeyId: 'saathi', secretAccessKey: 'minio-secret-2026', forcePathStyle: true, prefix: 'media/' });
      assert.deepEqual(config.turn, { urls: ['turn:saathi.example:3478?transport=udp', 'turn:saathi.example:3478?transport=tcp'], secret: 'turn-secret-2026-0123' });
      assert.deepEqual(configProblems(config), []);
      assert.deepEqual(configWarnings(config), []);
    }
    // The bucket and the store use the same secret and bucket name as the app.
    assert.equal(interpolate(String((services().minio.environment as Json).MINIO_ROOT_PASSWORD), vars), 'minio-secret-2026');
    assert.match(String((services().bucket.command as string[])[0]), /mc mb --ignore-existing store\/saathi-media/);
    assert.ok((services().coturn.command as string[]).map((arg) => interpolate(arg, vars)).includes('--static-auth-secret=turn-secret-2026-0123'), 'coturn and the apps share the TURN secret');
    // A missing secret stops compose with a message rather than starting with a default.
    assert.throws(() => interpolate(String((services().app1.environment as Json).SESSION_KEYS), {}), /set SESSION_KEYS in \.env/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'));
  const stages = instructions.map((line, i) => ({ line, i })).filter(({ line }) => line.startsWith('FROM '));

  test('is multi-stage and the final stage runs as an unprivileged user', () => {
    assert.deepEqual(stages.map(({ line }) => line), ['FROM node:20-bookworm-slim AS build', 'FROM node:20-bookworm-slim AS runtime']);
    const final = instructions.slice(stages[1].i);
    const users = final.filter((line) => line.startsWith('USER '));
    assert.deepEqual(users, ['USER node']);
    const userAt = final.indexOf('USER node');
    assert.ok(final.slice(userAt).every((line) => !line.startsWith('RUN ')), 'nothing runs as root after USER');
    assert.ok(final.some((line) => line.startsWith('COPY --from=build /src/dist ')), 'the runtime gets the build output, not the sources');
  });

  test('builds with the scripts package.json has and runs the CLI command the README documents', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    for (const [, name] of dockerfile.matchAll(/npm run ([a-z:-]+)/g)) assert.ok(scripts[name], `npm run ${name} exists`);
    assert.equal(scripts.build, 'node build.mjs');
    assert.match(dockerfile, /^ENTRYPOINT \["\/usr\/bin\/tini", "--", "node", "dist\/saathi\.mjs"\]$/m);
    assert.match(dockerfile, /^CMD \["serve"\]$/m);
    const commands = buildProgram().commands.map((c) => c.name());
    assert.ok(commands.includes('serve') && commands.includes('migrate'), 'serve and migrate are CLI commands');
    assert.equal(scripts.start, 'node dist/saathi.mjs serve', 'the image starts the app the way npm start does');
  });

  test('its health check asks for readiness', () => {
    const healthcheck = instructions.find((line) => line.startsWith('HEALTHCHECK ')) ?? '';
    assert.match(healthcheck, /^HEALTHCHECK .*CMD \["node", "-e", "fetch\('http:\/\/127\.0\.0\.1:' \+ \(process\.env\.PORT \|\| 3000\) \+ '\/api\/health\/ready'\)/);
  });

  test('the README documents the image and the compose deployment with the commands used here', () => {
    const readme = read('README.md');
    const section = readme.slice(readme.indexOf('## Deployment'), readme.indexOf('\n## ', readme.indexOf('## Deployment') + 5));
    assert.ok(section.length > 200, 'a Deployment section');
    for (const phrase of ['docker build -t saathi .', 'docker compose up -d --build', 'compose.yaml', 'deploy/Caddyfile', '/api/health/ready', 'SESSION_KEYS', 'VAPID_PUBLIC_KEY', 'POSTGRES_PASSWORD', 'S3_SECRET_ACCESS_KEY', 'SITE_ADDRESS', 'TURN_SECRET']) {
      assert.ok(section.includes(phrase), `the Deployment section mentions ${phrase}`);
    }
    for (const service of Object.keys(services() ?? { proxy: 1, app1: 1, app2: 1, postgres: 1, minio: 1 })) assert.ok(section.includes(`\`${service}\``), `the Deployment section names the ${service} service`);
  });
});
