import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiRouters } from './app';
import { sha256 } from './services/passwords';
import { Client, type TestServer, startTestServer } from './test/harness';
import { familyActionFor } from './routes/family/acting';
import { buildProfile, jpegBytes, signedInClient } from './test/factories';
import { buildCall, buildCallParticipant } from './test/table-factories';

/**
 * The access-control matrix. Every API route (outside /api/ops, which ops.test.ts walks) must have an entry;
 * a new route without one fails this test. Path ids are filled with the OWNER's records; then each route is
 * called as a visitor, as another member (a stranger), and — for reads — as the owner.
 *
 *   public     anyone; never a 401
 *   member     any signed-in member (no id of someone else's in the path): visitor 401
 *   visible    a signed-in member may read another member's visible record: visitor 401, stranger allowed
 *   owner      the path names the owner's record: visitor 401, stranger 403 or 404, owner succeeds on reads
 */
type Access = 'public' | 'member' | 'visible' | 'owner';

const MATRIX: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/user': 'member',
  'POST /api/auth/password-reset/request': 'public',
  'POST /api/auth/password-reset/confirm': 'public',
  'POST /api/auth/confirm-email': 'public',
  'POST /api/ops/session': 'public',
  'GET /api/ops/me': 'member',
  'GET /api/notifications/:userId/count': 'owner',
  'GET /api/notifications/:userId': 'owner',
  'PATCH /api/notifications/:id/mark-read': 'owner',
  'PATCH /api/notifications/:userId/mark-all-read': 'owner',
  'POST /api/notifications': 'visible',
  'GET /api/messages/:userId/unread-count': 'owner',
  'GET /api/messages/:userId': 'owner',
  'GET /api/messages/:userId/:otherUserId/peer': 'owner',
  'GET /api/messages/:userId/:otherUserId': 'owner',
  'POST /api/messages': 'member',
  'POST /api/calls': 'member',
  'GET /api/calls/current': 'member',
  'GET /api/calls/with/:otherUserId': 'visible',
  'GET /api/calls/:callId': 'owner',
  'POST /api/calls/:callId/accept': 'owner',
  'POST /api/calls/:callId/decline': 'owner',
  'POST /api/calls/:callId/hangup': 'owner',
  'POST /api/calls/:callId/signal': 'owner',
  'GET /api/calls/:callId/family': 'owner',
  'POST /api/calls/:callId/family': 'owner',
  'POST /api/calls/:callId/report': 'owner',
  'POST /api/profiles/:id/share': 'owner',
  'GET /api/profiles/:id/shares': 'owner',
  'DELETE /api/shares/:shareId': 'owner',
  'GET /api/shares/:shareCode': 'public',
  'POST /api/upload/photo': 'member',
  'DELETE /api/upload/photo/:photoId': 'owner',
  'GET /api/profile-draft': 'member',
  'PUT /api/profile-draft': 'member',
  'DELETE /api/profile-draft': 'member',
  'GET /api/users/:userId/matches': 'owner',
  'GET /api/kundali/chart/:userId': 'owner',
  'GET /api/kundali-compatibility/:userId1/:userId2': 'owner',
  'GET /api/ai-kundali-compatibility/:userId1/:userId2': 'owner',
  'GET /api/compatibility/:userId/:profileId': 'owner',
  'GET /api/profiles/search': 'member',
  'POST /api/profiles': 'member',
  'GET /api/users/:userId/profile': 'visible',
  'GET /api/profiles/user/:userId': 'visible',
  'GET /api/profiles/:userId/completion-status': 'owner',
  'POST /api/profiles/:profileId/completion/:stage': 'owner',
  'GET /api/profiles/:id': 'visible',
  'GET /api/profiles/:id/biodata.pdf': 'visible',
  'PATCH /api/profiles/:id': 'owner',
  'DELETE /api/profiles/:id': 'owner',
  'GET /api/profile-likes/:userId/:profileId/check': 'owner',
  'POST /api/profile-likes': 'visible',
  'DELETE /api/profile-likes/:userId/:profileId': 'owner',
  'GET /api/profile-likes/:userId/received': 'owner',
  'GET /api/profile-likes/:userId': 'owner',
  'GET /api/not-interested': 'member',
  'GET /api/email/unsubscribe': 'public',
  'POST /api/email/unsubscribe': 'public',
  'POST /api/not-interested': 'member',
  'DELETE /api/not-interested/:profileId': 'member',
  'GET /api/blocks': 'member',
  'POST /api/blocks': 'visible',
  'DELETE /api/blocks/:userId': 'visible',
  'POST /api/reports': 'visible',
  'GET /api/users/:userId/privacy-settings': 'owner',
  'PATCH /api/users/:userId/privacy-settings': 'owner',
  'PUT /api/users/:userId/language': 'owner',
  'GET /api/users/:userId/notification-settings': 'owner',
  'PATCH /api/users/:userId/notification-settings': 'owner',
  'DELETE /api/users/:userId/email-bounce': 'owner',
  'GET /api/push/public-key': 'public',
  'GET /api/users/:userId/push-subscriptions': 'owner',
  'POST /api/users/:userId/push-subscriptions': 'owner',
  'DELETE /api/users/:userId/push-subscriptions': 'owner',
  'DELETE /api/users/:userId/push-subscriptions/:subscriptionId': 'owner',
  'GET /api/matches/featured': 'member',
  'GET /api/matches/daily': 'member',
  'GET /api/search': 'member',
  'GET /api/success-stories': 'public',
  'GET /api/site-figures': 'public',
  'POST /api/contact': 'public',
  'GET /api/dev/expo-info': 'member',
  'POST /api/users/:userId/change-password': 'owner',
  'POST /api/users/:userId/2fa/setup': 'owner',
  'POST /api/users/:userId/2fa/enable': 'owner',
  'POST /api/users/:userId/2fa/disable': 'owner',
  'GET /api/users/:userId/2fa': 'owner',
  'POST /api/users/:userId/2fa/recovery-codes': 'owner',
  'GET /api/users/:userId/sessions': 'owner',
  'DELETE /api/users/:userId/sessions/:sessionRef': 'owner',
  'GET /api/users/:userId/export': 'owner',
  'POST /api/user/delete': 'member',
  'GET /api/events': 'member',
  'GET /api/subscriptions': 'public',
  'POST /api/subscriptions/:userId': 'owner',
  'POST /api/subscriptions/:userId/complete': 'owner',
  'GET /api/subscriptions/:userId/current': 'owner',
  'POST /api/subscriptions/:userId/change': 'owner',
  'POST /api/subscriptions/:userId/cancel': 'owner',
  'POST /api/subscriptions/:userId/resume': 'owner',
  'POST /api/subscriptions/:userId/pay': 'owner',
  'GET /api/subscriptions/:userId/invoices/:invoiceId/receipt': 'owner',
  'POST /api/payments/demo/:intentId/confirm': 'owner',
  'POST /api/stripe/webhook': 'public',
  'POST /api/moods': 'member',
  'GET /api/moods/types': 'member',
  'GET /api/moods/current': 'member',
  'GET /api/moods/history': 'member',
  'GET /api/moods/should-prompt': 'member',
  'POST /api/moods/dismiss-prompt': 'member',
  'GET /api/moods/cultural-adaptation': 'member',
  'POST /api/moods/cultural-adaptation': 'member',
  'GET /api/matches/:userId/mood-compatibility': 'visible',
  'GET /api/moods/:userId/cultural-insight': 'visible',
  'GET /api/moods/:userId/conversation-starters': 'visible',
  'GET /api/verification': 'member',
  'POST /api/verification': 'member',
  // Token-gated: the link in a suspension or story-consent email is the credential (an unknown token is a 404).
  'GET /api/appeals/:token': 'public',
  'POST /api/appeals/:token': 'public',
  'GET /api/story-consent/:token': 'public',
  'POST /api/story-consent/:token': 'public',
  // Family access: every /api/family route is also walked as candidate, family member, other member and
  // visitor by the family test below.
  'GET /api/family': 'member',
  'GET /api/family/:profileId': 'owner',
  'GET /api/family/:profileId/activity': 'owner',
  'POST /api/family/:profileId/invitations': 'owner',
  'DELETE /api/family/:profileId/invitations/:invitationId': 'owner',
  'DELETE /api/family/:profileId/members/:memberId': 'owner',
  'PATCH /api/family/:profileId/permissions': 'owner',
  'PATCH /api/family/:profileId/consent-gate': 'owner',
  'PUT /api/family/:profileId/shared-conversations/:otherUserId': 'owner',
  'GET /api/family/:profileId/suggestions': 'owner',
  'POST /api/family/:profileId/suggestions': 'owner',
  'POST /api/family/:profileId/suggestions/:suggestionId/decision': 'owner',
  'GET /api/family/:profileId/thread': 'owner',
  'POST /api/family/:profileId/thread': 'owner',
  // A member's own success stories; the id is a story of theirs (anyone else's is a 404).
  'GET /api/success-stories/mine': 'member',
  'POST /api/success-stories': 'member',
  'PATCH /api/success-stories/:id': 'owner',
  'POST /api/success-stories/:id/photos': 'owner',
  'DELETE /api/success-stories/:id/photos/:fileKey': 'owner',
  'POST /api/success-stories/:id/consent': 'owner',
  'GET /api/family-invitations/:token': 'public',
  'POST /api/family-invitations/:token': 'public',
  'GET /api/shortlist/:profileId': 'owner',
  'POST /api/shortlist/:profileId': 'owner',
  'DELETE /api/shortlist/:profileId/:entryId': 'owner',
  'GET /api/saved-searches': 'member',
  'POST /api/saved-searches': 'member',
  'PATCH /api/saved-searches/:id': 'owner',
  'DELETE /api/saved-searches/:id': 'owner',
  'GET /api/profile-views/:userId': 'owner',
};

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

