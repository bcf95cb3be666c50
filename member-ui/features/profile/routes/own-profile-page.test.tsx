import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { CompletionStatusView, ProfileView } from '../../../../contracts/views';
import { buildSessionUser } from '../../../test/build-user';
import { type RecordedRequest, jsonResponse } from '../../../test/fetch-stub';
import { buildCompletion, buildOwnProfile } from '../test-support/build-profile';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

/** Lazy screens and tabs compile on first use under tsx: the first wait of a test gets longer. */
const SLOW = { timeout: 20_000 };

const member = buildSessionUser({ id: 7, fullName: 'Priya Sharma', subscriptionTier: 'premium', profileId: 31 });

function server({
  profile = buildOwnProfile(),
  completion = buildCompletion(1) as CompletionStatusView | null,
  handle,
}: {
  profile?: ProfileView | null;
  completion?: CompletionStatusView | null;
  handle?: (request: RecordedRequest) => Response | undefined;
} = {}) {
  return fakeServer({
    user: { ...member, profileId: profile ? profile.id : null },
    handle: (request) => {
      const custom = handle?.(request);
      if (custom) return custom;
      const path = request.url.pathname;
      if (path === '/api/profiles/user/7') return profile ? jsonResponse(200, profile) : jsonResponse(404, { message: 'No profile' });
      if (path === '/api/profiles/7/completion-status') {
        return completion ? jsonResponse(200, completion) : jsonResponse(500, { message: 'Database unavailable' });
      }
      return undefined;
    },
  });
}

/** Radix tabs switch on mouse down (a real click includes one). */
function openTab(name: string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
}

async function openEditTab(options: Parameters<typeof server>[0] = {}) {
  const view = renderApp('/profile', server(options));
  await screen.findByRole('tab', { name: 'Edit Profile' }, SLOW);
  openTab('Edit Profile');
  await screen.findByText('Profile Completion', {}, SLOW);
  return view;
}

test('without a profile: Account only, with a "Create Profile" card and the account links', async () => {
  renderApp('/profile', server({ profile: null }));
  assert.ok(await screen.findByRole('heading', { name: 'Priya Sharma' }, SLOW));
  assert.ok(screen.getByText('Premium'));
  assert.deepEqual(screen.getAllByRole('tab').map((t) => t.textContent), ['Account']);
  assert.equal(screen.getByRole('link', { name: 'Create Profile' }).getAttribute('href'), '/create-profile');
  assert.equal(screen.getByRole('link', { name: /Manage your subscription plan/ }).getAttribute('href'), '/subscription');
  assert.equal(screen.getByRole('link', { name: /Liked Profiles/ }).getAttribute('href'), '/liked-profiles');
  assert.equal(screen.getByRole('link', { name: /^Notifications/ }).getAttribute('href'), '/notifications');
  assert.equal(screen.getByRole('link', { name: /^Settings/ }).getAttribute('href'), '/settings');
  assert.equal(screen.getByRole('link', { name: /Delete Account/ }).getAttribute('href'), '/delete-account');
  assert.ok(screen.getByRole('button', { name: 'Logout' }));
  assert.equal(screen.queryByRole('button', { name: 'Delete Profile' }), null);
});

