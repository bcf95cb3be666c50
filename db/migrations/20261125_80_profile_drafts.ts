import type { Knex } from 'knex';

// The profile wizard's work in progress, one per member, kept on the server so it survives a reload and
// follows the member to another device. Photos of the draft are the member's uploaded photos that no profile
// holds yet; photo_ids keeps the order the member chose (the first is the main photo).

export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable('profile_drafts')) return;
  await knex.schema.createTable('profile_drafts', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.integer('step').notNullable().defaultTo(1);
    t.text('values').notNullable();
    t.text('photo_ids').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('profile_drafts');
}
