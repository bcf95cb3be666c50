import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { type Browser, type Page, chromium } from 'playwright-core';
import { type ApiSession, type RunningSaathi, apiSession, screenshot, startSaathi, viewportScreenshot } from './harness';

/**
 * Video calls through a real TURN server: coturn (Debian's package, installed by scripts/ensure-coturn.sh) started
 * here on loopback with use-auth-secret, Saathi handing out credentials for it, and Chromium with a fake camera and
 * microphone on each side. Every connection is relay-only, so a call that connects has gone through coturn.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const SECRET = crypto.randomBytes(18).toString('base64url');
const PASSWORD = 'mitti-ki-khushboo-2026';

let coturn: ChildProcess | null = null;
let coturnDir = '';
let saathi: RunningSaathi;
let browser: Browser;
let skip: string | false = false;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** turnserver on 127.0.0.1 with the REST-API secret; resolves once it listens. */
async function startCoturn(port: number): Promise<ChildProcess> {
  coturnDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-coturn-'));
  const child = spawn(
    'turnserver',
    [
      '-n', '--listening-ip=127.0.0.1', '--relay-ip=127.0.0.1', `--listening-port=${port}`, '--min-port=49160', '--max-port=49999',
      '--use-auth-secret', `--static-auth-secret=${SECRET}`, '--realm=saathi.test', '--fingerprint', '--no-tls', '--no-dtls', '--no-cli',
      // The peers are this machine's own relay addresses: loopback, which coturn refuses unless told.
      '--allow-loopback-peers', '--log-file=stdout', '--simple-log', `--userdb=${path.join(coturnDir, 'turndb')}`, `--pidfile=${path.join(coturnDir, 'turn.pid')}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`turnserver did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Total General servers')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`turnserver exited (${code}):\n${output}`));
    });
  });
  return child;
}

before(async () => {
  const ensured = spawnSync('bash', [path.join(ROOT, 'scripts/ensure-coturn.sh')], { encoding: 'utf8', timeout: 300_000 });
  if (ensured.status === 3) {
    skip = `coturn is not installed and cannot be: ${ensured.stderr.trim()}`;
    return;
  }
  assert.equal(ensured.status, 0, `scripts/ensure-coturn.sh failed: ${ensured.stderr}`);
  const turnPort = await freePort();
  coturn = await startCoturn(turnPort);
  saathi = await startSaathi({ TURN_URLS: `turn:127.0.0.1:${turnPort}?transport=udp`, TURN_SECRET: SECRET });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage',
      // A fake camera (a moving test pattern) and microphone (a beep), allowed without asking.
      '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream',
    ],
  });
});

after(async () => {
  await browser?.close();
  await saathi?.stop();
  if (coturn && coturn.exitCode === null) {
    coturn.kill('SIGTERM');
    await new Promise((r) => coturn?.once('exit', r));
  }
  if (coturnDir) fs.rmSync(coturnDir, { recursive: true, force: true });
});

interface Member {
  userId: number;
  fullName: string;
  session: ApiSession;
}

async function register(fullName: string): Promise<Member> {
  const username = `${fullName.split(' ')[0].toLowerCase()}_${crypto.randomBytes(3).toString('hex')}`;
  const session = apiSession(saathi.url);
  const reg = await session.call('POST', '/api/auth/register', { json: { fullName, email: `${username}@example.test`, username, password: PASSWORD, confirmPassword: PASSWORD, subscriptionTier: 'tryme' } });
  assert.equal(reg.status, 201, await reg.clone().text());
  return { userId: ((await reg.json()) as { user: { id: number } }).user.id, fullName, session };
}

const profileFields = {
  dateOfBirth: '1994-03-18', profileType: 'self', education: "Master's", about: 'Weekend hiker and Sunday dosa maker.', religion: 'Hindu', motherTongue: 'Tamil',
  country: 'Canada', city: 'Toronto', profession: 'Engineer', agePreferenceMin: 25, agePreferenceMax: 40, parentName: null, parentRelationship: null, parentContact: null,
};

async function createProfile(member: Member, gender: 'male' | 'female'): Promise<number> {
  const res = await member.session.call('POST', '/api/profiles', { json: { userId: member.userId, ...profileFields, gender, lookingFor: gender === 'male' ? 'female' : 'male' } });
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as { id: number }).id;
}

