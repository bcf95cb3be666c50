import type { Knex } from 'knex';

// Video calls between two matched members, and who took part: the two members and up to two family members on
// each side. Only the call's times and outcome are kept; nothing of its sound or picture passes through Saathi.

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable('calls'))) {
    await knex.schema.createTable('calls', (t) => {
      t.increments('id').primary();
      t.integer('caller_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.integer('callee_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      // ringing → active → ended; ringing → declined | missed
      t.string('status', 16).notNullable();
      // hangup, declined, missed, cancelled, busy, blocked, unmatched, time_limit
      t.string('end_reason', 16);
      t.integer('ended_by');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('answered_at');
      t.bigInteger('ended_at');
      t.index(['caller_id', 'callee_id', 'created_at']);
      t.index(['status']);
    });
  }
  if (!(await knex.schema.hasTable('call_participants'))) {
    await knex.schema.createTable('call_participants', (t) => {
      t.increments('id').primary();
      t.integer('call_id').notNullable().references('id').inTable('calls').onDelete('CASCADE');
      t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      // the member whose side they are on (themself for the two members)
      t.integer('side_user_id').notNullable();
      t.string('role', 8).notNullable();
      // invited → joined → left; invited → declined | missed
      t.string('state', 10).notNullable();
      t.string('relation', 24);
      t.integer('invited_by');
      t.bigInteger('invited_at').notNullable();
      t.bigInteger('joined_at');
      t.bigInteger('left_at');
      t.unique(['call_id', 'user_id']);
      t.index(['user_id', 'state']);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('call_participants');
  await knex.schema.dropTableIfExists('calls');
}
