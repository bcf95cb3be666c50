import type { Knex } from 'knex';

// The ops member page reads one address's latest failed mail: without this, a scan of the whole outbox.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('email_outbox', (t) => {
    t.index(['to_email', 'id'], 'outbox_to_email_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('email_outbox', (t) => {
    t.dropIndex(['to_email', 'id'], 'outbox_to_email_idx');
  });
}
