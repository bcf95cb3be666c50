// npm run crash-test — kill -9 of the server during a write burst, restart, nothing acknowledged is lost.
//
// Seeds a fresh data directory, then for CRASH_ROUNDS (3) rounds: starts `saathi serve` (the same data directory
// each time), signs in CRASH_CLIENTS (40) members, and has each send messages to its matches, edit its own profile
// and like profiles, one request after another, as fast as the server answers. After a random 1.5–3.5 s the
// server gets SIGKILL mid-burst. Then: PRAGMA integrity_check and foreign_key_check on the file as the crash left
// it, and every write acknowledged (2xx) before the kill must be there: each message with its content, each like,
// and each profile's text at least as new as its last acknowledged edit. Saathi is then restarted on the same
// files and must serve the acknowledged messages. Exits non-zero on any lost write, failed check or 5xx.
import fs from 'node:fs';
import {
  Member,
  type SaathiProcess,
  castOf,
  envNumber,
  freshDataDir,
  openDatabase,
  seed,
  startSaathi,
  stopSaathi,
} from './common';

const ROUNDS = Math.round(envNumber('CRASH_ROUNDS', 3));
const CLIENTS = Math.round(envNumber('CRASH_CLIENTS', 40));
const PROFILES = Math.round(envNumber('CRASH_PROFILES', 80));

interface Acked {
  messages: Map<number, { senderId: number; receiverId: number; content: string }>;
  likes: Array<{ userId: number; profileId: number }>;
  /** per profile: the sequence number of the last acknowledged edit */
  profileEdits: Map<number, number>;
}

const ABOUT = /^Crash test edit #(\d+):/;

async function burst(server: SaathiProcess, dataDir: string, round: number, acked: Acked): Promise<{ sent: number; ackedThisRound: number; inFlight: number; fiveXx: string[] }> {
  const cast = castOf(dataDir);
  const actors = cast.members.filter((m) => m.matches.length > 0 && m.profileId !== null).slice(0, CLIENTS);
  const clients = actors.map((m) => ({ ...m, client: new Member(server.url, m.username) }));
  await Promise.all(clients.map((c) => c.client.signIn()));
  let sent = 0;
  let ackedThisRound = 0;
  let inFlight = 0;
  const fiveXx: string[] = [];
  let killed = false;
  let inFlightAtKill = 0;
  const seqBase = round * 1_000_000;
  let seq = 0;

  const killAfter = 1500 + Math.random() * 2000;
  const killer = new Promise<void>((resolve) =>
    setTimeout(() => {
      killed = true;
      inFlightAtKill = inFlight;
      server.child.kill('SIGKILL');
      resolve();
    }, killAfter),
  );

  await Promise.all([
    killer,
    ...clients.map(async (c, i) => {
      for (let step = 0; !killed; step++) {
        const kind = step % 3;
        sent++;
        inFlight++;
        if (kind === 0) {
          const receiverId = c.matches[step % c.matches.length];
          const content = `crash round ${round} client ${i} step ${step}`;
          const r = await c.client.request('POST', '/api/messages', { receiverId, content }, 10_000);
          inFlight--;
          if (r.status === 201) {
            acked.messages.set((r.body as { id: number }).id, { senderId: c.id, receiverId, content });
            ackedThisRound++;
          } else if (r.status >= 500) fiveXx.push(`message → ${r.status}`);
          if (r.error) break;
        } else if (kind === 1) {
          const n = seqBase + ++seq;
          const r = await c.client.request('PATCH', `/api/profiles/${c.profileId}`, { about: `Crash test edit #${n}: still here after the crash, I hope.` }, 10_000);
          inFlight--;
          if (r.status === 200) {
            acked.profileEdits.set(c.profileId as number, Math.max(acked.profileEdits.get(c.profileId as number) ?? 0, n));
            ackedThisRound++;
          } else if (r.status >= 500) fiveXx.push(`profile edit → ${r.status}`);
          else if (!r.error) throw new Error(`profile edit refused: ${r.status} ${JSON.stringify(r.body)}`);
          if (r.error) break;
        } else {
          const target = cast.openProfiles[(i * 7 + step) % cast.openProfiles.length];
          if (target.userId === c.id) {
            inFlight--;
            continue;
          }
          const r = await c.client.request('POST', '/api/profile-likes', { likedProfileId: target.id }, 10_000);
          inFlight--;
          if (r.status === 200 || r.status === 201) {
            acked.likes.push({ userId: c.id, profileId: target.id });
            ackedThisRound++;
          } else if (r.status >= 500) fiveXx.push(`like → ${r.status}`);
          if (r.error) break;
        }
      }
    }),
  ]);
  for (const c of clients) c.client.close();
  await server.exited;
  return { sent, ackedThisRound, inFlight: inFlightAtKill, fiveXx };
}

