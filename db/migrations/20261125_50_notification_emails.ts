import type { Knex } from 'knex';

// Notification emails: when a match notification or an unread message was considered for email (so each is
// emailed at most once, and a conversation at most once an hour).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.bigInteger('emailed_at');
  });
  await knex.schema.alterTable('messages', (t) => {
    t.bigInteger('emailed_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('messages', (t) => {
    t.dropColumn('emailed_at');
  });
  await knex.schema.alterTable('notifications', (t) => {
    t.dropColumn('emailed_at');
  });
}