function routeTable(): Array<{ method: string; path: string }> {
  const services = { config: server.config, db: server.db, live: { publish() {}, subscribe: () => () => {}, listenerCount: () => 0 } as never, engine: {} as never, cards: {} as never, log: () => {}, metrics: {} as never, media: {} as never, lifecycle: { draining: false } };
  const out: Array<{ method: string; path: string }> = [];
  for (const router of apiRouters(services)) {
    for (const layer of router.stack) {
      for (const method of layer.methods) if (method !== 'HEAD') out.push({ method, path: String(layer.path) });
    }
  }
  return out.filter((r) => !r.path.startsWith('/api/ops/') || r.path === '/api/ops/session' || r.path === '/api/ops/me');
}

test('every route has an entry in the access matrix, and every entry is a route', () => {
  const keys = routeTable().map((r) => `${r.method} ${r.path}`);
  const missing = keys.filter((k) => !(k in MATRIX));
  assert.deepEqual(missing, [], `routes without an access decision: ${missing.join(', ')}`);
  const stale = Object.keys(MATRIX).filter((k) => !keys.includes(k));
  assert.deepEqual(stale, [], `matrix entries for routes that no longer exist: ${stale.join(', ')}`);
});

test('visitors, other members and owners get exactly what the matrix allows', async () => {
  const owner = await signedInClient(server, { fullName: 'Owner Member', tier: 'premium' });
  const other = await signedInClient(server, { fullName: 'Other Member', tier: 'premium' });
  const stranger = await signedInClient(server, { fullName: 'Stranger Member', tier: 'premium' });
  const ownerProfile = await buildProfile(server, owner.user);
  const otherProfile = await buildProfile(server, other.user, { gender: 'male' });
  await buildProfile(server, stranger.user, { gender: 'male' });
  const photo = (await (await owner.client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'o.jpg', 'image/jpeg')).json()) as { id: number };
  const share = (await (await owner.client.post(`/api/profiles/${ownerProfile.id}/share`, {})).json()) as { id: number; shareCode: string };
  await other.client.post('/api/messages', { receiverId: owner.user.id, content: 'Hello owner' });
  const notification = await server.db('notifications').where({ userId: owner.user.id }).first();
  const intent = (await (await owner.client.post(`/api/subscriptions/${owner.user.id}`, { tier: 'elite' })).json()) as { paymentIntentId: string };
  // The owner's first invoice, marked paid, so that its receipt exists.
  const invoice = await server.db('invoices').where({ userId: owner.user.id }).first();
  await server.db('invoices').where({ id: invoice.id }).update({ status: 'paid', paidAt: Date.now() });
  const ownerSession = (await server.db('sessions').where({ userId: owner.user.id }).first()).id as string;
  // A call between the owner and the other member (the :callId routes): strangers get the 404 of a call that does not exist.
  const call = await buildCall(server.db, { callerId: other.user.id, calleeId: owner.user.id, status: 'ended', endReason: 'hangup', endedAt: Date.now() });
  await buildCallParticipant(server.db, { callId: call.id, userId: owner.user.id, sideUserId: owner.user.id, state: 'left' });

  const saved = (await (await owner.client.post('/api/saved-searches', { name: 'Engineers', filters: { query: 'engineer' } })).json()) as { id: number };

  const fill = (path: string) =>
    path
      .replace(':userId1', String(owner.user.id))
      .replace(':userId2', String(other.user.id))
      .replace(':otherUserId', String(other.user.id))
      .replace(':userId', String(owner.user.id))
      .replace(':profileId', String(path.startsWith('/api/compatibility') ? otherProfile.id : ownerProfile.id))
      .replace(':id', String(path.startsWith('/api/notifications') ? notification.id : path.startsWith('/api/saved-searches') ? saved.id : ownerProfile.id))
      .replace(':callId', String(call.id))
      .replace(':shareId', String(share.id))
      .replace(':shareCode', share.shareCode)
      .replace(':photoId', String(photo.id))
      .replace(':intentId', intent.paymentIntentId)
      .replace(':invoiceId', invoice.providerInvoiceId)
      .replace(':sessionRef', sha256(ownerSession).slice(0, 24))
      .replace(':stage', '4')
      .replace(':memberId', '1')
      .replace(':invitationId', '1')
      .replace(':subscriptionId', '1')
      .replace(':suggestionId', '1')
      .replace(':entryId', '1')
      .replace(':token', 'not-a-real-invitation-token-0123');

  const snapshot = async () =>
    JSON.stringify(
      await Promise.all(
        ['profiles', 'profile_shares', 'photos', 'notifications', 'messages', 'privacy_settings', 'notification_settings', 'sessions', 'profile_likes', 'payments', 'push_subscriptions', 'saved_searches'].map((t) =>
          server.db(t).select('*').orderBy(t === 'privacy_settings' || t === 'notification_settings' ? 'userId' : 'id'),
        ),
      ),
    );

  const failures: string[] = [];
  for (const { method, path } of routeTable()) {
    const access = MATRIX[`${method} ${path}`];
    const url = fill(path);
    const body = method === 'GET' ? undefined : {};
    const visitor = await new Client(server).request(method, url, { json: body });
    if (access !== 'public' && visitor.status !== 401) failures.push(`visitor ${method} ${url}: ${visitor.status}`);
    if (access === 'public' && visitor.status === 401) failures.push(`visitor ${method} ${url}: 401 on a public route`);
    if (visitor.status >= 500) failures.push(`visitor ${method} ${url}: ${visitor.status}`);

    if (access === 'owner') {
      const before = await snapshot();
      const res = await stranger.client.request(method, url, { json: body });
      if (![403, 404].includes(res.status)) failures.push(`stranger ${method} ${url}: ${res.status}`);
      if ((await snapshot()) !== before) failures.push(`stranger ${method} ${url} changed the owner's data`);
      if (method === 'GET') {
        const mine = await owner.client.request(method, url);
        if (mine.status >= 300 && mine.status !== 422) failures.push(`owner ${method} ${url}: ${mine.status}`);
      }
    } else if (access === 'visible' || access === 'member') {
      const res = await stranger.client.request(method, url, { json: body });
      if (res.status === 401 || res.status >= 500) failures.push(`stranger ${method} ${url}: ${res.status}`);
    }
  }
  assert.deepEqual(failures, []);
});

