import { migrationSource } from '../db/migrations/index';
import { seedReferenceData } from '../db/seeds/reference-data';
import type { Db } from './db';
import { dropMemberLines, ensureMemberLines } from './services/match-engine/member-lines';

// Migrations and the tables derived from them; apart from db.ts, which the derived tables' code itself needs.

/**
 * Applies the pending migrations, then makes the derived tables this build's (the match engine's member lines:
 * removed while migrations run, since a migration rebuilding a table would drop or break their triggers).
 */
export async function migrateLatest(db: Db): Promise<string[]> {
  // A database without knex_migrations yet has no member lines to drop either.
  if ((await pendingMigrations(db).catch(() => [])).length > 0) await dropMemberLines(db);
  const [, applied] = (await db.migrate.latest({ migrationSource })) as [number, string[]];
  await seedReferenceData(db);
  await ensureMemberLines(db);
  return applied;
}

export async function migrateRollback(db: Db): Promise<string[]> {
  await dropMemberLines(db);
  const [, rolledBack] = (await db.migrate.rollback({ migrationSource })) as [number, string[]];
  return rolledBack;
}

/**
 * The migrations this build knows that the database has not applied, from one read of knex_migrations (what a
 * readiness check asks on every request: knex's migrate.list would clone the whole client each time).
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const applied = new Set(((await db('knex_migrations').select('name')) as Array<{ name: string }>).map((r) => r.name));
  return (await migrationSource.getMigrations([])).filter((name) => !applied.has(name));
}

export async function migrateStatus(db: Db): Promise<{ completed: string[]; pending: string[] }> {
  const [completed, pending] = (await db.migrate.list({ migrationSource })) as [
    Array<{ name: string } | string>,
    Array<{ file: string } | string>,
  ];
  return {
    completed: completed.map((m) => (typeof m === 'string' ? m : m.name)),
    pending: pending.map((m) => (typeof m === 'string' ? m : m.file)),
  };
}
