import type { Knex } from 'knex';

// Family access: a profile is for one person (the candidate) and may be run with up to three family members,
// each with their own account. The profile's member account (profiles.user_id) is the profile's identity, the
// one other members like and write to. On a profile a parent made, that account is the parent's own sign-in
// until the candidate accepts the invitation; then the parent's sign-in moves to an account of its own and the
// profile's account becomes the candidate's.
//
// Profiles made by a parent, sibling or relative before this change become "managed by family, not yet
// confirmed": their creator is recorded as the first family member, and everything they did keeps working.

const RELATION_OF_PARENT: Record<string, string> = {
  father: 'father',
  mother: 'mother',
  brother: 'sibling',
  sister: 'sibling',
  uncle: 'relative',
  aunt: 'relative',
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profile_family', (t) => {
    t.integer('profile_id').primary().references('profiles.id').onDelete('CASCADE');
    // unconfirmed: made by family, the candidate has not accepted; confirmed: the candidate holds the profile;
    // declined: the candidate refused it (hidden from everyone).
    t.string('consent', 16).notNullable();
    t.string('candidate_first_name', 100);
    t.boolean('may_edit').notNullable().defaultTo(true);
    t.boolean('may_search').notNullable().defaultTo(true);
    t.boolean('may_like').notNullable().defaultTo(true);
    t.boolean('may_shortlist').notNullable().defaultTo(true);
    t.boolean('may_message').notNullable().defaultTo(false);
    t.bigInteger('updated_at').notNullable();
  });

  await knex.schema.createTable('family_members', (t) => {
    t.increments('id').primary();
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('relation', 16).notNullable();
    t.string('status', 16).notNullable().defaultTo('active');
    t.integer('invited_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('added_at').notNullable();
    t.bigInteger('removed_at');
    t.unique(['profile_id', 'user_id'], { indexName: 'family_members_pair_unique' });
    t.index(['user_id', 'status'], 'family_members_user_idx');
  });

  await knex.schema.createTable('family_invitations', (t) => {
    t.increments('id').primary();
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.integer('invited_by').notNullable().references('users.id').onDelete('CASCADE');
    // candidate: the person the profile is for; family: a mother, father, sibling, guardian or relative
    t.string('role', 16).notNullable();
    t.string('relation', 16);
    t.string('email', 254).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at');
    t.string('outcome', 16);
    t.bigInteger('created_at').notNullable();
    t.index(['profile_id'], 'family_invitations_profile_idx');
  });

  await knex.schema.createTable('family_suggestions', (t) => {
    t.increments('id').primary();
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.integer('suggested_profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.integer('suggested_by').references('users.id').onDelete('SET NULL');
    t.string('note', 500);
    // open, liked, dismissed, discussing
    t.string('status', 16).notNullable().defaultTo('open');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('decided_at');
    t.unique(['profile_id', 'suggested_profile_id'], { indexName: 'family_suggestions_pair_unique' });
  });

  await knex.schema.createTable('family_thread_messages', (t) => {
    t.increments('id').primary();
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.integer('suggestion_id').references('family_suggestions.id').onDelete('CASCADE');
    t.integer('author_id').references('users.id').onDelete('SET NULL');
    t.text('content').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['profile_id', 'created_at'], 'family_thread_profile_idx');
  });

  // Who did it, when a family member acted for the profile (no row: the profile's own account did). A side table
  // rather than columns on profile_likes and messages: those carry the match engine's change-log triggers, and
  // SQLite rebuilds a table to drop a column.
  await knex.schema.createTable('family_acts', (t) => {
    t.increments('id').primary();
    t.string('kind', 16).notNullable();
    t.integer('item_id').notNullable();
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.integer('acted_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.unique(['kind', 'item_id'], { indexName: 'family_acts_item_unique' });
  });
  // Reports that ops must see first (a profile made without its person's consent).
  await knex.schema.alterTable('reports', (t) => {
    t.integer('priority').notNullable().defaultTo(0);
  });

  const now = Date.now();
  // Aliases without underscores: the application's connection camel-cases the keys of result rows.
  const managed = await knex('profiles')
    .whereIn('profile_type', ['parent', 'sibling', 'relative'])
    .select('id', 'user_id as owner', 'profile_type as kind', 'parent_relationship as relationship', 'full_name as name');
  for (const profile of managed) {
    const relation = profile.kind === 'sibling' ? 'sibling' : profile.kind === 'relative' ? 'relative' : (RELATION_OF_PARENT[profile.relationship ?? ''] ?? 'guardian');
    const firstName = typeof profile.name === 'string' && profile.name.trim() ? profile.name.trim().split(/\s+/)[0] : null;
    await knex('profile_family').insert({ profile_id: profile.id, consent: 'unconfirmed', candidate_first_name: firstName, updated_at: now });
    await knex('family_members').insert({ profile_id: profile.id, user_id: profile.owner, relation, status: 'active', added_at: now });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reports', (t) => {
    t.dropColumn('priority');
  });
  await knex.schema.dropTable('family_acts');
  await knex.schema.dropTable('family_thread_messages');
  await knex.schema.dropTable('family_suggestions');
  await knex.schema.dropTable('family_invitations');
  await knex.schema.dropTable('family_members');
  await knex.schema.dropTable('profile_family');
}
