// The API's refusals in the member's language: every text a route or service throws at members is a catalogue
// message (Hindi and Tamil beside English), and a refusal with values (a limit, a name) is thrown by its id, so
// the reader's language gets the values in its own sentence.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import * as acorn from 'acorn';
import { transformSync } from 'esbuild';
import { HttpError, said } from '../errors';
import { buildProfile, signedInClient } from '../test/factories';
import { Client, type TestServer, startTestServer } from '../test/harness';
import { localizedMessage } from '.';

const FACTORIES = new Set(['badRequest', 'validationFailed', 'unauthorized', 'forbidden', 'notFound', 'conflict', 'gone', 'payloadTooLarge', 'unsupportedMediaType', 'unprocessable', 'tooManyRequests', 'HttpError']);

/** Code whose refusals reach staff or operators (the ops console, webhooks, health, metrics, the CLI): English. */
const STAFF_FILES = [/^server\/routes\/ops\//, /^server\/routes\/health\//, /^server\/metrics\.ts$/, /^server\/services\/staff\.ts$/, /^server\/services\/suspensions\.ts$/, /^server\/services\/billing\/events\.ts$/, /^server\/services\/email\/announcements\.ts$/];
const STAFF_TEXTS = new Set([
  'Only administrators can do that',
  'This console is for Saathi reviewers and administrators. Member accounts cannot use it.',
  'Console accounts keep two-factor authentication on',
  'Webhooks are not configured',
  'Invalid webhook signature',
]);

type Thrown = { file: string; text: string | null; source: string };

/** The first argument (the message) of every error made in the server's code: its text, or null when computed. */
function thrownTexts(): Thrown[] {
  const files = execFileSync('git', ['ls-files', 'server/*.ts'], { encoding: 'utf8' }).split('\n').filter((f) => f && !f.endsWith('.test.ts') && !f.endsWith('.d.ts') && !f.startsWith('server/test/'));
  const found: Thrown[] = [];
  for (const file of files) {
    const code = transformSync(fs.readFileSync(file, 'utf8'), { loader: 'ts', format: 'esm' }).code;
    const visit = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const n = node as acorn.Node & Record<string, unknown>;
      if ((n.type === 'CallExpression' || n.type === 'NewExpression') && (n.callee as acorn.Identifier).type === 'Identifier' && FACTORIES.has((n.callee as acorn.Identifier).name)) {
        const args = n.arguments as acorn.Expression[];
        const message = (n.callee as acorn.Identifier).name === 'HttpError' ? args[1] : args[0];
        if (message?.type === 'Literal' && typeof message.value === 'string') found.push({ file, text: message.value, source: code.slice(message.start, message.end) });
        else if (message?.type === 'TemplateLiteral') found.push({ file, text: message.expressions.length === 0 ? message.quasis[0].value.cooked ?? '' : null, source: code.slice(message.start, message.end) });
      }
      for (const value of Object.values(n)) {
        if (Array.isArray(value)) value.forEach(visit);
        else if (value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string') visit(value);
      }
    };
    visit(acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module' }));
  }
  return found;
}

describe('refusals in the catalogue', () => {
  const members = thrownTexts().filter((t) => !STAFF_FILES.some((re) => re.test(t.file)) && !(t.text && STAFF_TEXTS.has(t.text)));

  test('every text thrown at members is a catalogue message with Hindi and Tamil', () => {
    assert.ok(members.length > 100, `the scan found the server's refusals (${members.length})`);
    const missing = members.filter((t) => t.text !== null && (localizedMessage(t.text, 'hi') === t.text || localizedMessage(t.text, 'ta') === t.text));
    assert.deepEqual(missing.map((t) => `${t.file}: ${t.text}`), [], 'add these under server.error.* in en.json, hi.json and ta.json');
  });

  test('a text with values is thrown by its id (said), not put together in English', () => {
    const built = members.filter((t) => t.text === null);
    assert.deepEqual(built.map((t) => `${t.file}: ${t.source}`), []);
  });

  test('a refusal thrown by id keeps its English as the error message, for logs', () => {
    const error = new HttpError(409, said('server.error.family.full', { count: 3 }), 'conflict');
    assert.equal(error.message, 'This profile already has 3 family members');
    assert.deepEqual(error.said, { id: 'server.error.family.full', values: { count: 3 } });
  });
});

describe('refusals in the reader’s language (API)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  async function freeSeeker(language: 'en' | 'hi' | 'ta', name: string) {
    const me = await signedInClient(server, { fullName: name, tier: 'tryme', language });
    await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male', city: 'Toronto', country: 'Canada' });
    return me;
  }

  async function refusal(res: Response): Promise<{ status: number; message: string; code: string }> {
    const body = (await res.json()) as { message: string; code: string };
    return { status: res.status, message: body.message, code: body.code };
  }

  test('Hindi: the Free plan’s limit of saved searches names its numbers in a Hindi sentence; nothing more is saved', async () => {
    const me = await freeSeeker('hi', 'Sunita Sharma');
    for (const place of ['Canada', 'United Kingdom', 'United States']) {
      assert.equal((await me.client.post('/api/saved-searches', { name: place, filters: { locations: place } })).status, 201);
    }
    const fourth = await refusal(await me.client.post('/api/saved-searches', { name: 'India', filters: { locations: 'India' } }));
    assert.equal(fourth.status, 403);
    assert.equal(fourth.message, 'फ़्री प्लान में 3 सहेजी गई खोजें रहती हैं। एक हटाएँ, या 20 तक रखने के लिए अपग्रेड करें।');
    assert.doesNotMatch(fourth.message, /[A-Za-z]/, 'no English word left');
    assert.equal((await server.db('saved_searches').where({ userId: me.user.id })).length, 3);
  });

  test('Tamil: the same filters saved twice are refused with the saved search’s name, in Tamil', async () => {
    const me = await freeSeeker('ta', 'Kavitha Raman');
    assert.equal((await me.client.post('/api/saved-searches', { name: 'கனடா வரன்கள்', filters: { locations: 'Canada' } })).status, 201);
    const twin = await refusal(await me.client.post('/api/saved-searches', { name: 'Again', filters: { locations: 'Canada' } }));
    assert.equal(twin.status, 409);
    assert.equal(twin.message, 'இந்தத் தேடலை ஏற்கெனவே “கனடா வரன்கள்” என்ற பெயரில் சேமித்துள்ளீர்கள்');
    assert.equal((await server.db('saved_searches').where({ userId: me.user.id })).length, 1);
  });

  test('English stays the default: an English member reads the English sentence with the same numbers', async () => {
    const me = await freeSeeker('en', 'Meera Iyer');
    for (const place of ['Canada', 'United Kingdom', 'United States']) await me.client.post('/api/saved-searches', { name: place, filters: { locations: place } });
    const fourth = await refusal(await me.client.post('/api/saved-searches', { name: 'India', filters: { locations: 'India' } }));
    assert.equal(fourth.message, 'The Free plan keeps 3 saved searches. Delete one, or upgrade to keep up to 20.');
  });

  test('a refusal without values is translated from its English text (Tamil), its code unchanged', async () => {
    const me = await signedInClient(server, { fullName: 'Lakshmi Iyer', language: 'ta' });
    const profile = await buildProfile(server, me.user, {});
    const own = await refusal(await me.client.post(`/api/shortlist/${profile.id}`, { savedProfileId: profile.id }));
    assert.equal(own.status, 400);
    assert.equal(own.message, 'உங்கள் சொந்த சுயவிவரத்தைத் தேர்வுப் பட்டியலில் சேர்க்க முடியாது');
  });

  test('before sign-in the browser’s language decides: an invalid invitation link in Hindi', async () => {
    const res = await new Client(server).request('GET', '/api/family-invitations/not-a-real-token', { headers: { 'Accept-Language': 'hi-IN,hi;q=0.9' } });
    const body = await refusal(res);
    assert.equal(body.status, 404);
    assert.equal(body.message, 'यह निमंत्रण लिंक मान्य नहीं है');
  });
});
