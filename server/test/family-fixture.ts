import assert from 'node:assert/strict';
import { buildProfile, signedInClient } from './factories';
import { Client, type TestServer } from './harness';

/**
 * Priya (who holds her profile), her mother who joined through a family invitation and acts for her (`as` sends a
 * request with the acting-for header), and Arjun, a man she might like.
 */
export async function priyaWithMother(server: TestServer) {
  const priya = await signedInClient(server, { fullName: 'Priya Raman', tier: 'premium' });
  const profile = await buildProfile(server, priya.user);
  const email = `mother.${profile.id}@example.test`;
  await priya.client.post(`/api/family/${profile.id}/invitations`, { role: 'family', email, relation: 'mother' });
  const mail = await server.db('email_outbox').where({ toEmail: email }).orderBy('id', 'desc').first();
  const token = /\/family-invite\/([A-Za-z0-9_-]+)/.exec(mail.bodyText)?.[1] ?? '';
  const mother = new Client(server);
  const joined = await mother.post(`/api/family-invitations/${token}`, { fullName: 'Lakshmi Raman', username: `lakshmi_${profile.id}`, password: 'lakshmi-pass-1', confirmPassword: 'lakshmi-pass-1' });
  assert.equal(joined.status, 200);
  const arjun = await signedInClient(server, { fullName: 'Arjun Mehta', tier: 'premium' });
  const arjunProfile = await buildProfile(server, arjun.user, { gender: 'male' });
  const acting = { 'X-Saathi-Acting-For': String(profile.id) };
  const as = (method: string, path: string, json?: unknown) => mother.request(method, path, { json, headers: acting });
  return { priya, profile, mother, arjun, arjunProfile, as };
}