/**
 * Family routes, as each of a profile's four kinds of asker: its candidate, a family member, another member and a
 * visitor. Denials are 404 for whoever is not one of the profile's people (they learn nothing), 403 for a family
 * member the candidate's rules refuse, 401 for visitors.
 */
test('family routes: candidate, family member, other member and visitor each get exactly their due', async () => {
  const candidate = await signedInClient(server, { fullName: 'Candidate Member' });
  const other = await signedInClient(server, { fullName: 'Other Member' });
  const profile = await buildProfile(server, candidate.user);
  const email = `family.${profile.id}@example.test`;
  await candidate.client.post(`/api/family/${profile.id}/invitations`, { role: 'family', email, relation: 'mother' });
  const mail = await server.db('email_outbox').where({ toEmail: email }).orderBy('id', 'desc').first();
  const token = /\/family-invite\/([A-Za-z0-9_-]+)/.exec(mail.bodyText)?.[1] ?? '';
  const family = new Client(server);
  const joined = await family.post(`/api/family-invitations/${token}`, { fullName: 'Family Member', username: `family_${profile.id}`, password: 'family-pass-123', confirmPassword: 'family-pass-123' });
  assert.equal(joined.status, 200);
  const memberId = (await server.db('family_members').where({ profileId: profile.id, status: 'active' }).first('id')).id as number;
  const invitation = (await (await candidate.client.post(`/api/family/${profile.id}/invitations`, { role: 'family', email: `aunt.${profile.id}@example.test`, relation: 'relative' })).json()) as { id: number };
  const suggestable = await buildProfile(server, other.user, { gender: 'male' });
  await other.client.post('/api/messages', { receiverId: candidate.user.id, content: 'Hello' });
  const suggestionId = async () => (await server.db('family_suggestions').where({ profileId: profile.id }).first('id'))?.id ?? 0;
  type Who = 'candidate' | 'family' | 'other' | 'visitor';
  const clients: Record<Who, Client> = { candidate: candidate.client, family, other: other.client, visitor: new Client(server) };
  const p = profile.id;
  const rows: Array<{ route: string; call: (c: Client) => Promise<Response>; expect: Record<Who, number> }> = [
    { route: 'GET /api/family', call: (c) => c.get('/api/family'), expect: { candidate: 200, family: 200, other: 200, visitor: 401 } },
    { route: 'GET /api/family/:profileId', call: (c) => c.get(`/api/family/${p}`), expect: { candidate: 200, family: 200, other: 404, visitor: 401 } },
    { route: 'GET /api/family/:profileId/activity', call: (c) => c.get(`/api/family/${p}/activity`), expect: { candidate: 200, family: 200, other: 404, visitor: 401 } },
    {
      route: 'POST /api/family/:profileId/invitations',
      call: (c) => c.post(`/api/family/${p}/invitations`, { role: 'family', email: 'brother@example.test', relation: 'sibling' }),
      expect: { candidate: 201, family: 403, other: 404, visitor: 401 },
    },
    {
      route: 'DELETE /api/family/:profileId/invitations/:invitationId',
      call: (c) => c.delete(`/api/family/${p}/invitations/${invitation.id}`),
      expect: { candidate: 200, family: 403, other: 404, visitor: 401 },
    },
    { route: 'PATCH /api/family/:profileId/permissions', call: (c) => c.patch(`/api/family/${p}/permissions`, { mayMessage: true }), expect: { candidate: 200, family: 403, other: 404, visitor: 401 } },
    // The consent gate is the family's choice only before a candidate confirms; this candidate made the profile.
    { route: 'PATCH /api/family/:profileId/consent-gate', call: (c) => c.patch(`/api/family/${p}/consent-gate`, { hiddenUntilConfirmed: true }), expect: { candidate: 403, family: 403, other: 404, visitor: 401 } },
    {
      route: 'PUT /api/family/:profileId/shared-conversations/:otherUserId',
      call: (c) => c.request('PUT', `/api/family/${p}/shared-conversations/${other.user.id}`, { json: { shared: true } }),
      expect: { candidate: 200, family: 403, other: 404, visitor: 401 },
    },
    { route: 'GET /api/family/:profileId/suggestions', call: (c) => c.get(`/api/family/${p}/suggestions`), expect: { candidate: 200, family: 200, other: 404, visitor: 401 } },
    // Family suggest (the candidate does not suggest to themself); the candidate decides.
    {
      route: 'POST /api/family/:profileId/suggestions',
      call: (c) => c.post(`/api/family/${p}/suggestions`, { suggestedProfileId: suggestable.id, note: 'Have a look' }),
      expect: { candidate: 403, family: 201, other: 404, visitor: 401 },
    },
    {
      route: 'POST /api/family/:profileId/suggestions/:suggestionId/decision',
      call: async (c) => c.post(`/api/family/${p}/suggestions/${await suggestionId()}/decision`, { decision: 'discuss' }),
      expect: { candidate: 200, family: 403, other: 404, visitor: 401 },
    },
    // Liking a suggestion gives the like itself: the candidate's alone.
    {
      route: 'POST /api/family/:profileId/suggestions/:suggestionId/decision',
      call: async (c) => c.post(`/api/family/${p}/suggestions/${await suggestionId()}/decision`, { decision: 'like' }),
      expect: { candidate: 200, family: 403, other: 404, visitor: 401 },
    },
    { route: 'GET /api/family/:profileId/thread', call: (c) => c.get(`/api/family/${p}/thread`), expect: { candidate: 200, family: 200, other: 404, visitor: 401 } },
    { route: 'POST /api/family/:profileId/thread', call: (c) => c.post(`/api/family/${p}/thread`, { content: 'Hello family' }), expect: { candidate: 201, family: 201, other: 404, visitor: 401 } },
    // Share links of the profile: its people, family while the candidate lets them share (on by default).
    { route: 'POST /api/profiles/:id/share', call: (c) => c.post(`/api/profiles/${p}/share`, {}), expect: { candidate: 201, family: 201, other: 404, visitor: 401 } },
    { route: 'GET /api/profiles/:id/shares', call: (c) => c.get(`/api/profiles/${p}/shares`), expect: { candidate: 200, family: 200, other: 404, visitor: 401 } },
    { route: 'DELETE /api/family/:profileId/members/:memberId', call: (c) => c.delete(`/api/family/${p}/members/${memberId}`), expect: { candidate: 200, family: 403, other: 404, visitor: 401 } },
  ];
  const failures: string[] = [];
  for (const row of rows) {
    // The candidate last: their call is the one that succeeds and may change what the others would see.
    for (const who of ['visitor', 'other', 'family', 'candidate'] as Who[]) {
      const res = await row.call(clients[who]);
      if (res.status !== row.expect[who]) failures.push(`${who} ${row.route}: ${res.status}, expected ${row.expect[who]}`);
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(await server.db('profile_likes').where({ userId: candidate.user.id, likedProfileId: suggestable.id }).first(), "the candidate's like of the suggestion was given");
  const familyRoutes = routeTable().map((r) => `${r.method} ${r.path}`).filter((k) => k.startsWith('GET /api/family') || /^\w+ \/api\/family\//.test(k));
  const walked = new Set(rows.map((r) => r.route));
  assert.deepEqual(familyRoutes.filter((k) => !walked.has(k) && !k.includes('family-invitations')), [], 'every family route is walked as all four');
});

/**
 * A family member acting for the candidate (X-Saathi-Acting-For) with every permission on: every route outside the
 * family's list answers 403 (settings, password, notifications, blocks, deletion… stay the candidate's), and the
 * listed reads answer as for the candidate. Nothing is changed by a refused call.
 */
test('acting for the candidate: only the family-permitted routes, everything else 403', async () => {
  const candidate = await signedInClient(server, { fullName: 'Acting Candidate', tier: 'premium' });
  const profile = await buildProfile(server, candidate.user);
  const email = `acting.${profile.id}@example.test`;
  await candidate.client.post(`/api/family/${profile.id}/invitations`, { role: 'family', email, relation: 'father' });
  await candidate.client.patch(`/api/family/${profile.id}/permissions`, { mayMessage: true });
  const mail = await server.db('email_outbox').where({ toEmail: email }).orderBy('id', 'desc').first();
  const token = /\/family-invite\/([A-Za-z0-9_-]+)/.exec(mail.bodyText)?.[1] ?? '';
  const family = new Client(server);
  assert.equal((await family.post(`/api/family-invitations/${token}`, { fullName: 'Acting Father', username: `father_${profile.id}`, password: 'father-pass-123', confirmPassword: 'father-pass-123' })).status, 200);
  const headers = { 'X-Saathi-Acting-For': String(profile.id) };
  const fill = (path: string) =>
    path
      .replace(/:userId\d?|:otherUserId/g, String(candidate.user.id))
      .replace(/:profileId|:id/g, String(profile.id))
      .replace(/:[A-Za-z]+/g, '1');
  // The profile as the candidate left it (the engine's own cached moon position aside: it is worked out on reads).
  const profileRow = async () => {
    const { moonLongitude: _moon, ...row } = await server.db('profiles').where({ id: profile.id }).first();
    return row;
  };
  const before = await profileRow();
  const failures: string[] = [];
  for (const { method, path } of routeTable()) {
    if (MATRIX[`${method} ${path}`] === 'public' || path.startsWith('/api/family')) continue;
    const url = fill(path);
    const action = familyActionFor(method, url);
    if (action === null) {
      const res = await family.request(method, url, { headers, json: method === 'GET' ? undefined : {} });
      if (res.status !== 403) failures.push(`${method} ${url}: ${res.status}, expected 403`);
    } else if (method === 'GET') {
      const res = await family.request(method, url, { headers });
      if (res.status === 401 || res.status === 403 || res.status >= 500) failures.push(`${method} ${url}: ${res.status}, allowed to family`);
    }
  }
  assert.deepEqual(failures, []);
  assert.deepEqual(await profileRow(), before);
});
