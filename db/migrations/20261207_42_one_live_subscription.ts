import type { Knex } from 'knex';

// One live subscription per member, kept by the database: at most one row a member that is incomplete (a
// checkout not yet paid), active or past due, extras from before this rule aside (20261207_40). Two checkouts
// started at the same moment cannot both insert: the second gets a unique violation and reuses the first.
// A partial index, the same statement on SQLite and PostgreSQL.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE UNIQUE INDEX IF NOT EXISTS subscriptions_one_live ON subscriptions (user_id) WHERE status IN ('incomplete', 'active', 'past_due') AND legacy_duplicate = false`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS subscriptions_one_live');
}
