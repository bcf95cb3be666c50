// The data export (Settings → Download my data): everything the member owns, and nothing of anyone else's.
// Every table that links to a member must be either exported or listed here with the reason it is not, so a
// new table without a decision fails this test.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, listTables, startTestServer } from './test/harness';
import { buildProfile, signedInClient } from './test/factories';

/** table → the export section holding it, or why it is not exported */
const COVERAGE: Record<string, { section: string } | { notExported: string }> = {
  users: { section: 'account' },
  sessions: { section: 'devices' },
  password_reset_tokens: { notExported: 'hashes of single-use secrets' },
  email_confirmation_tokens: { notExported: 'hashes of single-use secrets' },
  totp_recovery_codes: { notExported: 'hashes of single-use secrets (the export says how many codes are left)' },
  privacy_settings: { section: 'privacySettings' },
  profile_drafts: { section: 'profileDraft' },
  notification_settings: { section: 'notificationSettings' },
  audit_log: { notExported: "staff members' actions (the actor is a reviewer or admin)" },
  profiles: { section: 'profiles' },
  photos: { section: 'photos' },
  profile_likes: { section: 'likesGiven' },
  not_interested: { section: 'notInterested' },
  matches: { section: 'matches' },
  profile_views: { section: 'profileViewsMade' },
  profile_shares: { section: 'shareLinks' },
  blocks: { section: 'blocks' },
  reports: { section: 'reportsFiled' },
  suspensions: { section: 'suspensions' },
  messages: { section: 'messagesSent' },
  notifications: { section: 'notifications' },
  success_stories: { section: 'successStories' },
  user_moods: { section: 'moods' },
  mood_prompt_dismissals: { section: 'moodPromptDismissals' },
  cultural_adaptation_assessments: { section: 'culturalAssessments' },
  contact_messages: { section: 'contactMessages' },
  live_events: { notExported: 'transient delivery queue, not used for storage' },
  payments: { section: 'payments' },
  subscriptions: { section: 'subscriptions' },
  invoices: { section: 'invoices' },
  verification_requests: { section: 'verificationRequests' },
  identity_verifications: { section: 'identityVerifications' },
  daily_matches: { section: 'dailySuggestions' },
  email_outbox: { section: 'emailsSent' },
  push_subscriptions: { section: 'pushSubscriptions' },
  known_devices: { section: 'knownDevices' },
  sign_in_attempts: { section: 'signIns' },
  story_consents: { section: 'storyConsents' },
  family_members: { section: 'familyRoles' },
  call_participants: { section: 'calls' },
  profile_activity: { section: 'profileActivity' },
  saved_searches: { section: 'savedSearches' },
  family_shared_conversations: { notExported: "the candidate's sharing choice; the member named is the other side of the conversation, whose messages are exported" },
  appeal_tokens: { notExported: 'hashes of single-use secrets (an appeal sent is exported with the reports filed)' },
};

const USER_COLUMN = /^(user\d?_?id|\w*_user_id|sender_id|receiver_id|reporter_id|blocker_id|blocked_id|reviewer_id|created_by|handled_by|to_email)$/;

type Json = Record<string, unknown>;
let server: TestServer;

before(async () => {
  server = await startTestServer();
});
after(() => server.close());

