import type { Knex } from 'knex';

// A family link changes the lists of more members than the helper's (match-engine/relations.ts): the candidate no
// longer meets the helper, and the helper's other candidates (brother and sister) no longer meet each other. The
// family_members triggers of migration 95 reported the helper only; from here they report, in the same transaction,
// the helper, the profile's member and the members of every other profile the helper is active on.
const STATUS_CHANGED = 'NEW.status IS NOT OLD.status';

/** The members whose relations a link of helper `u` to profile `p` touches, besides the helper. */
const touched = (u: string, p: string) =>
  `SELECT DISTINCT pr.user_id FROM profiles pr
    WHERE (pr.id = ${p} OR pr.id IN (SELECT f.profile_id FROM family_members f WHERE f.user_id = ${u} AND f.status = 'active'))
      AND pr.user_id <> ${u}`;

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw(`CREATE OR REPLACE FUNCTION engine_family_members_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE link family_members; member record;
      BEGIN
        IF EXISTS (SELECT 1 FROM engine_log_pause) THEN RETURN NULL; END IF;
        IF TG_OP = 'DELETE' THEN link := OLD; ELSE link := NEW; END IF;
        PERFORM engine_changed('r:' || link.user_id || ':0');
        FOR member IN ${touched('link.user_id', 'link.profile_id')} LOOP
          PERFORM engine_changed('r:' || member.user_id || ':0');
        END LOOP;
        RETURN NULL;
      END $$`);
    return;
  }
  const quiet = 'NOT EXISTS (SELECT 1 FROM engine_log_pause)';
  const now = "CAST(strftime('%s','now') AS INTEGER) * 1000";
  const log = (row: string) =>
    `INSERT INTO engine_changes (kind, a, b, created_at) VALUES ('r', ${row}.user_id, NULL, ${now});
     INSERT INTO engine_changes (kind, a, b, created_at) SELECT 'r', user_id, NULL, ${now} FROM (${touched(`${row}.user_id`, `${row}.profile_id`)});`;
  for (const op of ['insert', 'update', 'delete']) await knex.raw(`DROP TRIGGER IF EXISTS engine_family_members_${op}`);
  await knex.raw(`CREATE TRIGGER engine_family_members_insert AFTER INSERT ON family_members WHEN ${quiet} BEGIN ${log('NEW')} END`);
  await knex.raw(`CREATE TRIGGER engine_family_members_update AFTER UPDATE OF status ON family_members WHEN ${quiet} AND ${STATUS_CHANGED} BEGIN ${log('NEW')} END`);
  await knex.raw(`CREATE TRIGGER engine_family_members_delete AFTER DELETE ON family_members WHEN ${quiet} BEGIN ${log('OLD')} END`);
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw(`CREATE OR REPLACE FUNCTION engine_family_members_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM engine_log_pause) THEN RETURN NULL; END IF;
        IF TG_OP = 'DELETE' THEN PERFORM engine_changed('r:' || OLD.user_id || ':0');
        ELSE PERFORM engine_changed('r:' || NEW.user_id || ':0'); END IF;
        RETURN NULL;
      END $$`);
    return;
  }
  const quiet = 'NOT EXISTS (SELECT 1 FROM engine_log_pause)';
  const log = (row: string) => `INSERT INTO engine_changes (kind, a, b, created_at) VALUES ('r', ${row}.user_id, NULL, CAST(strftime('%s','now') AS INTEGER) * 1000);`;
  for (const op of ['insert', 'update', 'delete']) await knex.raw(`DROP TRIGGER IF EXISTS engine_family_members_${op}`);
  await knex.raw(`CREATE TRIGGER engine_family_members_insert AFTER INSERT ON family_members WHEN ${quiet} BEGIN ${log('NEW')} END`);
  await knex.raw(`CREATE TRIGGER engine_family_members_update AFTER UPDATE OF status ON family_members WHEN ${quiet} AND ${STATUS_CHANGED} BEGIN ${log('NEW')} END`);
  await knex.raw(`CREATE TRIGGER engine_family_members_delete AFTER DELETE ON family_members WHEN ${quiet} BEGIN ${log('OLD')} END`);
}