/** Checks the files exactly as the crash left them (opening runs SQLite's own WAL recovery, as a restart would). */
function verify(dataDir: string, acked: Acked): { integrity: string; foreignKeys: number; lost: string[] } {
  const db = openDatabase(dataDir);
  try {
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    const foreignKeys = (db.pragma('foreign_key_check') as unknown[]).length;
    const lost: string[] = [];
    const message = db.prepare('SELECT sender_id AS senderId, receiver_id AS receiverId, content FROM messages WHERE id = ?');
    for (const [id, m] of acked.messages) {
      const row = message.get(id) as { senderId: number; receiverId: number; content: string } | undefined;
      if (!row || row.content !== m.content || row.senderId !== m.senderId || row.receiverId !== m.receiverId) lost.push(`message ${id}`);
    }
    const like = db.prepare('SELECT 1 FROM profile_likes WHERE user_id = ? AND liked_profile_id = ?');
    for (const l of acked.likes) if (!like.get(l.userId, l.profileId)) lost.push(`like ${l.userId}→${l.profileId}`);
    const about = db.prepare('SELECT about FROM profiles WHERE id = ?').pluck();
    for (const [profileId, n] of acked.profileEdits) {
      const stored = Number(ABOUT.exec(String(about.get(profileId) ?? ''))?.[1] ?? 0);
      // The stored text is the last acknowledged edit, or a later one that committed just before the kill.
      if (stored < n) lost.push(`profile ${profileId} edit #${n} (stored #${stored})`);
    }
    return { integrity, foreignKeys, lost };
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const wall = performance.now();
  const dataDir = freshDataDir('crash');
  let server: SaathiProcess | null = null;
  let failed = false;
  try {
    console.log(`Seeding ${PROFILES} demo members into ${dataDir} …`);
    seed(dataDir, PROFILES);
    const acked: Acked = { messages: new Map(), likes: [], profileEdits: new Map() };
    console.log(`\nSaathi crash test: ${ROUNDS} rounds of kill -9 during a write burst from ${CLIENTS} clients`);
    for (let round = 1; round <= ROUNDS; round++) {
      const started = performance.now();
      server = await startSaathi(dataDir);
      const startMs = performance.now() - started;
      const b = await burst(server, dataDir, round, acked);
      const v = verify(dataDir, acked);
      const ok = v.integrity === 'ok' && v.foreignKeys === 0 && v.lost.length === 0 && b.fiveXx.length === 0;
      failed ||= !ok;
      console.log(
        `  round ${round}: start ${(startMs / 1000).toFixed(1)} s, ${b.sent} writes sent, ${b.ackedThisRound} acknowledged, ${b.inFlight} in flight at the kill; ` +
          `integrity_check ${v.integrity}, foreign_key_check ${v.foreignKeys === 0 ? 'ok' : `${v.foreignKeys} violations`}, 5xx ${b.fiveXx.length}, lost writes: ${v.lost.length}`,
      );
      for (const l of v.lost.slice(0, 10)) console.log(`    lost: ${l}`);
      for (const s of b.fiveXx.slice(0, 10)) console.log(`    5xx: ${s}`);
    }
    // A last restart on the crashed files: the server comes up and serves what was acknowledged.
    server = await startSaathi(dataDir);
    const [someId, some] = [...acked.messages][acked.messages.size - 1] ?? [];
    if (some) {
      const castNow = castOf(dataDir);
      const sender = castNow.members.find((m) => m.id === some.senderId);
      if (!sender) throw new Error('sender of the last acknowledged message is gone');
      const reader = new Member(server.url, sender.username);
      await reader.signIn();
      const thread = await reader.request('GET', `/api/messages/${some.senderId}/${some.receiverId}`);
      const served = Array.isArray(thread.body) && (thread.body as Array<{ id: number }>).some((m) => m.id === someId);
      reader.close();
      console.log(`  after the last crash: Saathi restarted and serves the last acknowledged message: ${served ? 'yes' : 'NO'}`);
      failed ||= !served;
    }
    await stopSaathi(server);
    const final = verify(dataDir, acked);
    failed ||= final.integrity !== 'ok' || final.lost.length > 0;
    console.log(
      `  total: ${acked.messages.size} messages, ${acked.likes.length} likes, ${acked.profileEdits.size} profiles' edits acknowledged; ` +
        `integrity_check ${final.integrity}; lost writes: ${final.lost.length}`,
    );
    console.log(`  total time: ${((performance.now() - wall) / 1000).toFixed(1)} s`);
  } finally {
    if (server) await stopSaathi(server);
    if (!process.env.CRASH_KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) {
    console.error('\nFAILED: see the rounds above');
    process.exitCode = 1;
  } else console.log('\nOK: every acknowledged write survived kill -9; the database checks are clean.');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
