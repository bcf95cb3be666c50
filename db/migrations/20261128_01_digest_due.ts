import type { Knex } from 'knex';

// When each member's email digest is next due (their next 9:00 local, a Monday for weekly), so the digest job reads
// only the members whose hour has come instead of every member at every run. NULL: not worked out yet (a new
// member, or their city, country or frequency changed): the job works it out on its next run. A trigger clears it
// when those change, wherever the change is made.

const PROFILE_COLUMNS = 'city, country';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notification_settings', (t) => {
    t.bigInteger('digest_due_at');
    t.index(['digest_due_at'], 'notification_settings_digest_due');
  });
  const clear = (userId: string) => `UPDATE notification_settings SET digest_due_at = NULL WHERE user_id = ${userId}`;
  if (knex.client.config.client === 'pg') {
    await knex.raw(`CREATE OR REPLACE FUNCTION digest_due_profile() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${clear('NEW.user_id')}; RETURN NULL; END $$`);
    await knex.raw(`CREATE TRIGGER digest_due_profile AFTER INSERT OR UPDATE OF ${PROFILE_COLUMNS} ON profiles FOR EACH ROW EXECUTE FUNCTION digest_due_profile()`);
    await knex.raw(`CREATE OR REPLACE FUNCTION digest_due_frequency() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.digest_due_at := NULL; RETURN NEW; END $$`);
    await knex.raw(
      'CREATE TRIGGER digest_due_frequency BEFORE UPDATE OF digest_frequency ON notification_settings FOR EACH ROW WHEN (OLD.digest_frequency IS DISTINCT FROM NEW.digest_frequency) EXECUTE FUNCTION digest_due_frequency()',
    );
    return;
  }
  await knex.raw(`CREATE TRIGGER digest_due_profile_insert AFTER INSERT ON profiles BEGIN ${clear('NEW.user_id')}; END`);
  await knex.raw(`CREATE TRIGGER digest_due_profile_update AFTER UPDATE OF ${PROFILE_COLUMNS} ON profiles BEGIN ${clear('NEW.user_id')}; END`);
  await knex.raw(
    `CREATE TRIGGER digest_due_frequency AFTER UPDATE OF digest_frequency ON notification_settings WHEN OLD.digest_frequency IS NOT NEW.digest_frequency BEGIN ${clear('NEW.user_id')}; END`,
  );
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw('DROP TRIGGER IF EXISTS digest_due_profile ON profiles');
    await knex.raw('DROP TRIGGER IF EXISTS digest_due_frequency ON notification_settings');
    await knex.raw('DROP FUNCTION IF EXISTS digest_due_profile()');
    await knex.raw('DROP FUNCTION IF EXISTS digest_due_frequency()');
  } else {
    for (const name of ['digest_due_profile_insert', 'digest_due_profile_update', 'digest_due_frequency']) await knex.raw(`DROP TRIGGER IF EXISTS ${name}`);
  }
  await knex.schema.alterTable('notification_settings', (t) => {
    t.dropIndex(['digest_due_at'], 'notification_settings_digest_due');
    t.dropColumn('digest_due_at');
  });
}