test('with a profile: header badges and the three tabs, Account first', async () => {
  renderApp('/profile', server());
  assert.ok(await screen.findByRole('tab', { name: 'View Profile' }, SLOW));
  assert.deepEqual(screen.getAllByRole('tab').map((t) => t.textContent), ['Account', 'View Profile', 'Edit Profile']);
  assert.equal(screen.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected'), 'true');
  assert.ok(screen.getByText('Female'));
  assert.ok(screen.getByRole('button', { name: 'Delete Profile' }));
  assert.equal(screen.queryByRole('link', { name: 'Create Profile' }), null);
});

test('the completion bar is red below 30%, yellow below 70%, green otherwise', async () => {
  for (const [done, tone] of [[1, 'danger'], [3, 'warning'], [4, 'success']] as const) {
    await openEditTab({ completion: buildCompletion(done) });
    const bar = await screen.findByRole('progressbar', { name: 'Profile completion' }, SLOW);
    assert.equal(bar.getAttribute('aria-valuenow'), String(done * 20));
    assert.equal(bar.getAttribute('data-tone'), tone, `${done * 20}% is ${tone}`);
    cleanupApp();
  }
});

test('stages: earlier done, next active, later locked with the "Complete current stage first" toast', async () => {
  await openEditTab({ completion: buildCompletion(1) });
  const stages = within(await screen.findByRole('list', { name: 'Completion stages' }, SLOW));
  const states = stages.getAllByRole('button').map((b) => b.getAttribute('data-state'));
  assert.deepEqual(states, ['done', 'active', 'locked', 'locked', 'locked']);
  fireEvent.click(screen.getByRole('button', { name: /Stage 4: Family Information/ }));
  assert.ok(await screen.findByText('Complete current stage first'));
  assert.ok(screen.getByText('Please complete the current stage before moving to the next one.'));
  assert.equal(screen.queryByRole('form', { name: 'Family Information' }), null);
});

test('the active stage opens a form with the server\'s fields that validates on change and saves', async () => {
  const updated = buildOwnProfile({ height: 165, maritalStatus: 'never_married', about: 'I love hiking and cooking.', updatedAt: '2026-02-01T00:00:00.000Z' });
  const { fetchStub } = await openEditTab({
    completion: buildCompletion(1),
    handle: (request) =>
      request.method === 'POST' && request.url.pathname === '/api/profiles/31/completion/2'
        ? jsonResponse(200, { message: 'Stage 2 (Personal Details) completed successfully!', profile: updated, completion: buildCompletion(2) })
        : undefined,
  });
  fireEvent.click(screen.getByRole('button', { name: /Stage 2: Personal Details/ }));
  const form = await screen.findByRole('form', { name: 'Personal Details' }, SLOW);
  const labels = within(form).getAllByText(/./, { selector: 'label' }).map((l) => l.textContent);
  assert.deepEqual(labels, [
    'Height', 'Marital Status', 'Diet', 'Education Level', 'Education Details', 'Profession', 'Company', 'Income Currency', 'Annual Income (optional)', 'Bio',
  ]);
  assert.equal((within(form).getByLabelText('Annual Income (optional)') as HTMLSelectElement).disabled, true, 'the ranges wait for the currency');

  fireEvent.change(within(form).getByLabelText('Bio'), { target: { value: 'Too short' } });
  assert.ok(await within(form).findByText('Bio should be at least 10 characters'));
  fireEvent.click(within(form).getByRole('button', { name: 'Save Stage' }));
  assert.ok(await within(form).findByText('Height is required'));
  assert.ok(within(form).getByText('Marital status is required'));
  assert.equal(fetchStub.callsTo('POST', '/api/profiles/31/completion/2').length, 0);

  assert.ok(within(form).getByRole('option', { name: '165 cm (5 ft 5 in)' }));
  fireEvent.change(within(form).getByLabelText('Height'), { target: { value: '165' } });
  fireEvent.change(within(form).getByLabelText('Income Currency'), { target: { value: 'CAD' } });
  fireEvent.change(within(form).getByLabelText('Annual Income (optional)'), { target: { value: '80000' } });
  assert.equal((within(form).getByLabelText('Annual Income (optional)') as HTMLSelectElement).selectedOptions[0].textContent, 'CA$80,000–100,000 a year');
  fireEvent.change(within(form).getByLabelText('Marital Status'), { target: { value: 'never_married' } });
  fireEvent.change(within(form).getByLabelText('Bio'), { target: { value: 'I love hiking and cooking.' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save Stage' }));

  assert.ok(await screen.findByText('Stage 2 (Personal Details) completed successfully!'));
  assert.ok(screen.getByText('Profile Updated'));
  const [call] = fetchStub.callsTo('POST', '/api/profiles/31/completion/2');
  assert.deepEqual(JSON.parse(call.body), {
    height: 165,
    education: "Master's",
    profession: 'Data Scientist',
    maritalStatus: 'never_married',
    incomeCurrency: 'CAD',
    income: 80000,
    about: 'I love hiking and cooking.',
  });
  // Saving returns to the multi-step editor.
  assert.ok(await screen.findByRole('form', { name: 'Edit profile details' }));
});

test('a refused stage toasts "Update Failed" with the server message', async () => {
  await openEditTab({
    completion: buildCompletion(0, { nextStage: { stage: 1, name: 'Basic Information', fields: ['gender', 'dateOfBirth', 'profileType', 'country', 'city'], description: '' } }),
    handle: (request) =>
      request.method === 'POST' && request.url.pathname === '/api/profiles/31/completion/1'
        ? jsonResponse(400, { message: 'Please choose a country from the list', field: 'country' })
        : undefined,
  });
  fireEvent.click(screen.getByRole('button', { name: /Stage 1: Basic Information/ }));
  const form = await screen.findByRole('form', { name: 'Basic Information' }, SLOW);
  assert.equal(within(form).queryByLabelText('Parent Name'), null);
  fireEvent.change(within(form).getByLabelText('Profile Created By'), { target: { value: 'parent' } });
  assert.ok(await within(form).findByText('Parent name is required'));
  fireEvent.change(within(form).getByLabelText('Profile Created By'), { target: { value: 'self' } });
  await waitFor(() => assert.equal(within(form).queryByText('Parent name is required'), null));
  fireEvent.click(within(form).getByRole('button', { name: 'Save Stage' }));
  assert.ok(await screen.findByText('Update Failed'));
  assert.ok(screen.getByText('Please choose a country from the list'));
});

test('a completion status that cannot load shows the error card with Retry', async () => {
  await openEditTab({ completion: null });
  assert.ok(await screen.findByText('Error Loading Profile Status'));
  assert.ok(screen.getByText("We couldn't load your profile completion status"));
  assert.ok(screen.getByText('Failed to fetch profile completion status.'));
  assert.ok(screen.getByRole('button', { name: 'Retry' }));
});

test('Delete Profile asks first, then deletes and toasts "Profile Deleted"', async () => {
  const originalConfirm = window.confirm;
  const asked: string[] = [];
  let answer = false;
  window.confirm = (message?: string) => {
    asked.push(String(message));
    return answer;
  };
  try {
    const { fetchStub } = renderApp(
      '/profile',
      server({ handle: (request) => (request.method === 'DELETE' && request.url.pathname === '/api/profiles/31' ? jsonResponse(200, { message: 'Profile Deleted' }) : undefined) }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Profile' }, SLOW));
    assert.deepEqual(asked, ['Are you sure you want to delete your profile? This action cannot be undone.']);
    assert.equal(fetchStub.callsTo('DELETE', '/api/profiles/31').length, 0);
    answer = true;
    fireEvent.click(screen.getByRole('button', { name: 'Delete Profile' }));
    assert.ok(await screen.findByText('Profile Deleted'));
    assert.equal(fetchStub.callsTo('DELETE', '/api/profiles/31').length, 1);
  } finally {
    window.confirm = originalConfirm;
  }
});

test('a refused deletion toasts the spec\'s error text', async () => {
  const originalConfirm = window.confirm;
  window.confirm = () => true;
  try {
    renderApp(
      '/profile',
      server({ handle: (request) => (request.method === 'DELETE' ? jsonResponse(500, { message: 'boom' }) : undefined) }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Profile' }, SLOW));
    assert.ok(await screen.findByText("We couldn't delete your profile at this time. Please try again later or contact our support team."));
  } finally {
    window.confirm = originalConfirm;
  }
});

test('"View Profile" shows the profile as others see it: photo, age, location, work, birth details and a compatibility example', async () => {
  const profile = buildOwnProfile({ zodiacSign: 'Aries', astroSource: { rashi: null, nakshatra: null, manglik: null, zodiacSign: 'computed' }, city: 'Leicester', country: 'United Kingdom', location: 'Leicester, United Kingdom', profession: 'Pharmacist', company: 'Boots', birthPlace: 'Pune, India' });
  renderApp(
    '/profile',
    server({
      profile,
      handle: (request) => {
        if (request.url.pathname === '/api/profile-likes/7') {
          return jsonResponse(200, [{ id: 55, userId: 21, fullName: 'Arjun Mehta', user: { id: 21, fullName: 'Arjun Mehta', isVerified: false }, photos: [] }]);
        }
        if (request.url.pathname === '/api/compatibility/7/55') {
          return jsonResponse(200, { overall: 72, temperament: 80, communication: 60, emotional: 75, values: 70, sign1: 'Aries', sign2: 'Leo' });
        }
        return undefined;
      },
    }),
  );
  await screen.findByRole('tab', { name: 'View Profile' }, SLOW);
  openTab('View Profile');
  const preview = await screen.findByRole('article', {}, SLOW);
  assert.ok(within(preview).getByRole('heading', { name: /^Priya Sharma, \d+$/ }));
  assert.ok(within(preview).getByText('Leicester, United Kingdom'));
  assert.ok(within(preview).getByText('Pharmacist at Boots'));
  assert.ok(within(preview).getByText('Aries · from birth details'), 'the zodiac sign the birth date gives, as others see it');
  assert.ok(within(preview).getByText('Pune, India'));
  assert.ok(await within(preview).findByText('Example: what Arjun Mehta sees about your charts'));
  assert.ok(within(preview).getByText('Aries & Leo'));
  assert.ok(screen.getByText('This is how other members see your profile.'));
});

test('a parent-managed profile: the stage form asks for the candidate\'s own name and sends it', async () => {
  const { fetchStub } = await openEditTab({
    profile: buildOwnProfile({ profileType: 'parent', fullName: 'Priya Sharma', parentName: 'Priya Sharma', parentRelationship: 'mother', parentContact: '+44 7911 123456' }),
    completion: buildCompletion(0, { nextStage: { stage: 1, name: 'Basic Information', fields: ['gender', 'dateOfBirth', 'profileType', 'fullName', 'country', 'city', 'parentName', 'parentRelationship', 'parentContact'], description: '' } }),
    handle: (request) =>
      request.method === 'POST' && request.url.pathname === '/api/profiles/31/completion/1'
        ? jsonResponse(200, { message: 'Stage 1 (Basic Information) completed successfully!', profile: buildOwnProfile(), completion: buildCompletion(1) })
        : undefined,
  });
  fireEvent.click(screen.getByRole('button', { name: /Stage 1: Basic Information/ }));
  const form = await screen.findByRole('form', { name: 'Basic Information' }, SLOW);
  const name = within(form).getByLabelText('Full Name') as HTMLInputElement;
  fireEvent.change(name, { target: { value: '' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save Stage' }));
  assert.ok(await within(form).findByText('Enter the full name of the person this profile is for'));
  fireEvent.change(name, { target: { value: 'Rohan Sharma' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save Stage' }));
  await waitFor(() => assert.equal(fetchStub.callsTo('POST', '/api/profiles/31/completion/1').length, 1));
  assert.equal(JSON.parse(fetchStub.callsTo('POST', '/api/profiles/31/completion/1')[0].body).fullName, 'Rohan Sharma');
});

test('the editor sends only the fields the member changed, so it cannot undo another card\'s save', async () => {
  const profile = buildOwnProfile({ locationPreference: ['Canada'], nriResidenceCountry: 'canada', culturalIntegrationLevel: null });
  const { fetchStub } = await openEditTab({
    profile,
    handle: (request) => (request.method === 'PATCH' && request.url.pathname === '/api/profiles/31' ? jsonResponse(200, { ...profile, city: 'Ottawa', location: 'Ottawa, Canada' }) : undefined),
  });
  const form = await screen.findByRole('form', { name: 'Edit profile details' }, SLOW);
  fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
  assert.ok(await screen.findByText('Nothing to save'));
  assert.equal(fetchStub.callsTo('PATCH', '/api/profiles/31').length, 0, 'an unchanged editor sends nothing');

  fireEvent.change(within(form).getByLabelText('City'), { target: { value: 'Ottawa' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
  assert.ok(await screen.findByText('Profile Updated'));
  assert.deepEqual(JSON.parse(fetchStub.callsTo('PATCH', '/api/profiles/31')[0].body), { city: 'Ottawa' });

  fireEvent.click(screen.getByRole('button', { name: 'Step 4: Family Information' }));
  fireEvent.change(within(form).getByLabelText('Sibling Details'), { target: { value: 'One elder sister' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => assert.equal(fetchStub.callsTo('PATCH', '/api/profiles/31').length, 2));
  assert.deepEqual(JSON.parse(fetchStub.callsTo('PATCH', '/api/profiles/31')[1].body), { siblingDetails: 'One elder sister' }, 'the city saved before is not sent again');
});

test('"Share Profile" is on My Profile: it opens the share dialog with the active links', async () => {
  const { fetchStub } = renderApp(
    '/profile',
    server({ handle: (request) => (request.url.pathname === '/api/profiles/31/shares' ? jsonResponse(200, { shares: [] }) : undefined) }),
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Share Profile' }, SLOW));
  assert.ok(await screen.findByRole('dialog', { name: 'Share Profile' }, SLOW));
  assert.ok(await screen.findByText('No active links yet.'));
  assert.equal(fetchStub.callsTo('GET', '/api/profiles/31/shares').length, 1);
});

test('without a profile there is nothing to share', async () => {
  renderApp('/profile', server({ profile: null }));
  assert.ok(await screen.findByRole('heading', { name: 'Priya Sharma' }, SLOW));
  assert.equal(screen.queryByRole('button', { name: 'Share Profile' }), null);
});
