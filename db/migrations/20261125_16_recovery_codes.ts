import type { Knex } from 'knex';

/**
 * Two-factor recovery codes: ten single-use codes per account, stored as SHA-256 digests (each code carries 50
 * random bits, so a digest cannot be reversed by guessing), marked when used.
 */
export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable('totp_recovery_codes')) return;
  await knex.schema.createTable('totp_recovery_codes', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('code_hash', 64).notNullable();
    t.bigInteger('used_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.unique(['user_id', 'code_hash'], { indexName: 'totp_recovery_codes_user_code_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('totp_recovery_codes');
}
