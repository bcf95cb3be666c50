import type { Knex } from 'knex';

// Data only: of each member's live subscriptions (incomplete, active, past due), all but the main one are marked
// as extras. The main one is the one that pays (active, then past due, then an open checkout), the newest of those.
// Nothing is cancelled here: an extra may bill at the provider, and the member cancels it from Settings → Plan.
// Safe to run twice: the extras it finds are the same.

const LIVE = ['incomplete', 'active', 'past_due'];
const RANK: Record<string, number> = { active: 0, past_due: 1, incomplete: 2 };

export async function up(knex: Knex): Promise<void> {
  // Aliases without underscores: the application's connection camel-cases the keys of result rows.
  const rows: Array<{ id: number; owner: number; status: string; created: number | string }> = await knex('subscriptions')
    .whereIn('status', LIVE)
    .whereNotNull('user_id')
    .select('id', 'user_id as owner', 'status', 'created_at as created');
  const byMember = new Map<number, typeof rows>();
  for (const row of rows) byMember.set(Number(row.owner), [...(byMember.get(Number(row.owner)) ?? []), row]);
  const extras: number[] = [];
  for (const subs of byMember.values()) {
    if (subs.length < 2) continue;
    subs.sort((a, b) => (RANK[a.status] ?? 3) - (RANK[b.status] ?? 3) || Number(b.created) - Number(a.created) || Number(b.id) - Number(a.id));
    extras.push(...subs.slice(1).map((s) => Number(s.id)));
  }
  for (let i = 0; i < extras.length; i += 500) {
    await knex('subscriptions').whereIn('id', extras.slice(i, i + 500)).update({ legacy_duplicate: true });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex('subscriptions').where({ legacy_duplicate: true }).update({ legacy_duplicate: false });
}