async function userColumnsOf(table: string): Promise<string[]> {
  const info = await server.db(table).columnInfo();
  // Column names come back through the snake_case mappers as camelCase; compare in snake_case.
  return Object.keys(info)
    .map((c) => c.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`).replace(/(\D)(\d)/g, '$1$2'))
    .filter((c) => USER_COLUMN.test(c));
}

describe('data export', () => {
  test('every table that refers to a member is exported or has a stated reason', async () => {
    const missing: string[] = [];
    for (const table of await listTables(server.db)) {
      if ((await userColumnsOf(table)).length > 0 && !(table in COVERAGE)) missing.push(table);
    }
    assert.deepEqual(missing, [], `tables linking to members without an export decision: ${missing.join(', ')}`);
  });

  test("holds what the member made, shows others only as ids, and none of the other member's words", async () => {
    const a = await signedInClient(server, { fullName: 'Ira Kapoor', tier: 'premium' });
    const b = await signedInClient(server, { fullName: 'Dev Malhotra', tier: 'premium', email: 'dev.private@example.test' });
    const aProfile = await buildProfile(server, a.user, { gender: 'female', lookingFor: 'male', about: 'Ira writes: I love kathak and cold brew.' });
    const bProfile = await buildProfile(server, b.user, {
      gender: 'male',
      lookingFor: 'female',
      about: 'DEV-PRIVATE-ABOUT dances badly at weddings.',
      familyBackground: 'DEV-PRIVATE-FAMILY in Jaipur.',
    });
    const ok = (res: Response, status = 201) => assert.equal(res.status, status);

    // Words both ways, likes both ways (a match), a view, reports both ways, moods, a share, a contact message.
    ok(await a.client.post('/api/messages', { receiverId: b.user.id, content: 'IRA-MESSAGE hello Dev' }));
    ok(await b.client.post('/api/messages', { receiverId: a.user.id, content: 'DEV-PRIVATE-MESSAGE hello Ira' }));
    ok(await a.client.post('/api/profile-likes', { likedProfileId: bProfile.id }));
    ok(await b.client.post('/api/profile-likes', { likedProfileId: aProfile.id }));
    ok(await a.client.get(`/api/profiles/${bProfile.id}`), 200);
    ok(await a.client.post('/api/reports', { reportedUserId: b.user.id, reason: 'other', details: 'IRA-REPORT he was rude' }));
    ok(await b.client.post('/api/reports', { reportedUserId: a.user.id, reason: 'other', details: 'DEV-PRIVATE-REPORT about Ira' }));
    const [moodType] = await server.db('mood_types').orderBy('id').limit(1);
    ok(await a.client.post('/api/moods', { moodTypeId: moodType.id, intensity: 4, note: 'IRA-MOOD after Diwali', isPrivate: true }));
    ok(await b.client.post('/api/moods', { moodTypeId: moodType.id, intensity: 2, note: 'DEV-PRIVATE-MOOD', isPrivate: false }));
    ok(await a.client.post(`/api/profiles/${aProfile.id}/share`, {}));
    ok(await a.client.post('/api/contact', { name: 'Ira Kapoor', email: a.user.email, subject: 'IRA-CONTACT subject', message: 'IRA-CONTACT my photo does not upload' }));
    ok(await a.client.get('/api/matches/daily'), 200);

    const res = await a.client.get(`/api/users/${a.user.id}/export`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-disposition') ?? '', /attachment; filename="saathi-data-/);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const text = await res.text();
    const data = JSON.parse(text) as Json;

    // Every section the coverage table names is present.
    for (const entry of Object.values(COVERAGE)) if ('section' in entry) assert.ok(entry.section in data, `section ${entry.section}`);

    // Ira's own things are there.
    assert.equal((data.account as Json).fullName, 'Ira Kapoor');
    assert.equal((data.account as Json).email, a.user.email);
    for (const own of ['Ira writes: I love kathak and cold brew.', 'IRA-MESSAGE hello Dev', 'IRA-REPORT he was rude', 'IRA-MOOD after Diwali', 'IRA-CONTACT my photo does not upload']) {
      assert.ok(text.includes(own), `missing own data: ${own}`);
    }
    // Yes/no answers read as true/false and lists as lists, as the app shows them, on either database.
    const [ownProfile] = data.profiles as Json[];
    assert.equal(ownProfile.manglik, false);
    assert.equal(ownProfile.isDeleted, false);
    assert.deepEqual(ownProfile.locationPreference, ['United Kingdom', 'India']);
    assert.equal(typeof (data.privacySettings as Json).blurPhotos, 'boolean');
    assert.deepEqual((data.likesGiven as Json[]).map((l) => l.profileId), [bProfile.id]);
    assert.deepEqual((data.matches as Json[]).map((m) => m.userId), [b.user.id]);
    assert.deepEqual((data.profileViewsMade as Json[]).map((v) => v.profileId), [bProfile.id]);
    assert.equal((data.shareLinks as Json[]).length, 1);
    assert.ok((data.devices as Json[]).length >= 1);
    assert.ok((data.dailySuggestions as Json[]).length >= 1);
    assert.ok((data.notifications as Json[]).some((n) => n.type === 'message'));

    // Nothing of Dev's: his name, email, username, profile text, messages, report, mood note.
    for (const theirs of ['Dev Malhotra', 'dev.private@example.test', b.user.username, 'DEV-PRIVATE']) {
      assert.ok(!text.includes(theirs), `leaked another member's data: ${theirs}`);
    }
    // Nor secrets.
    for (const secret of ['passwordHash', 'scrypt$', '$argon2id$', 'tokenHash', 'totpSecret', 'reset-password/', 'confirm-email/']) {
      assert.ok(!text.includes(secret), `export contains ${secret}`);
    }
  });

  test('only the member themself can download it', async () => {
    const a = await signedInClient(server);
    const b = await signedInClient(server);
    assert.equal((await b.client.get(`/api/users/${a.user.id}/export`)).status, 403);
    assert.equal((await new Client(server).get(`/api/users/${a.user.id}/export`)).status, 401);
  });
});
