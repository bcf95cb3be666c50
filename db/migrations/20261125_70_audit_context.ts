import type { Knex } from 'knex';

// The audit log names the member an entry concerns (so a member's page can show every action about them, and
// the log can show the target by name) and carries the request id that is also in the request's log line.
// Entries written before this have neither; the member is recovered for the ones whose target is a user.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.string('request_id', 64);
    t.integer('subject_user_id');
    t.index(['subject_user_id', 'created_at'], 'audit_subject_idx');
    t.index(['action', 'created_at'], 'audit_action_idx');
  });
  await knex('audit_log').where({ target_type: 'user' }).whereNotNull('target_id').update({ subject_user_id: knex.ref('target_id') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    t.dropIndex(['action', 'created_at'], 'audit_action_idx');
    t.dropIndex(['subject_user_id', 'created_at'], 'audit_subject_idx');
    t.dropColumn('subject_user_id');
    t.dropColumn('request_id');
  });
}
