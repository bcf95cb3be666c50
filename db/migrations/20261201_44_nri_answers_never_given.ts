import type { Knex } from 'knex';

// The stored 'moderate' / 'considering' that no member chose become NULL ("Not specified").
//
// Which ones were never chosen: the NRI Details card is the only place a member answers these two questions, and
// it always saves the languages with them (a JSON list, '[]' when none). So a profile whose languages were never
// stored never had that card saved, and its two values are the column default or profile creation's literal.
// A profile whose card was saved keeps its values even when they equal the old defaults: the card showed them
// pre-selected, so the member cannot be told apart from one who chose them, and what they saved stands.
//
// The match engine's change log is paused for the update (one row a profile would be two log rows each) and the
// engine is asked for one rebuild instead, as the seeder does.

const NEVER_CHOSEN = { cultural_integration_level: 'moderate', return_to_india_plans: 'considering' } as const;

async function requestRebuild(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') await knex.raw("SELECT engine_changed('*')");
  else await knex('engine_changes').insert({ kind: '*', a: null, b: null, created_at: Date.now() });
}

export async function up(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('engine_log_pause').insert({ id: 1 }).onConflict('id').ignore();
    let changed = 0;
    for (const [column, value] of Object.entries(NEVER_CHOSEN)) {
      changed += Number(await trx('profiles').whereNull('language_preferences').where(column, value).update({ [column]: null }));
    }
    await trx('engine_log_pause').where({ id: 1 }).delete();
    if (changed > 0) await requestRebuild(trx);
  });
}

// The values cleared were never answers: there is nothing to put back.
export async function down(): Promise<void> {}
