import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { migrationSource } from '../db/migrations/index';
import { type Db, createDb } from './db';
import { migrateLatest } from './migrations';
import { dropMemberLines } from './services/match-engine/member-lines';
import { dropTestDatabase } from './test/harness';

// Migrations that change what members' stored data means, run on a database that holds data from before them. On
// SQLite, and on PostgreSQL with TEST_DATABASE_URL.

const BEFORE = '20261129_01_profile_views_by_profile';

/** A new, empty database of the run's kind, migrated up to and including `last`. */
async function databaseAt(last: string): Promise<{ db: Db; done: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  let db: Db;
  let done: () => Promise<void>;
  if (admin) {
    const name = `saathi_m_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    const adminDb = createDb({ dataDir: os.tmpdir(), databaseUrl: admin, dbClient: 'pg' });
    await adminDb.raw(`CREATE DATABASE ${name}`);
    await adminDb.destroy();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    db = createDb({ dataDir: os.tmpdir(), databaseUrl: url.toString(), dbClient: 'pg' });
    done = async () => {
      await db.destroy();
      await dropTestDatabase(admin, url.toString());
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-migration-'));
    db = createDb({ dataDir: dir, databaseUrl: null, dbClient: process.env.DB_CLIENT === 'sqlite3' ? 'sqlite3' : 'better-sqlite3' });
    done = async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  for (;;) {
    const [completed] = (await db.migrate.list({ migrationSource })) as [Array<{ name: string } | string>, unknown];
    if (completed.some((m) => (typeof m === 'string' ? m : m.name) === last)) break;
    await db.migrate.up({ migrationSource });
  }
  return { db, done };
}

/** Rolls back to just after `last`, as `saathi migrate rollback` does (the derived member lines first). */
async function rollBackTo(db: Db, last: string): Promise<void> {
  await dropMemberLines(db);
  for (;;) {
    const [completed] = (await db.migrate.list({ migrationSource })) as [Array<{ name: string } | string>, unknown];
    const names = completed.map((m) => (typeof m === 'string' ? m : m.name));
    if (names[names.length - 1] === last) return;
    await db.migrate.down({ migrationSource });
  }
}

let users = 0;
/** A profile row as the code before these migrations wrote it: the NRI columns left to their defaults unless given. */
async function oldProfile(db: Db, nri: Record<string, string | null> = {}): Promise<number> {
  users += 1;
  const now = Date.now();
  const [user] = await db('users')
    .insert({ fullName: `Member ${users}`, username: `m${users}_${crypto.randomBytes(3).toString('hex')}`, usernameLower: `m${users}_${now}`, email: `m${users}@example.test`, emailLower: `m${users}_${now}@example.test`, passwordHash: 'x', createdAt: now, updatedAt: now })
    .returning('id');
  const userId = typeof user === 'object' ? user.id : user;
  const [profile] = await db('profiles').insert({ userId, gender: 'female', createdAt: now, updatedAt: now, ...nri }).returning('id');
  return typeof profile === 'object' ? profile.id : profile;
}

const answers = async (db: Db, id: number) =>
  (await db('profiles').where({ id }).first('culturalIntegrationLevel', 'returnToIndiaPlans')) as { culturalIntegrationLevel: string | null; returnToIndiaPlans: string | null };

test('the NRI defaults go; values no member chose become null, chosen and saved ones stay', async () => {
  const { db, done } = await databaseAt(BEFORE);
  try {
    const never = await oldProfile(db);
    const savedAsShown = await oldProfile(db, { languagePreferences: '[]' });
    const savedOwnAnswers = await oldProfile(db, { languagePreferences: '[{"language":"tamil","fluency":"native"}]', culturalIntegrationLevel: 'modern', returnToIndiaPlans: 'never' });
    const oneChosen = await oldProfile(db, { culturalIntegrationLevel: 'traditional' });
    assert.deepEqual(await answers(db, never), { culturalIntegrationLevel: 'moderate', returnToIndiaPlans: 'considering' }, 'the defaults as they were');
    const logBefore = Number((await db('engine_changes').count({ n: '*' }).first())?.n);

    await migrateLatest(db);

    assert.deepEqual(await answers(db, never), { culturalIntegrationLevel: null, returnToIndiaPlans: null });
    assert.deepEqual(await answers(db, savedAsShown), { culturalIntegrationLevel: 'moderate', returnToIndiaPlans: 'considering' }, 'the card was saved with them');
    assert.deepEqual(await answers(db, savedOwnAnswers), { culturalIntegrationLevel: 'modern', returnToIndiaPlans: 'never' });
    assert.deepEqual(await answers(db, oneChosen), { culturalIntegrationLevel: 'traditional', returnToIndiaPlans: null });
    const log = await db('engine_changes').where('id', '>', 0).orderBy('id').offset(logBefore).select('kind');
    assert.deepEqual(log.map((r) => r.kind), ['*'], 'one rebuild for the engine instead of a log row per profile');

    const fresh = await oldProfile(db);
    assert.deepEqual(await answers(db, fresh), { culturalIntegrationLevel: null, returnToIndiaPlans: null }, 'no default any more');

    // Down puts the defaults back (the cleared values were never answers and stay cleared); up again is the same.
    await rollBackTo(db, BEFORE);
    assert.deepEqual(await answers(db, await oldProfile(db)), { culturalIntegrationLevel: 'moderate', returnToIndiaPlans: 'considering' });
    assert.deepEqual(await answers(db, never), { culturalIntegrationLevel: null, returnToIndiaPlans: null });
    await migrateLatest(db);
    assert.deepEqual(await answers(db, await oldProfile(db)), { culturalIntegrationLevel: null, returnToIndiaPlans: null });
    if (db.client.config.client !== 'pg') {
      const [check] = (await db.raw('PRAGMA integrity_check')) as Array<Record<string, unknown>>;
      assert.deepEqual(Object.values(check), ['ok']);
      const triggers = (await db('sqlite_master').where({ type: 'trigger', tblName: 'profiles' }).pluck('name')) as string[];
      assert.ok(triggers.includes('engine_profiles_update'), 'the triggers on profiles are still there');
    }
  } finally {
    await done();
  }
});

test('mood sharing starts off for every member, moods stored before included; turning it on tells the match engine', async () => {
  const { db, done } = await databaseAt('20261201_44_nri_answers_never_given');
  try {
    const profileId = await oldProfile(db);
    const { userId } = (await db('profiles').where({ id: profileId }).first('userId')) as { userId: number };
    await db('privacy_settings').insert({ userId, updatedAt: Date.now() });
    await migrateLatest(db);
    const row = (await db('privacy_settings').where({ userId }).first()) as { shareMoods: unknown };
    assert.equal(Boolean(row.shareMoods), false);

    const logged = async () => (await db('engine_changes').where({ kind: 'r', a: userId }).count({ n: '*' }).first())?.n;
    const before = Number(await logged());
    await db('privacy_settings').where({ userId }).update({ updatedAt: Date.now() });
    assert.equal(Number(await logged()), before, 'another setting saved: no mood change');
    await db('privacy_settings').where({ userId }).update({ shareMoods: true });
    assert.equal(Number(await logged()), before + 1, 'sharing turned on: the member\'s mood signals changed');
    await db('privacy_settings').where({ userId }).update({ shareMoods: false });
    assert.equal(Number(await logged()), before + 2);

    await rollBackTo(db, '20261201_44_nri_answers_never_given');
    assert.equal(await db.schema.hasColumn('privacy_settings', 'share_moods'), false);
    if (db.client.config.client !== 'pg') {
      const triggers = (await db('sqlite_master').where({ type: 'trigger', tblName: 'privacy_settings' }).pluck('name')) as string[];
      assert.ok(triggers.includes('engine_privacy_settings_update'), 'the other triggers on privacy_settings are still there');
    }
    await migrateLatest(db);
    assert.equal(await db.schema.hasColumn('privacy_settings', 'share_moods'), true);
  } finally {
    await done();
  }
});

test("family's permission to share starts on for the profiles that already have family; rolling back keeps the table's triggers", async () => {
  const { db, done } = await databaseAt('20261201_45_share_moods');
  try {
    const profileId = await oldProfile(db);
    await db('profile_family').insert({ profileId, consent: 'confirmed', updatedAt: Date.now() });
    await migrateLatest(db);
    const row = (await db('profile_family').where({ profileId }).first()) as { mayShare: unknown; mayMessage: unknown };
    assert.deepEqual([Boolean(row.mayShare), Boolean(row.mayMessage)], [true, false]);
    await rollBackTo(db, '20261201_45_share_moods');
    assert.equal(await db.schema.hasColumn('profile_family', 'may_share'), false);
    if (db.client.config.client !== 'pg') {
      const triggers = (await db('sqlite_master').where({ type: 'trigger', tblName: 'profile_family' }).pluck('name')) as string[];
      assert.ok(triggers.includes('engine_profile_family_update'), triggers.join(', '));
    }
    await migrateLatest(db);
    assert.equal(await db.schema.hasColumn('profile_family', 'may_share'), true);
  } finally {
    await done();
  }
});
