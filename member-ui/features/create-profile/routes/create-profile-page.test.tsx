import '../../../test/setup-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildSessionUser } from '../../../test/build-user';
import { type RecordedRequest, jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

/** Lazy screens compile on first use under tsx: the first wait of a test gets longer. */
const SLOW = { timeout: 20_000 };
// Home would otherwise send a first-time browser to the splash walkthrough.
window.localStorage.setItem('hasSeenSplash', 'true');

const member = buildSessionUser({ id: 7, fullName: 'Priya Sharma', profileId: null });

function fillIn(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function next() {
  fireEvent.click(screen.getByRole('button', { name: /^(Next|Continue to Next Step)/ }));
}

async function openStep2(handle?: NonNullable<Parameters<typeof fakeServer>[0]>['handle']) {
  const view = renderApp('/create-profile', fakeServer({ user: member, handle }));
  await screen.findByRole('heading', { name: 'Create Your Profile' }, SLOW);
  next();
  await screen.findByText('Step 2 of 5');
  return view;
}

function fillBasics() {
  fillIn('Gender', 'female');
  fillIn('Date of Birth', '1997-03-08');
  fillIn('Country', 'United Kingdom');
  fillIn('City', 'Leicester');
}

test('step 1 shows the photo hint and advances without validation; back appears from step 2', async () => {
  renderApp('/create-profile', fakeServer({ user: member }));
  assert.ok(await screen.findByRole('heading', { name: 'Create Your Profile' }, SLOW));
  assert.ok(screen.getByText('Step 1 of 5'));
  assert.ok(screen.getByText('Upload clear, recent photos. Your main photo will be visible to all users.'));
  assert.ok(screen.getByLabelText('Add main photo'));
  assert.equal(screen.queryByRole('button', { name: 'Back' }), null);
  next();
  assert.ok(await screen.findByText('Step 2 of 5'));
  assert.equal((screen.getByLabelText('Full Name') as HTMLInputElement).value, 'Priya Sharma');
  assert.equal((screen.getByLabelText('Full Name') as HTMLInputElement).readOnly, true);
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  assert.ok(await screen.findByText('Step 1 of 5'));
});

test('step 2 does not advance while required fields are empty and shows the spec messages', async () => {
  await openStep2();
  next();
  assert.ok(await screen.findByText('Gender is required'));
  assert.ok(screen.getByText('Date of birth is required'));
  assert.ok(screen.getByText('Country is required'));
  assert.ok(screen.getByText('City is required'));
  assert.ok(screen.getByText('Step 2 of 5'));
  assert.equal(screen.queryByText('Parent name is required'), null);
  fillIn('City', 'Leicester');
  await waitFor(() => assert.equal(screen.queryByText('City is required'), null));
});

test('choosing a son or daughter shows the parent fields as required at once; switching back to myself clears them', async () => {
  await openStep2();
  assert.equal(screen.queryByLabelText('Parent Name'), null);
  const choices = [...(screen.getByLabelText('This Profile Is For') as HTMLSelectElement).options].map((o) => o.textContent).filter((t) => t !== 'Choose');
  assert.deepEqual(choices, ['Myself', 'My son', 'My daughter', 'My brother', 'My sister', 'A relative', 'A friend']);
  fillIn('This Profile Is For', 'son');
  assert.ok(await screen.findByLabelText('Parent Name'));
  assert.ok(screen.getByLabelText('Relationship'));
  assert.ok(screen.getByLabelText('Contact Number'));
  // The parent is usually the account holder: their name is filled in, and can be changed.
  assert.equal((screen.getByLabelText('Parent Name') as HTMLInputElement).value, 'Priya Sharma');
  assert.equal(screen.queryByText('Parent name is required'), null);
  assert.ok(screen.getByText('Please select your relationship to the person'));
  assert.ok(screen.getByText('Parent contact number is required'));
  const relationships = [...(screen.getByLabelText('Relationship') as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
  assert.deepEqual(relationships, ['father', 'mother', 'brother', 'sister', 'uncle', 'aunt', 'other']);

  assert.equal((screen.getByLabelText('Gender') as HTMLSelectElement).value, 'male', 'a son is male');
  fillIn('Gender', 'female');
  assert.equal((screen.getByLabelText('This Profile Is For') as HTMLSelectElement).value, 'daughter', 'and a female candidate a daughter');
  fillIn('This Profile Is For', 'self');
  await waitFor(() => assert.equal(screen.queryByLabelText('Parent Name'), null));
  assert.equal(screen.queryByText('Parent name is required'), null);
  assert.equal(screen.queryByText('Please select your relationship to the person'), null);
  assert.equal(screen.queryByText('Parent contact number is required'), null);
});

test('a parent profile needs the parent fields before step 3', async () => {
  await openStep2();
  fillBasics();
  fillIn('This Profile Is For', 'daughter');
  fillIn('Parent Name', '');
  next();
  assert.ok(await screen.findByText('Parent name is required'));
  assert.ok(screen.getByText('Step 2 of 5'));
  fillIn('Parent Name', 'Suresh Patel');
  await waitFor(() => assert.equal(screen.queryByText('Parent name is required'), null));
  fillIn('Relationship', 'father');
  fillIn('Contact Number', 'abc');
  next();
  assert.ok(await screen.findByText(/Enter a valid phone number/));
  assert.ok(screen.getByText('Enter the full name of the person this profile is for'));
  // The candidate's own name: editable, not the parent's account name.
  const name = screen.getByLabelText('Their Full Name') as HTMLInputElement;
  assert.equal(name.readOnly, false);
  fillIn('Their Full Name', 'Rohan Patel');
  fillIn('Contact Number', '07911 123456');
  next();
  assert.ok(await screen.findByText('Step 3 of 5'));
  next();
  assert.ok(await screen.findByText('Education is required'));
  assert.ok(screen.getByText('Profession is required'));
  assert.ok(screen.getByText('Step 3 of 5'));
});

test('"Complete Profile" sends the whole profile, toasts "Profile Created" and lands on /', async () => {
  const profile = { id: 90, userId: 7 };
  let created = false;
  const { fetchStub, router } = await openStep2((request: RecordedRequest) => {
    if (request.method === 'POST' && request.url.pathname === '/api/profiles') {
      created = true;
      return jsonResponse(201, profile);
    }
    if (request.url.pathname === '/api/auth/user') return jsonResponse(200, { ...member, profileId: created ? 90 : null });
    return undefined;
  });
  fillBasics();
  next();
  await screen.findByText('Step 3 of 5');
  assert.ok(screen.getByRole('heading', { name: 'Personal Details' }));
  // Height in centimetres, with feet and inches beside them.
  assert.ok([...(screen.getByLabelText('Height') as HTMLSelectElement).options].some((o) => o.textContent === '170 cm (5 ft 7 in)'));
  fillIn('Height', '163');
  fillIn('Marital Status', 'never_married');
  fillIn('Diet', 'jain');
  fillIn('Education Level', "Master's");
  fillIn('Profession', 'Pharmacist');
  // The currency follows the country chosen on step 2; the ranges follow the currency.
  assert.equal((screen.getByLabelText('Currency') as HTMLSelectElement).value, 'GBP');
  fillIn('Currency', 'INR');
  assert.ok(within(screen.getByLabelText('Income Range')).getByRole('option', { name: '₹10–15 lakh a year' }));
  fillIn('Income Range', '1000000');
  next();
  await screen.findByText('Step 4 of 5');
  fillIn('Hour', '7');
  fillIn('Minute', '05');
  fillIn('AM/PM', 'PM');
  fillIn('Religion', 'Jain');
  fillIn('Mother Tongue', 'Gujarati');
  const community = screen.getByLabelText('Community (optional)') as HTMLInputElement;
  const suggestions = [...(document.getElementById(community.getAttribute('list') ?? '')?.querySelectorAll('option') ?? [])].map((o) => o.value);
  assert.ok(suggestions.includes('Oswal') && suggestions.includes('Digambar'), `suggestions for a Jain family: ${suggestions.join(', ')}`);
  fillIn('Community (optional)', 'Oswal');
  next();
  await screen.findByText('Step 5 of 5');
  fillIn("Father's Occupation", 'Chemist');
  fillIn('Brothers', '2');
  fillIn('Married Brothers', '3');
  fillIn('Sisters', '0');
  fillIn('Family Lives In', 'Leicester, United Kingdom');
  assert.equal((screen.getByLabelText('Looking For') as HTMLSelectElement).value, 'male', 'defaults to the opposite gender');
  const ageMin = screen.getByLabelText('Age Min') as HTMLInputElement;
  assert.equal(ageMin.min, '18');
  assert.equal(ageMin.max, '70');
  fillIn('Age Min', '27');
  fillIn('Age Max', '34');
  fireEvent.change(screen.getByRole('combobox', { name: 'Preferred Locations' }), { target: { value: 'united' } });
  fireEvent.mouseDown(await screen.findByRole('option', { name: 'United Kingdom' }));
  assert.ok(screen.getByRole('button', { name: 'Remove United Kingdom' }));
  fireEvent.click(screen.getByRole('button', { name: 'Complete Profile' }));
  assert.ok(await screen.findByText('Married brothers cannot be more than brothers'));
  assert.equal(created, false);
  fillIn('Married Brothers', '1');
  fireEvent.click(screen.getByRole('button', { name: 'Complete Profile' }));

  assert.ok(await screen.findByText('Profile Created'));
  assert.ok(screen.getByText('Your profile has been successfully created'));
  await waitFor(() => assert.equal(router.state.location.pathname, '/'), SLOW);
  const [call] = fetchStub.callsTo('POST', '/api/profiles');
  const body = JSON.parse(call.body);
  assert.equal(body.userId, 7);
  assert.equal(body.gender, 'female');
  assert.equal(body.lookingFor, 'male');
  assert.equal(body.location, 'Leicester, United Kingdom');
  assert.equal(body.parentName, null);
  assert.equal(body.parentRelationship, null);
  assert.equal(body.parentContact, null);
  assert.equal(body.birthHour, 7);
  assert.equal(body.birthMinute, 5);
  assert.equal(body.agePreferenceMin, 27);
  assert.deepEqual(body.locationPreference, ['United Kingdom']);
  assert.deepEqual(body.photoIds, []);
  assert.deepEqual(
    [body.height, body.maritalStatus, body.diet, body.income, body.incomeCurrency, body.motherTongue, body.community],
    [163, 'never_married', 'jain', 1_000_000, 'INR', 'Gujarati', 'Oswal'],
  );
  assert.deepEqual(
    [body.fatherOccupation, body.motherOccupation, body.brothers, body.brothersMarried, body.sisters, body.sistersMarried, body.familyLocation],
    ['Chemist', null, 2, 1, 0, null, 'Leicester, United Kingdom'],
  );
  assert.ok(fetchStub.callsTo('GET', '/api/auth/user').length >= 2, 'session refreshed after creating');
});

test('a draft made at registration for a daughter opens on her profile: her name, a parent\'s fields, female', async () => {
  renderApp(
    '/create-profile',
    draftServer({ step: 2, values: { relation: 'daughter', profileType: 'parent', fullName: 'Lakshmi Iyer', gender: 'female', parentName: 'Priya Sharma' }, photos: [], updatedAt: null }),
  );
  await screen.findByText('Step 2 of 5', {}, SLOW);
  assert.equal((screen.getByLabelText('This Profile Is For') as HTMLSelectElement).value, 'daughter');
  assert.equal((screen.getByLabelText('Their Full Name') as HTMLInputElement).value, 'Lakshmi Iyer');
  assert.equal((screen.getByLabelText('Gender') as HTMLSelectElement).value, 'female');
  assert.equal((screen.getByLabelText('Parent Name') as HTMLInputElement).value, 'Priya Sharma');
});

test('a refused profile toasts "Profile Creation Failed" with the server message', async () => {
  await openStep2((request: RecordedRequest) =>
    request.method === 'POST' && request.url.pathname === '/api/profiles'
      ? jsonResponse(409, { message: 'You already have a profile. Edit it from your profile page.' })
      : undefined,
  );
  fillBasics();
  next();
  await screen.findByText('Step 3 of 5');
  fillIn('Education Level', 'Doctorate');
  fillIn('Profession', 'Surgeon');
  next();
  await screen.findByText('Step 4 of 5');
  next();
  await screen.findByText('Step 5 of 5');
  fireEvent.click(screen.getByRole('button', { name: 'Complete Profile' }));
  assert.ok(await screen.findByText('Profile Creation Failed'));
  assert.ok(screen.getByText('You already have a profile. Edit it from your profile page.'));
});

test('a refused upload shows the server\'s own reason in a toast, never a native alert', async () => {
  const alerts: string[] = [];
  const originalAlert = window.alert;
  window.alert = (message?: unknown) => void alerts.push(String(message));
  try {
    const reason = 'This file is not an image we can read. Choose a JPEG, PNG, GIF, WebP or HEIC photo.';
    const { fetchStub } = renderApp(
      '/create-profile',
      fakeServer({
        user: member,
        handle: (request: RecordedRequest) => (request.url.pathname === '/api/upload/photo' ? jsonResponse(415, { message: reason }) : undefined),
      }),
    );
    const input = (await screen.findByLabelText('Add main photo', {}, SLOW)) as HTMLInputElement;
    const file = new File([new TextEncoder().encode('shopping list')], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [file] } });
    assert.ok(await screen.findByText('Photo not added'));
    assert.ok(screen.getByText(reason));
    assert.deepEqual(alerts, []);
    assert.equal(fetchStub.callsTo('POST', '/api/upload/photo').length, 1);
  } finally {
    window.alert = originalAlert;
  }
});

const savedDraft = {
  step: 3,
  values: { gender: 'female', dateOfBirth: '1997-03-08', profileType: 'self', country: 'United Kingdom', city: 'Leicester', profession: 'Pharmacist' },
  photos: [{ id: 41, url: '/media/photos/a.jpg', thumbnailUrl: '/media/photos/a_thumb.jpg', width: 800, height: 1000 }],
  updatedAt: '2026-11-24T10:00:00.000Z',
};

function draftServer(draft: unknown = savedDraft) {
  return fakeServer({
    user: member,
    handle: (request: RecordedRequest) => {
      if (request.url.pathname !== '/api/profile-draft') return undefined;
      if (request.method === 'DELETE') return jsonResponse(200, { step: 1, values: {}, photos: [], updatedAt: null });
      if (request.method === 'PUT') return jsonResponse(200, { ...JSON.parse(request.body), photos: [], updatedAt: new Date().toISOString() });
      return jsonResponse(200, draft);
    },
  });
}

test('the wizard resumes the server-side draft at the step the member left, with what they typed and their photos', async () => {
  renderApp('/create-profile', draftServer());
  assert.ok(await screen.findByText('Step 3 of 5', {}, SLOW));
  assert.equal((screen.getByLabelText('Profession') as HTMLInputElement).value, 'Pharmacist');
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  await screen.findByText('Step 2 of 5');
  assert.equal((screen.getByLabelText('City') as HTMLInputElement).value, 'Leicester');
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  await screen.findByText('Step 1 of 5');
  assert.equal(screen.getByRole('img', { name: 'Main photo' }).getAttribute('src'), '/media/photos/a.jpg');
});

test('changes are saved to the draft: a step at once, typing after a pause', async () => {
  const { fetchStub } = renderApp('/create-profile', draftServer());
  await screen.findByText('Step 3 of 5', {}, SLOW);
  assert.equal(fetchStub.callsTo('PUT', '/api/profile-draft').length, 0, 'opening the draft does not rewrite it');
  fillIn('Education Level', "Master's");
  fillIn('Company', 'Boots');
  await waitFor(() => assert.equal(fetchStub.callsTo('PUT', '/api/profile-draft').length, 1), SLOW);
  const typed = JSON.parse(fetchStub.callsTo('PUT', '/api/profile-draft')[0].body);
  assert.deepEqual([typed.step, typed.values.company, typed.values.education, typed.photoIds], [3, 'Boots', "Master's", [41]]);
  next();
  await screen.findByText('Step 4 of 5');
  await waitFor(() => assert.equal(JSON.parse(fetchStub.callsTo('PUT', '/api/profile-draft').at(-1)?.body ?? '{}').step, 4));
});

test('"Start over" asks first, then clears the draft and its photos and returns to step 1', async () => {
  const { fetchStub } = renderApp('/create-profile', draftServer());
  await screen.findByText('Step 3 of 5', {}, SLOW);
  fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
  fireEvent.click(screen.getByRole('button', { name: 'Keep my draft' }));
  assert.equal(fetchStub.callsTo('DELETE', '/api/profile-draft').length, 0);
  fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
  const confirm = within(screen.getByRole('group', { name: 'Start over' })).getByRole('button', { name: 'Start over' });
  fireEvent.click(confirm);
  assert.ok(await screen.findByText('Step 1 of 5'));
  assert.equal(fetchStub.callsTo('DELETE', '/api/profile-draft').length, 1);
  assert.equal(screen.queryByRole('img', { name: 'Main photo' }), null);
  assert.ok(screen.getByLabelText('Add main photo'));
});

test('a member who already has a profile is sent to /profile', async () => {
  const { router } = renderApp(
    '/create-profile',
    fakeServer({ user: { ...member, profileId: 31 }, handle: (request) => (request.url.pathname === '/api/profiles/user/7' ? jsonResponse(404, { message: 'none' }) : undefined) }),
  );
  await waitFor(() => assert.equal(router.state.location.pathname, '/profile'), SLOW);
});

test("the phone's Back button goes to the previous step; the step is in the address", async () => {
  const { router } = renderApp('/create-profile', draftServer({ ...savedDraft, step: 2 }));
  await screen.findByText('Step 2 of 5', {}, SLOW);
  next();
  await screen.findByText('Step 3 of 5');
  assert.equal(router.state.location.search.step, 3);
  await act(async () => router.history.back());
  assert.ok(await screen.findByText('Step 2 of 5'));
  assert.equal((screen.getByLabelText('City') as HTMLInputElement).value, 'Leicester', 'nothing typed is lost');
});
