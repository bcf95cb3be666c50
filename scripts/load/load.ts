// npm run load — Saathi under load, loopback only.
//
// Seeds a fresh data directory with demo members, starts `saathi serve` in its own process, signs in one member
// per connection and runs a mix of reads and writes from LOAD_CONNECTIONS (200) concurrent keep-alive connections
// for LOAD_SECONDS (60): search, profile views, notifications, conversation lists and threads, unread counts,
// likes, and messages between matched members. Afterwards every acknowledged (2xx) message and like is looked up
// in the database. Prints the figures; exits non-zero on any 5xx, any network error, or any lost write.
//
// Environment: LOAD_SECONDS, LOAD_CONNECTIONS, LOAD_PROFILES (seeded members, 200), LOAD_JSON=path (figures as JSON).
import fs from 'node:fs';
import {
  type Cast,
  Member,
  type Reply,
  type SaathiProcess,
  castOf,
  envNumber,
  fmt,
  freshDataDir,
  isBlockedPair,
  openDatabase,
  percentile,
  seed,
  startSaathi,
  stopSaathi,
} from './common';

const SECONDS = envNumber('LOAD_SECONDS', 60);
const CONNECTIONS = Math.round(envNumber('LOAD_CONNECTIONS', 200));
const PROFILES = Math.round(envNumber('LOAD_PROFILES', 200));

type Op = 'search' | 'profile' | 'notifications' | 'conversations' | 'thread' | 'unread' | 'like' | 'message';
const MIX: Array<[Op, number]> = [
  ['search', 14],
  ['profile', 18],
  ['notifications', 10],
  ['conversations', 10],
  ['thread', 8],
  ['unread', 6],
  ['like', 12],
  ['message', 22],
];
const TOTAL_WEIGHT = MIX.reduce((n, [, w]) => n + w, 0);

function pickOp(hasMatches: boolean): Op {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const [op, w] of MIX) {
    r -= w;
    if (r < 0) return (op === 'message' || op === 'thread') && !hasMatches ? 'conversations' : op;
  }
  return 'search';
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];

interface Stats {
  latencies: number[];
  byOp: Map<Op, number[]>;
  statuses: Map<number, number>;
  networkErrors: Map<string, number>;
  samples5xx: string[];
  messages: Array<{ id: number; senderId: number; receiverId: number; content: string }>;
  likes: Array<{ userId: number; profileId: number }>;
}

