import '../../../test/setup-dom';
import { screen, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { SHARE_MESSAGES } from '../../../../contracts/profile';
import { buildProfileView } from '../../../components/profile/build-profile-view';
import { buildSessionUser } from '../../../test/build-user';
import { deferred, jsonResponse, textResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

const CODE = 'Zk3_q-8mWvT1xYp0aBcDeF';
const share = { createdAt: '2030-03-01T10:00:00.000Z', expiresAt: '2030-03-08T10:00:00.000Z', accessCount: 4, isActive: true };

function serve(answer: Response | Promise<Response>, user: ReturnType<typeof buildSessionUser> | null = null) {
  return fakeServer({ user, handle: (request) => (request.url.pathname === `/api/shares/${CODE}` ? answer : undefined) });
}

test('a signed-out visitor sees the shared profile with its cards, count and expiry', async () => {
  const profile = buildProfileView({
    user: { id: 7, fullName: 'Priya Sharma', isVerified: true },
    profileType: 'parent',
    parentName: 'Sunita Sharma',
    birthHour: 11,
    birthMinute: 5,
    birthAmPm: 'PM',
    height: 163, maritalStatus: 'never_married', community: 'Iyer', fatherOccupation: 'Retired bank manager', sisters: 1, sistersMarried: 1,
  });
  const answer = deferred<Response>();
  const { fetchStub } = renderApp(`/shared/${CODE}`, serve(answer.promise));
  assert.ok(await screen.findByText('Loading shared profile...'));
  answer.resolve(jsonResponse(200, { profile, share }));
  assert.ok(await screen.findByRole('heading', { name: /^Priya Sharma, \d+$/ }));
  assert.ok(screen.getByText('Verified'));
  assert.ok(screen.getByText('Parent Created'));
  assert.ok(screen.getByText('Created by Sunita Sharma'));
  assert.ok(screen.getByText('Shared profile • Viewed 4 times'));
  assert.match(screen.getByText(/^Expires on /).textContent ?? '', /2030/);
  for (const title of ['Personal Details', 'Professional Details', 'Astrological Details', 'Family Background']) {
    assert.ok(screen.getByRole('heading', { name: title }), title);
  }
  assert.ok(screen.getByText('11:05 PM'));
  // The basics a family decides on, as the member's own profile page shows them.
  const rowOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
  assert.equal(rowOf('Height'), '163 cm (5 ft 4 in)');
  assert.equal(rowOf('Marital status'), 'Never married');
  assert.equal(rowOf('Community'), 'Iyer');
  assert.equal(rowOf("Father's occupation"), 'Retired bank manager');
  assert.equal(rowOf('Sisters'), '1 (1 married)');
  assert.ok(screen.getByText('Monzo'));
  assert.ok(screen.getByRole('link', { name: 'Login' }), 'the visitor header, no redirect to /login');
  assert.equal(fetchStub.callsTo('GET', `/api/shares/${CODE}`).length, 1, 'one view counted');
});

test('fallbacks: country for location, then "Location unavailable"; "Not specified"; empty about and family', async () => {
  const profile = buildProfileView({
    location: null,
    country: null,
    about: null,
    familyBackground: null,
    religion: null,
    diet: null,
    company: null,
    birthHour: null,
    birthPlace: null,
    zodiacSign: null,
    profession: null,
    education: null,
  });
  renderApp(`/shared/${CODE}`, serve(jsonResponse(200, { profile, share: { ...share, accessCount: 1 } }), buildSessionUser()));
  assert.ok(await screen.findByText('Location unavailable'));
  assert.ok(screen.getByText('Shared profile • Viewed 1 time'));
  assert.ok(screen.getByText('No profile description available'));
  assert.ok(screen.getByText('No family information provided'));
  assert.ok(screen.getAllByText('Not specified').length >= 8);
  cleanupApp();

  renderApp(`/shared/${CODE}`, serve(jsonResponse(200, { profile: { ...profile, country: 'Canada' }, share })));
  assert.ok(await screen.findByText('Canada'));
});

test('an expired or deactivated link (410) shows "Link Invalid or Expired" with the server message', async () => {
  renderApp(`/shared/${CODE}`, serve(jsonResponse(410, { message: SHARE_MESSAGES.invalid })));
  assert.ok(await screen.findByRole('heading', { name: 'Link Invalid or Expired' }));
  assert.ok(screen.getByText(SHARE_MESSAGES.invalid));
  assert.equal(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href'), '/');
});

test('a non-JSON failure falls back to the default text', async () => {
  renderApp(`/shared/${CODE}`, serve(textResponse(404, 'Not Found')));
  assert.ok(await screen.findByRole('heading', { name: 'Link Invalid or Expired' }));
  assert.ok(screen.getByText('This shared profile link is no longer valid or has expired.'));
});

test('a link whose profile is gone shows "Profile Not Found"', async () => {
  renderApp(`/shared/${CODE}`, serve(jsonResponse(404, { message: SHARE_MESSAGES.notFound, reason: 'profile_not_found' })));
  assert.ok(await screen.findByRole('heading', { name: 'Profile Not Found' }));
  assert.ok(screen.getByText('The profile associated with this link could not be found.'));
  assert.ok(screen.getByRole('link', { name: 'Return to Home' }));
});

test('a signed-out relative gets a next step: create an account (or log in) and come back to this profile', async () => {
  const profile = buildProfileView({ fullName: 'Priya Sharma', user: { id: 7, fullName: 'Sunita Sharma', isVerified: false }, profileType: 'parent' });
  renderApp(`/shared/${CODE}`, serve(jsonResponse(200, { profile, share })));
  const next = await screen.findByRole('region', { name: "Create an account to connect with Priya's family" });
  const back = encodeURIComponent(`/shared/${CODE}`);
  assert.equal(within(next).getByRole('link', { name: 'Create Account' }).getAttribute('href'), `/register?redirectTo=${back}`);
  assert.equal(within(next).getByRole('link', { name: 'Log in' }).getAttribute('href'), `/login?redirectTo=${back}`);
});

test('a signed-in member is not asked to create an account', async () => {
  const profile = buildProfileView({ fullName: 'Priya Sharma' });
  renderApp(`/shared/${CODE}`, serve(jsonResponse(200, { profile, share }), buildSessionUser()));
  assert.ok(await screen.findByRole('heading', { name: /^Priya Sharma, \d+$/ }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(screen.queryByText(/Create an account to connect/), null);
});
