import type { Knex } from 'knex';

// Trust and safety:
// - users.suspended_until: a suspension's end (null while suspended: until restored).
// - suspensions: one row per suspension or ban, with who decided it, their note, the report it came from, and how it
//   ended (restored by whom, with which note); an appeal names the suspension it contests.
// - reports.source ('member' | 'auto'), reports.message_id (the message an automatic report highlights),
//   reports.suspension_id (the suspension an appeal contests).
// - messages.safety_signal: the kind of scam signal the rules recognised in a message (null: none).

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('users', 'suspended_until'))) {
    await knex.schema.alterTable('users', (t) => {
      t.bigInteger('suspended_until');
    });
  }
  if (!(await knex.schema.hasTable('suspensions'))) {
    await knex.schema.createTable('suspensions', (t) => {
      t.increments('id').primary();
      t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.string('kind', 16).notNullable();
      t.bigInteger('until');
      t.string('note', 500).notNullable();
      t.integer('report_id').references('reports.id').onDelete('SET NULL');
      t.integer('suspended_by').references('users.id').onDelete('SET NULL');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('ended_at');
      t.integer('ended_by').references('users.id').onDelete('SET NULL');
      t.string('end_note', 500);
      t.index(['user_id', 'created_at'], 'suspensions_user_idx');
    });
  }
  if (!(await knex.schema.hasColumn('reports', 'source'))) {
    await knex.schema.alterTable('reports', (t) => {
      t.string('source', 8).notNullable().defaultTo('member');
      t.integer('message_id').references('messages.id').onDelete('SET NULL');
      t.integer('suspension_id').references('suspensions.id').onDelete('SET NULL');
    });
  }
  if (!(await knex.schema.hasColumn('messages', 'safety_signal'))) {
    await knex.schema.alterTable('messages', (t) => {
      t.string('safety_signal', 24);
    });
  }
}

// users and messages carry triggers (the match engine's, the member lines'): SQLite's native DROP COLUMN leaves them
// in place, where knex's table rebuild would break them. PostgreSQL reads the same statement.
export async function down(knex: Knex): Promise<void> {
  if (await knex.schema.hasColumn('messages', 'safety_signal')) await knex.raw('ALTER TABLE messages DROP COLUMN safety_signal');
  if (await knex.schema.hasColumn('reports', 'source')) {
    await knex.schema.alterTable('reports', (t) => {
      t.dropColumn('suspension_id');
      t.dropColumn('message_id');
      t.dropColumn('source');
    });
  }
  await knex.schema.dropTableIfExists('suspensions');
  if (await knex.schema.hasColumn('users', 'suspended_until')) await knex.raw('ALTER TABLE users DROP COLUMN suspended_until');
}
