import type { Knex } from 'knex';

// Discovery: the daily-matches snapshot and a full-text index over profiles' search text, each database in
// its own way (SQLite FTS5 with the trigram tokenizer for substring matches; PostgreSQL a trigram GIN index).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('daily_matches', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.string('kind', 16).notNullable();
    t.text('profile_ids').notNullable();
    t.bigInteger('created_at').notNullable();
    t.primary(['user_id', 'day', 'kind']);
  });

  if (knex.client.config.client === 'pg') {
    await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await knex.raw('CREATE INDEX profiles_search_trgm ON profiles USING gin (search_text gin_trgm_ops)');
    return;
  }
  await knex.raw(
    "CREATE VIRTUAL TABLE profiles_fts USING fts5(search_text, content='profiles', content_rowid='id', tokenize='trigram')",
  );
  await knex.raw(`CREATE TRIGGER profiles_fts_insert AFTER INSERT ON profiles BEGIN
    INSERT INTO profiles_fts(rowid, search_text) VALUES (new.id, coalesce(new.search_text, ''));
  END`);
  await knex.raw(`CREATE TRIGGER profiles_fts_delete AFTER DELETE ON profiles BEGIN
    INSERT INTO profiles_fts(profiles_fts, rowid, search_text) VALUES ('delete', old.id, coalesce(old.search_text, ''));
  END`);
  await knex.raw(`CREATE TRIGGER profiles_fts_update AFTER UPDATE OF search_text ON profiles BEGIN
    INSERT INTO profiles_fts(profiles_fts, rowid, search_text) VALUES ('delete', old.id, coalesce(old.search_text, ''));
    INSERT INTO profiles_fts(rowid, search_text) VALUES (new.id, coalesce(new.search_text, ''));
  END`);
  await knex.raw("INSERT INTO profiles_fts(profiles_fts) VALUES ('rebuild')");
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw('DROP INDEX IF EXISTS profiles_search_trgm');
  } else {
    for (const trigger of ['profiles_fts_insert', 'profiles_fts_delete', 'profiles_fts_update']) {
      await knex.raw(`DROP TRIGGER IF EXISTS ${trigger}`);
    }
    await knex.raw('DROP TABLE IF EXISTS profiles_fts');
  }
  await knex.schema.dropTableIfExists('daily_matches');
}