async function main(): Promise<void> {
  const wall = performance.now();
  const dataDir = freshDataDir('load');
  console.log(`Seeding ${PROFILES} demo members into ${dataDir} …`);
  seed(dataDir, PROFILES);
  const cast: Cast = castOf(dataDir);
  const blocked = isBlockedPair(dataDir);
  const server = await startSaathi(dataDir);
  console.log(`Saathi (pid ${server.child.pid}) at ${server.url}`);
  try {
    await run(dataDir, cast, blocked, server, wall);
  } finally {
    await stopSaathi(server);
    if (!process.env.LOAD_KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function run(dataDir: string, cast: Cast, blocked: (a: number, b: number) => boolean, server: SaathiProcess, wall: number): Promise<void> {

  // One signed-in member per connection; members with matches first so messages flow between matched pairs.
  const chosen = [...cast.members].sort((a, b) => b.matches.length - a.matches.length).slice(0, CONNECTIONS);
  const workers = Array.from({ length: CONNECTIONS }, (_, i) => {
    const m = chosen[i % chosen.length];
    return { ...m, client: new Member(server.url, m.username) };
  });
  const signInStarted = performance.now();
  for (let i = 0; i < workers.length; i += 20) await Promise.all(workers.slice(i, i + 20).map((w) => w.client.signIn()));
  console.log(`${workers.length} connections signed in as ${chosen.length} members in ${fmt(performance.now() - signInStarted)}; ${chosen.filter((m) => m.matches.length).length} of them have matches`);

  const stats: Stats = { latencies: [], byOp: new Map(), statuses: new Map(), networkErrors: new Map(), samples5xx: [], messages: [], likes: [] };
  const record = (op: Op, reply: Reply, path: string) => {
    stats.latencies.push(reply.ms);
    const list = stats.byOp.get(op) ?? [];
    list.push(reply.ms);
    stats.byOp.set(op, list);
    if (reply.error) stats.networkErrors.set(reply.error, (stats.networkErrors.get(reply.error) ?? 0) + 1);
    else stats.statuses.set(reply.status, (stats.statuses.get(reply.status) ?? 0) + 1);
    if (reply.status >= 500 && stats.samples5xx.length < 10) stats.samples5xx.push(`${op} ${path} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
  };

  const deadline = performance.now() + SECONDS * 1000;
  let sequence = 0;
  console.log(`Running ${CONNECTIONS} connections for ${SECONDS} s …`);
  await Promise.all(
    workers.map(async (w, index) => {
      const searches = ['', '?minAge=25&maxAge=35', '?query=engineer', '?locations=United%20Kingdom', '?query=London&limit=10'];
      while (performance.now() < deadline) {
        const op = pickOp(w.matches.length > 0);
        let path = '';
        let reply: Reply;
        switch (op) {
          case 'search':
            path = `/api/search${pick(searches)}`;
            reply = await w.client.request('GET', path);
            break;
          case 'profile': {
            const target = pick(cast.openProfiles.filter((p) => p.userId !== w.id && !blocked(w.id, p.userId)));
            path = `/api/profiles/${target.id}`;
            reply = await w.client.request('GET', path);
            break;
          }
          case 'notifications':
            path = `/api/notifications/${w.id}`;
            reply = await w.client.request('GET', path);
            break;
          case 'conversations':
            path = `/api/messages/${w.id}`;
            reply = await w.client.request('GET', path);
            break;
          case 'thread':
            path = `/api/messages/${w.id}/${pick(w.matches)}`;
            reply = await w.client.request('GET', path);
            break;
          case 'unread':
            path = `/api/messages/${w.id}/unread-count`;
            reply = await w.client.request('GET', path);
            break;
          case 'like': {
            const target = pick(cast.openProfiles.filter((p) => p.userId !== w.id && !blocked(w.id, p.userId)));
            path = '/api/profile-likes';
            reply = await w.client.request('POST', path, { likedProfileId: target.id });
            if (reply.status === 200 || reply.status === 201) stats.likes.push({ userId: w.id, profileId: target.id });
            break;
          }
          case 'message': {
            const receiverId = pick(w.matches);
            const content = `load ${index}.${++sequence} ${new Date().toISOString()} नमस्ते — how was your week?`;
            path = '/api/messages';
            reply = await w.client.request('POST', path, { receiverId, content });
            if (reply.status === 201) stats.messages.push({ id: (reply.body as { id: number }).id, senderId: w.id, receiverId, content });
            break;
          }
        }
        record(op, reply, path);
      }
    }),
  );
  const elapsed = (performance.now() - (deadline - SECONDS * 1000)) / 1000;
  for (const w of workers) w.client.close();
  await stopSaathi(server);

  // Every acknowledged write is in the database.
  const db = openDatabase(dataDir, true);
  let lostMessages = 0;
  let lostLikes = 0;
  const byId = db.prepare('SELECT sender_id AS senderId, receiver_id AS receiverId, content FROM messages WHERE id = ?');
  for (const m of stats.messages) {
    const row = byId.get(m.id) as { senderId: number; receiverId: number; content: string } | undefined;
    if (!row || row.senderId !== m.senderId || row.receiverId !== m.receiverId || row.content !== m.content) lostMessages++;
  }
  const like = db.prepare('SELECT 1 FROM profile_likes WHERE user_id = ? AND liked_profile_id = ?');
  for (const l of stats.likes) if (!like.get(l.userId, l.profileId)) lostLikes++;
  const integrity = db.pragma('integrity_check', { simple: true });
  db.close();

  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const requests = sorted.length;
  const count5xx = [...stats.statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  const count4xx = [...stats.statuses].filter(([s]) => s >= 400 && s < 500).reduce((n, [, c]) => n + c, 0);
  const network = [...stats.networkErrors.values()].reduce((n, c) => n + c, 0);
  const errors = count4xx + count5xx + network;
  const lost = lostMessages + lostLikes;
  const figures = {
    connections: CONNECTIONS,
    seconds: Number(elapsed.toFixed(1)),
    requests,
    requestsPerSecond: Math.round(requests / elapsed),
    errors,
    '4xx': count4xx,
    '5xx': count5xx,
    networkErrors: network,
    p50Ms: Number(percentile(sorted, 50).toFixed(1)),
    p99Ms: Number(percentile(sorted, 99).toFixed(1)),
    maxMs: Number((sorted.at(-1) ?? 0).toFixed(1)),
    messagesAcknowledged: stats.messages.length,
    likesAcknowledged: stats.likes.length,
    lostWrites: lost,
    integrityCheck: integrity,
  };

  console.log('\nSaathi load test (loopback, one process, SQLite)');
  console.log(`  connections:     ${CONNECTIONS} (${chosen.length} signed-in members)`);
  console.log(`  duration:        ${elapsed.toFixed(1)} s`);
  console.log(`  requests:        ${requests} (${figures.requestsPerSecond}/s)`);
  console.log(`  errors:          ${errors} (4xx ${count4xx}, 5xx ${count5xx}, network ${network})`);
  console.log(`  5xx:             ${count5xx}`);
  console.log(`  latency:         p50 ${fmt(figures.p50Ms)}, p99 ${fmt(figures.p99Ms)}, max ${fmt(figures.maxMs)}`);
  console.log('  by request:');
  for (const [op] of MIX) {
    const list = [...(stats.byOp.get(op) ?? [])].sort((a, b) => a - b);
    console.log(`    ${op.padEnd(14)} ${String(list.length).padStart(7)}   p50 ${fmt(percentile(list, 50)).padStart(7)}   p99 ${fmt(percentile(list, 99)).padStart(8)}`);
  }
  console.log(`  statuses:        ${[...stats.statuses].sort(([a], [b]) => a - b).map(([s, c]) => `${s}×${c}`).join(', ')}`);
  if (network) console.log(`  network errors:  ${[...stats.networkErrors].map(([e, c]) => `${e}×${c}`).join(', ')}`);
  for (const s of stats.samples5xx) console.log(`  5xx sample:      ${s}`);
  console.log(`  acknowledged:    ${stats.messages.length} messages, ${stats.likes.length} likes`);
  console.log(`  lost writes:     ${lost}`);
  console.log(`  integrity_check: ${integrity}`);
  console.log(`  total time:      ${((performance.now() - wall) / 1000).toFixed(1)} s`);
  if (process.env.LOAD_JSON) fs.writeFileSync(process.env.LOAD_JSON, `${JSON.stringify(figures, null, 2)}\n`);

  const failures: string[] = [];
  if (count5xx) failures.push(`${count5xx} responses were 5xx`);
  if (network) failures.push(`${network} requests failed at the network level`);
  if (lost) failures.push(`${lost} acknowledged writes are missing`);
  if (integrity !== 'ok') failures.push(`integrity_check: ${integrity}`);
  if (stats.messages.length === 0) failures.push('no message was acknowledged: the load did not exercise writes');
  if (failures.length) {
    console.error(`\nFAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
    return;
  }
  console.log('\nOK: no 5xx, no lost acknowledged write.');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