/** Two members who liked each other (registered early, both on the first-year Premium: they may start calls). */
async function matchedPair(): Promise<[Member, Member, number]> {
  const ravi = await register('Ravi Kumar');
  const priya = await register('Priya Raman');
  const raviProfile = await createProfile(ravi, 'male');
  const priyaProfile = await createProfile(priya, 'female');
  assert.equal((await ravi.session.call('POST', '/api/profile-likes', { json: { likedProfileId: priyaProfile } })).status, 201);
  const liked = await priya.session.call('POST', '/api/profile-likes', { json: { likedProfileId: raviProfile } });
  assert.equal(((await liked.json()) as { isMatch: boolean }).isMatch, true);
  return [ravi, priya, priyaProfile];
}

/** A phone signed in as `member`, recording each RTCPeerConnection the app makes (to read its state and stats). */
async function phoneOf(member: Member): Promise<Page> {
  const context = await browser.newContext({ baseURL: saathi.url, viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  await context.grantPermissions(['camera', 'microphone'], { origin: saathi.url });
  await context.addInitScript(() => {
    window.localStorage.setItem('hasSeenSplash', 'true');
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections = made;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        made.push(this);
      }
    } as typeof RTCPeerConnection;
  });
  await context.addCookies(member.session.cookies().map((c) => ({ ...c, url: saathi.url })));
  return context.newPage();
}

interface MediaReport {
  policy: string | undefined;
  state: string;
  localType: string | undefined;
  remoteType: string | undefined;
  bytesReceived: number;
  framesDecoded: number;
}

/** The open connections of a page, each with its selected candidate pair's types and the video it received. */
function mediaReports(page: Page): Promise<MediaReport[]> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections.filter((pc) => pc.connectionState !== 'closed');
    return Promise.all(
      pcs.map(async (pc) => {
        const stats = [...(await pc.getStats()).values()] as Array<Record<string, unknown>>;
        const transport = stats.find((s) => s.type === 'transport');
        const pair = stats.find((s) => s.id === transport?.selectedCandidatePairId) ?? stats.find((s) => s.type === 'candidate-pair' && s.nominated && s.state === 'succeeded');
        // (no named helper functions in here: the test's compiler would wrap them in a helper the page lacks)
        const local = stats.find((s) => s.id === pair?.localCandidateId);
        const remote = stats.find((s) => s.id === pair?.remoteCandidateId);
        const video = stats.filter((s) => s.type === 'inbound-rtp' && s.kind === 'video');
        return {
          policy: pc.getConfiguration().iceTransportPolicy,
          state: pc.connectionState,
          localType: local?.candidateType as string | undefined,
          remoteType: remote?.candidateType as string | undefined,
          bytesReceived: video.reduce((n, s) => n + Number(s.bytesReceived ?? 0), 0),
          framesDecoded: video.reduce((n, s) => n + Number(s.framesDecoded ?? 0), 0),
        };
      }),
    );
  });
}

/** Waits until the page holds `count` connections, all connected through the relay and decoding the others' video. */
async function mediaFlows(page: Page, count: number, who: string): Promise<MediaReport[]> {
  const deadline = Date.now() + 60_000;
  let last: MediaReport[] = [];
  while (Date.now() < deadline) {
    last = await mediaReports(page);
    if (last.length === count && last.every((r) => r.state === 'connected' && r.framesDecoded > 0)) return last;
    await page.waitForTimeout(500);
  }
  assert.fail(`${who}: media did not flow on ${count} connections: ${JSON.stringify(last)}`);
}

function assertRelayed(reports: MediaReport[], who: string): void {
  for (const r of reports) {
    assert.equal(r.policy, 'relay', `${who}: relay-only ICE`);
    assert.deepEqual([r.localType, r.remoteType], ['relay', 'relay'], `${who}: the selected pair runs through coturn`);
    assert.ok(r.bytesReceived > 0 && r.framesDecoded > 0, `${who}: video received and decoded`);
  }
}

