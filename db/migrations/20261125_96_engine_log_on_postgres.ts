import type { Knex } from 'knex';

// On PostgreSQL the match engine's triggers only sent NOTIFY, which keeps no history: an engine starting from its
// snapshot on disk (match-engine/snapshot.ts) could not learn what changed while it was down. From here every
// change is also a row of `engine_changes`, with the id of the transaction that made it, so a start can read the
// changes its snapshot (a PostgreSQL snapshot: which transactions it saw) did not see. The trigger functions of
// migrations 30, 31 and 95 call pg_notify('saathi_engine', …) directly; each is redefined to call
// engine_changed(…) instead, which sends the same NOTIFY and writes the row. SQLite's triggers already log.

const NOTIFY = "pg_notify('saathi_engine', ";
const LOGGED = 'engine_changed(';

async function triggerFunctions(knex: Knex): Promise<Array<{ name: string; def: string }>> {
  const { rows } = (await knex.raw(
    `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema() AND p.proname LIKE 'engine\\_%\\_change' ORDER BY p.proname`,
  )) as { rows: Array<{ name: string; def: string }> };
  return rows;
}

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  await knex.raw('ALTER TABLE engine_changes ADD COLUMN xid xid8');
  await knex.raw(`CREATE OR REPLACE FUNCTION engine_changed(payload text) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('saathi_engine', payload);
      INSERT INTO engine_changes (kind, a, b, created_at, xid)
        VALUES (split_part(payload, ':', 1), nullif(split_part(payload, ':', 2), '')::integer, nullif(split_part(payload, ':', 3), '')::integer,
                (extract(epoch FROM clock_timestamp()) * 1000)::bigint, pg_current_xact_id());
    END $$`);
  for (const { name, def } of await triggerFunctions(knex)) {
    if (!def.includes(NOTIFY)) throw new Error(`migration 96: ${name} does not send the engine's NOTIFY`);
    await knex.raw(def.split(NOTIFY).join(LOGGED));
  }
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  for (const { def } of await triggerFunctions(knex)) await knex.raw(def.split(LOGGED).join(NOTIFY));
  await knex.raw('DROP FUNCTION IF EXISTS engine_changed(text)');
  await knex.raw('ALTER TABLE engine_changes DROP COLUMN IF EXISTS xid');
}
