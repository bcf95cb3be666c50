import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ShortlistEntryView } from '../../../contracts/shortlist';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, signedInClient } from '../../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

/** A candidate holding their own profile, with their mother as a family helper (invited and joined). */
async function candidateWithMother() {
  const candidate = await signedInClient(server, { fullName: 'Priya Candidate' });
  const profile = await buildProfile(server, candidate.user, { gender: 'female', lookingFor: 'male' });
  const email = `mother.${profile.id}@example.test`;
  assert.equal((await candidate.client.post(`/api/family/${profile.id}/invitations`, { role: 'family', email, relation: 'mother' })).status, 201);
  const mail = await server.db('email_outbox').where({ toEmail: email }).orderBy('id', 'desc').first();
  const token = /\/family-invite\/([A-Za-z0-9_-]+)/.exec(mail.bodyText)?.[1] ?? '';
  const mother = new Client(server);
  const joined = await mother.post(`/api/family-invitations/${token}`, { fullName: 'Lakshmi Mother', username: `mother_${profile.id}`, password: 'family-pass-123', confirmPassword: 'family-pass-123' });
  assert.equal(joined.status, 200);
  return { candidate, profile, mother };
}

async function someone(fullName: string) {
  const member = await signedInClient(server, { fullName });
  const profile = await buildProfile(server, member.user, { gender: 'male', lookingFor: 'female', fullName });
  return { ...member, profile };
}

const list = async (client: Client, profileId: number) => (await (await client.get(`/api/shortlist/${profileId}`)).json()) as ShortlistEntryView[];

describe('the shortlist: one per candidate profile, for the candidate and their family', () => {
  test('the candidate saves with a note; the entry says they saved it; the family sees the same list, saying who', async () => {
    const { candidate, profile, mother } = await candidateWithMother();
    const arjun = await someone('Arjun Saved');
    const res = await candidate.client.post(`/api/shortlist/${profile.id}`, { savedProfileId: arjun.profile.id, note: 'Kind words about his family' });
    assert.equal(res.status, 201);
    const mine = await list(candidate.client, profile.id);
    assert.equal(mine.length, 1);
    assert.equal(mine[0].profile.fullName, 'Arjun Saved');
    assert.equal(mine[0].note, 'Kind words about his family');
    assert.deepEqual(mine[0].savedBy, { userId: candidate.user.id, name: 'Priya Candidate', relation: null, isYou: true });
    const theirs = await list(mother, profile.id);
    assert.equal(theirs[0].savedBy.isYou, false);
    assert.equal(theirs[0].savedBy.name, 'Priya Candidate');
    // The family shortlist is the same list.
    const family = (await (await mother.get(`/api/family/${profile.id}/suggestions`)).json()) as Array<{ id: number }>;
    assert.deepEqual(family.map((f) => f.id), [mine[0].id]);
  });

  test('a helper with mayShortlist saves too, the entry naming them and their relation; saving the same profile again is a 409', async () => {
    const { candidate, profile, mother } = await candidateWithMother();
    const dev = await someone('Dev Saved');
    assert.equal((await mother.post(`/api/shortlist/${profile.id}`, { savedProfileId: dev.profile.id })).status, 201);
    const entries = await list(candidate.client, profile.id);
    assert.deepEqual({ ...entries[0].savedBy, userId: 0 }, { userId: 0, name: 'Lakshmi Mother', relation: 'mother', isYou: false });
    assert.equal(entries[0].note, null);
    const again = await candidate.client.post(`/api/shortlist/${profile.id}`, { savedProfileId: dev.profile.id, note: 'again' });
    assert.equal(again.status, 409);
    assert.equal((await list(candidate.client, profile.id)).length, 1);
  });

  test('remove: the entry leaves the list; an entry of another profile is a 404', async () => {
    const { candidate, profile } = await candidateWithMother();
    const other = await candidateWithMother();
    const ravi = await someone('Ravi Saved');
    const { id } = (await (await candidate.client.post(`/api/shortlist/${profile.id}`, { savedProfileId: ravi.profile.id })).json()) as { id: number };
    const { id: otherId } = (await (await other.candidate.client.post(`/api/shortlist/${other.profile.id}`, { savedProfileId: ravi.profile.id })).json()) as { id: number };
    // The entry id belongs to the other profile's list: not this one's to remove.
    assert.equal((await candidate.client.delete(`/api/shortlist/${profile.id}/${otherId}`)).status, 404);
    assert.equal((await list(other.candidate.client, other.profile.id)).length, 1);
    assert.equal((await candidate.client.delete(`/api/shortlist/${profile.id}/${id}`)).status, 200);
    assert.deepEqual(await list(candidate.client, profile.id), []);
  });

  test("another member's shortlist is a 404 to read, save to or remove from, and changes nothing", async () => {
    const { candidate, profile } = await candidateWithMother();
    const outsider = await someone('Outsider Member');
    const saved = await someone('Saved Member');
    const { id } = (await (await candidate.client.post(`/api/shortlist/${profile.id}`, { savedProfileId: saved.profile.id, note: 'private' })).json()) as { id: number };
    const read = await outsider.client.get(`/api/shortlist/${profile.id}`);
    assert.equal(read.status, 404);
    assert.doesNotMatch(await read.text(), /private/);
    assert.equal((await outsider.client.post(`/api/shortlist/${profile.id}`, { savedProfileId: outsider.profile.id })).status, 404);
    assert.equal((await outsider.client.delete(`/api/shortlist/${profile.id}/${id}`)).status, 404);
    assert.equal((await list(candidate.client, profile.id)).length, 1);
    assert.equal((await new Client(server).get(`/api/shortlist/${profile.id}`)).status, 401);
  });

  test('a helper the candidate has not allowed to shortlist is refused (403)', async () => {
    const { candidate, profile, mother } = await candidateWithMother();
    assert.equal((await candidate.client.patch(`/api/family/${profile.id}/permissions`, { mayShortlist: false })).status, 200);
    const saved = await someone('Not Saved');
    const res = await mother.post(`/api/shortlist/${profile.id}`, { savedProfileId: saved.profile.id });
    assert.equal(res.status, 403);
    assert.deepEqual(await list(candidate.client, profile.id), []);
  });

  test('bad input is a 400 that saves nothing: no id, a long note, a hidden or own profile is refused', async () => {
    const { candidate, profile } = await candidateWithMother();
    assert.equal((await candidate.client.post(`/api/shortlist/${profile.id}`, {})).status, 400);
    const target = await someone('Target Member');
    const long = await candidate.client.post(`/api/shortlist/${profile.id}`, { savedProfileId: target.profile.id, note: 'x'.repeat(501) });
    assert.equal(long.status, 400);
    assert.match(((await long.json()) as { message: string }).message, /under 500 characters/);
    assert.equal((await candidate.client.post(`/api/shortlist/${profile.id}`, { savedProfileId: profile.id })).status, 400);
    assert.equal((await target.client.post('/api/blocks', { userId: candidate.user.id })).status, 201);
    assert.equal((await candidate.client.post(`/api/shortlist/${profile.id}`, { savedProfileId: target.profile.id })).status, 404);
    assert.equal((await candidate.client.get('/api/shortlist/abc')).status, 400);
    assert.deepEqual(await list(candidate.client, profile.id), []);
  });
});