describe('video calls through coturn', () => {
  test('Ravi rings Priya from the chat, she answers, media flows both ways through TURN; he hangs up; the chat shows the call', async (t) => {
    if (skip) return t.skip(skip);
    const [ravi, priya] = await matchedPair();
    const raviPage = await phoneOf(ravi);
    const priyaPage = await phoneOf(priya);
    await priyaPage.goto('/messages');
    await raviPage.goto(`/chat/${priya.userId}`);
    await raviPage.getByRole('button', { name: 'Video call Priya Raman' }).click();
    await raviPage.getByText('Calling Priya Raman…').waitFor();
    await viewportScreenshot(raviPage, 'calls-1-ringing-out-390x844');

    const ring = priyaPage.getByRole('alertdialog', { name: 'Ravi Kumar' });
    await ring.waitFor({ timeout: 20_000 });
    await viewportScreenshot(priyaPage, 'calls-2-ringing-in-390x844');
    await ring.getByRole('button', { name: 'Accept' }).click();

    assertRelayed(await mediaFlows(raviPage, 1, 'Ravi'), 'Ravi');
    assertRelayed(await mediaFlows(priyaPage, 1, 'Priya'), 'Priya');
    await priyaPage.getByRole('dialog', { name: 'Video call with Ravi Kumar' }).getByText(/^\d\d:\d\d$/).waitFor();
    await viewportScreenshot(priyaPage, 'calls-3-in-call-390x844');
    await priyaPage.getByRole('button', { name: 'Mute' }).click();
    await priyaPage.getByRole('button', { name: 'Unmute', pressed: true }).waitFor();
    await priyaPage.getByRole('button', { name: 'Camera off' }).click();
    await priyaPage.getByRole('button', { name: 'Report' }).click();
    await priyaPage.getByRole('dialog', { name: 'Report' }).getByText('The report includes when this call started').waitFor();
    await viewportScreenshot(priyaPage, 'calls-4-report-sheet-390x844');
    await priyaPage.getByRole('dialog', { name: 'Report' }).getByRole('button', { name: 'Close' }).click();

    // Landscape: the same call, the controls in a column at the side.
    await raviPage.setViewportSize({ width: 844, height: 390 });
    await raviPage.waitForFunction(() => window.innerWidth === 844 && window.innerHeight === 390);
    await raviPage.getByRole('button', { name: 'Hang up' }).waitFor();
    await viewportScreenshot(raviPage, 'calls-5-in-call-landscape-844x390');
    await raviPage.setViewportSize({ width: 390, height: 844 });

    await raviPage.getByRole('button', { name: 'Hang up' }).click();
    await raviPage.getByRole('heading', { name: 'Call ended' }).waitFor();
    await priyaPage.getByRole('heading', { name: 'Call ended' }).waitFor();
    await viewportScreenshot(priyaPage, 'calls-6-ended-390x844');
    await raviPage.getByRole('button', { name: 'Close' }).click();
    await raviPage.locator('.chat-call-line').getByText(/^Video call · \d+ (s|min)/).waitFor();
    await screenshot(raviPage, 'calls-7-chat-line-390x844');
    await raviPage.context().close();
    await priyaPage.context().close();
  });

  test('a call nobody answers is missed: the ring stops, Priya gets a notification and a line in the chat', async (t) => {
    if (skip) return t.skip(skip);
    const [ravi, priya] = await matchedPair();
    const started = await ravi.session.call('POST', '/api/calls', { json: { calleeId: priya.userId } });
    assert.equal(started.status, 201);
    const { id } = (await started.json()) as { id: number };
    // The ring timeout, without waiting 45 seconds: the call's start moved back (the server's sweep then misses it).
    const db = new Database(path.join(saathi.dataDir, 'saathi.sqlite'));
    try {
      db.prepare('UPDATE calls SET created_at = created_at - 60000 WHERE id = ?').run(id);
    } finally {
      db.close();
    }
    const priyaPage = await phoneOf(priya);
    await priyaPage.goto(`/chat/${ravi.userId}`);
    await priyaPage.locator('.chat-call-line--missed').getByText('Missed video call').waitFor();
    assert.equal(await priyaPage.getByRole('alertdialog').count(), 0, 'no longer ringing');
    await priyaPage.goto('/notifications');
    await priyaPage.getByText('Missed video call from Ravi Kumar').click();
    await priyaPage.waitForURL((url) => url.pathname === `/chat/${ravi.userId}`);
    await priyaPage.context().close();
  });

  test('a tab reloaded during a call leaves it: the call ends for the other side at once, nobody stays "busy"', async (t) => {
    if (skip) return t.skip(skip);
    const [ravi, priya] = await matchedPair();
    const raviPage = await phoneOf(ravi);
    await raviPage.goto(`/chat/${priya.userId}`);
    await raviPage.getByRole('button', { name: 'Video call Priya Raman' }).click();
    await raviPage.getByText('Calling Priya Raman…').waitFor();
    const { call } = (await (await priya.session.call('GET', '/api/calls/current')).json()) as { call: { id: number } };
    assert.equal((await priya.session.call('POST', `/api/calls/${call.id}/accept`, { json: {} })).status, 200);
    await raviPage.getByRole('button', { name: 'Hang up' }).waitFor();
    await raviPage.reload();
    await raviPage.getByRole('heading', { name: 'Call ended' }).waitFor();
    const after = (await (await priya.session.call('GET', `/api/calls/${call.id}`)).json()) as { status: string; endReason: string };
    assert.deepEqual([after.status, after.endReason], ['ended', 'hangup']);
    assert.equal((await ravi.session.call('POST', '/api/calls', { json: { calleeId: priya.userId } })).status, 201, 'free to call again');
    await raviPage.context().close();
  });

  test('a family introduction: Priya brings her mother and father in, four people in a mesh, every picture relayed', async (t) => {
    if (skip) return t.skip(skip);
    const [ravi, priya, priyaProfile] = await matchedPair();
    const helpers: Member[] = [];
    for (const [relation, fullName] of [['mother', 'Lakshmi Raman'], ['father', 'Suresh Raman']] as const) {
      const email = `${relation}.${priyaProfile}@example.test`;
      const invited = await priya.session.call('POST', `/api/family/${priyaProfile}/invitations`, { json: { role: 'family', email, relation } });
      assert.equal(invited.status, 201, await invited.clone().text());
      const db = new Database(path.join(saathi.dataDir, 'saathi.sqlite'), { readonly: true });
      const row = db.prepare('SELECT body_text FROM email_outbox WHERE to_email = ? ORDER BY id DESC LIMIT 1').get(email) as { body_text: string };
      db.close();
      const token = /\/family-invite\/([A-Za-z0-9_-]+)/.exec(row.body_text)?.[1];
      const session = apiSession(saathi.url);
      const username = `${relation}_${priyaProfile}`;
      const accepted = await session.call('POST', `/api/family-invitations/${token}`, { json: { answer: 'accept', fullName, username, password: PASSWORD, confirmPassword: PASSWORD } });
      assert.equal(accepted.status, 200, await accepted.clone().text());
      const me = (await (await session.call('GET', '/api/auth/user')).json()) as { id: number };
      helpers.push({ userId: me.id, fullName, session });
    }
    assert.equal((await priya.session.call('PATCH', `/api/family/${priyaProfile}/permissions`, { json: { mayCall: true } })).status, 200);

    const pages = await Promise.all([ravi, priya, ...helpers].map(phoneOf));
    const [raviPage, priyaPage, motherPage, fatherPage] = pages;
    for (const page of pages) await page.goto('/notifications');
    await raviPage.goto(`/chat/${priya.userId}`);
    await raviPage.getByRole('button', { name: 'Video call Priya Raman' }).click();
    await priyaPage.getByRole('alertdialog', { name: 'Ravi Kumar' }).getByRole('button', { name: 'Accept' }).click();
    await mediaFlows(priyaPage, 1, 'Priya');

    await priyaPage.getByRole('button', { name: 'Add family' }).click();
    const sheet = priyaPage.getByRole('dialog', { name: 'Add family to the call' });
    await sheet.getByText("Priya's mother").waitFor();
    await viewportScreenshot(priyaPage, 'calls-8-add-family-390x844');
    await sheet.getByRole('listitem').filter({ hasText: "Priya's mother" }).getByRole('button', { name: 'Add' }).click();
    const motherRing = motherPage.getByRole('alertdialog', { name: 'Priya Raman asks you to join' });
    await motherRing.getByText('A video call with Ravi Kumar').waitFor({ timeout: 20_000 });
    await motherRing.getByRole('button', { name: 'Accept' }).click();
    await priyaPage.getByRole('button', { name: 'Add family' }).click();
    await priyaPage.getByRole('dialog', { name: 'Add family to the call' }).getByRole('listitem').filter({ hasText: "Priya's father" }).getByRole('button', { name: 'Add' }).click();
    await fatherPage.getByRole('alertdialog', { name: 'Priya Raman asks you to join' }).getByRole('button', { name: 'Accept' }).click();

    for (const [page, who] of [[raviPage, 'Ravi'], [priyaPage, 'Priya'], [motherPage, 'her mother'], [fatherPage, 'her father']] as const) {
      assertRelayed(await mediaFlows(page, 3, who), who);
    }
    await raviPage.getByText("Priya's father").waitFor();
    await viewportScreenshot(raviPage, 'calls-9-family-four-390x844');
    await raviPage.setViewportSize({ width: 844, height: 390 });
    await raviPage.waitForFunction(() => window.innerWidth === 844 && window.innerHeight === 390);
    await viewportScreenshot(raviPage, 'calls-10-family-four-landscape-844x390');

    // The mother leaves: the call goes on for three; Priya hangs up: it ends for everyone.
    await motherPage.getByRole('button', { name: 'Hang up' }).click();
    await mediaFlows(raviPage, 2, 'Ravi after the mother left');
    await priyaPage.getByRole('button', { name: 'Hang up' }).click();
    await fatherPage.getByRole('heading', { name: 'Call ended' }).waitFor();
    await raviPage.getByRole('heading', { name: 'Call ended' }).waitFor();
    for (const page of pages) await page.context().close();
  });
});
