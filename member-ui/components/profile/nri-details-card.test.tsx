import '../../test/setup-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { type FetchStub, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { buildProfileView } from './build-profile-view';

const { NriDetailsCard } = await import('./nri-details-card');
const { ProfileDetails } = await import('./profile-details');
const { Toaster, dismissToast } = await import('../ui/toast');
const { createAppQueryClient } = await import('../../lib/query-client');

let fetchStub: FetchStub | null = null;
afterEach(() => {
  fetchStub?.restore();
  fetchStub = null;
  act(() => dismissToast());
  cleanup();
});

function renderCard(profile = buildProfileView(), editable = true) {
  const queryClient = createAppQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <NriDetailsCard profile={profile} editable={editable} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const choose = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

test('view mode shows readable labels; Edit only when editable', () => {
  const profile = buildProfileView({
    nriResidenceCountry: 'new_zealand',
    returnToIndiaPlans: 'unlikely',
    languages: [{ language: 'tamil', fluency: 'native' }],
  });
  const { unmount } = renderCard(profile, false);
  assert.ok(screen.getByText('New Zealand'));
  assert.ok(screen.getByText('Unlikely to return'));
  assert.ok(screen.getByText('Tamil'));
  assert.equal(screen.queryByRole('button', { name: 'Edit NRI details' }), null);
  unmount();
  renderCard(profile, true);
  assert.ok(screen.getByRole('button', { name: 'Edit NRI details' }));
});

test('"Add Language" stays disabled until both a language and a fluency are chosen; languages can be removed', () => {
  renderCard();
  fireEvent.click(screen.getByRole('button', { name: 'Edit NRI details' }));
  const add = screen.getByRole('button', { name: 'Add Language' }) as HTMLButtonElement;
  assert.equal(add.disabled, true);
  choose('Language', 'punjabi');
  assert.equal(add.disabled, true, 'a language alone is not enough');
  choose('Language', '');
  choose('Fluency', 'fluent');
  assert.equal(add.disabled, true, 'a fluency alone is not enough');
  choose('Language', 'punjabi');
  assert.equal(add.disabled, false);
  fireEvent.click(add);
  const chosen = screen.getByRole('list', { name: 'Chosen languages' });
  assert.match(chosen.textContent ?? '', /Punjabi · Fluent/);
  assert.equal(add.disabled, true, 'the pickers reset after adding');
  fireEvent.click(within(chosen).getByRole('button', { name: 'Remove Punjabi' }));
  assert.equal(screen.queryByRole('list', { name: 'Chosen languages' }), null);
});

test('unanswered questions read "Not specified", in the card and in its form, and are saved as unanswered', async () => {
  const profile = buildProfileView({ culturalIntegrationLevel: null, returnToIndiaPlans: null, languagePreferences: null, languages: [] });
  fetchStub = stubFetch(() => jsonResponse(200, { ...profile, returnToIndiaPlans: 'definite' }));
  renderCard(profile);
  const rows = [...document.querySelectorAll('.detail-list__row')].map((row) => row.textContent);
  assert.ok(rows.includes('Cultural integrationNot specified'), rows.join(' | '));
  assert.ok(rows.includes('Return to IndiaNot specified'));
  assert.equal(screen.queryByText('Moderate'), null);
  assert.equal(screen.queryByText('Considering returning'), null);
  fireEvent.click(screen.getByRole('button', { name: 'Edit NRI details' }));
  const integration = screen.getByLabelText('Cultural integration') as HTMLSelectElement;
  assert.equal(integration.value, '');
  assert.equal(integration.selectedOptions[0]?.textContent, 'Not specified');
  assert.equal((screen.getByLabelText('Return to India plans') as HTMLSelectElement).value, '');
  choose('Return to India plans', 'definite');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  assert.ok(await screen.findByText('NRI Profile Updated'));
  const body = JSON.parse(fetchStub.callsTo('PATCH', '/api/profiles/41')[0].body);
  assert.deepEqual(Object.keys(body).sort(), ['culturalIntegrationLevel', 'languagePreferences', 'nriCommunity', 'nriResidenceCountry', 'returnToIndiaPlans', 'visaImmigrationExperience'], 'the card sends its own fields only');
  assert.equal(body.culturalIntegrationLevel, null, 'left unanswered');
  assert.equal(body.returnToIndiaPlans, 'definite');
});

test('"Other" reveals a free-text country that replaces the value on save; answers and languages are sent', async () => {
  const profile = buildProfileView({ nriResidenceCountry: null, culturalIntegrationLevel: 'traditional', returnToIndiaPlans: 'unlikely' });
  fetchStub = stubFetch(() => jsonResponse(200, { ...profile, nriResidenceCountry: 'Ireland' }));
  renderCard(profile);
  fireEvent.click(screen.getByRole('button', { name: 'Edit NRI details' }));
  assert.equal((screen.getByLabelText('Cultural integration') as HTMLSelectElement).value, 'traditional');
  assert.equal((screen.getByLabelText('Return to India plans') as HTMLSelectElement).value, 'unlikely');
  assert.equal(screen.queryByLabelText('Country name'), null);
  choose('Country of residence', 'other');
  fireEvent.change(screen.getByLabelText('Country name'), { target: { value: '  Ireland ' } });
  choose('Language', 'english');
  choose('Fluency', 'native');
  fireEvent.click(screen.getByRole('button', { name: 'Add Language' }));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));

  assert.ok(await screen.findByText('NRI Profile Updated'));
  assert.ok(screen.getByText('Your NRI-specific information has been updated successfully.'));
  const [call] = fetchStub.callsTo('PATCH', '/api/profiles/41');
  assert.ok(call, 'PATCH sent');
  const body = JSON.parse(call.body);
  assert.equal(body.nriResidenceCountry, 'Ireland');
  assert.equal(body.culturalIntegrationLevel, 'traditional');
  assert.equal(body.returnToIndiaPlans, 'unlikely');
  assert.equal(typeof body.languagePreferences, 'string');
  assert.deepEqual(JSON.parse(body.languagePreferences), [{ language: 'english', fluency: 'native' }]);
  assert.ok(!JSON.stringify(body).includes('"other"'), '"other" itself is never sent');
  assert.ok(await screen.findByRole('button', { name: 'Edit NRI details' }), 'back to view mode');
});

test('a saved free-text country reopens under "Other"; a failed save shows "Update Failed" with the message', async () => {
  const profile = buildProfileView({ nriResidenceCountry: 'Ireland' });
  fetchStub = stubFetch(() => jsonResponse(400, { message: 'Must be at most 100 characters', field: 'nriResidenceCountry' }));
  renderCard(profile);
  fireEvent.click(screen.getByRole('button', { name: 'Edit NRI details' }));
  assert.equal((screen.getByLabelText('Country of residence') as HTMLSelectElement).value, 'other');
  assert.equal((screen.getByLabelText('Country name') as HTMLInputElement).value, 'Ireland');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  assert.ok(await screen.findByText('Update Failed'));
  assert.ok(screen.getByText('Must be at most 100 characters'));
  assert.ok(screen.getByRole('button', { name: 'Save' }), 'stays in edit mode');
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  assert.ok(screen.getByRole('button', { name: 'Edit NRI details' }));
});

test('ProfileDetails: parent block, fallbacks, and no insight cards without data', () => {
  const queryClient = createAppQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <ProfileDetails
        profile={buildProfileView({ profileType: 'parent', parentName: 'Sunita Sharma', parentRelationship: 'mother', diet: null, familyBackground: null })}
        isOwner={false}
      />
    </QueryClientProvider>,
  );
  assert.ok(screen.getByRole('heading', { name: 'Parent Information' }));
  assert.ok(screen.getByText('Sunita Sharma'));
  assert.ok(screen.getByText('No family information provided'));
  assert.ok(screen.getByText('28 – 34 years'));
  assert.equal(screen.queryByRole('heading', { name: 'Astrological Compatibility' }), null);
  assert.equal(screen.queryByRole('heading', { name: 'Mood Compatibility' }), null);
  assert.equal(screen.queryByRole('heading', { name: 'Conversation Starters' }), null);
  assert.equal(screen.queryByRole('button', { name: 'Edit NRI details' }), null, 'read-only by default');
});

test('ProfileDetails: the basics and the family, "Not specified" where unanswered, the income as its range', () => {
  const profile = buildProfileView({
    height: 170, maritalStatus: 'never_married', community: 'Iyer', income: 1_200_000, incomeCurrency: 'INR',
    fatherOccupation: 'Retired bank manager', motherOccupation: null, brothers: 2, brothersMarried: 1, sisters: 0, sistersMarried: null,
    familyLocation: 'Chennai, India',
  });
  const rowOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
  const view = (isOwner: boolean) =>
    render(
      <QueryClientProvider client={createAppQueryClient()}>
        <ProfileDetails profile={profile} isOwner={isOwner} />
      </QueryClientProvider>,
    );
  const owner = view(true);
  assert.equal(rowOf('Height'), '170 cm (5 ft 7 in)');
  assert.equal(rowOf('Marital status'), 'Never married');
  assert.equal(rowOf('Community'), 'Iyer');
  assert.equal(rowOf('Annual income'), '₹10–15 lakh a year');
  assert.equal(rowOf("Father's occupation"), 'Retired bank manager');
  assert.equal(rowOf("Mother's occupation"), 'Not specified');
  assert.equal(rowOf('Brothers'), '2 (1 married)');
  assert.equal(rowOf('Sisters'), 'None');
  assert.equal(rowOf('Family lives in'), 'Chennai, India');
  owner.unmount();
  // Another member receives the lower bound of the range from the server and reads the same range.
  profile.income = 1_000_000;
  const other = view(false);
  assert.equal(rowOf('Annual income'), '₹10–15 lakh a year');
  other.unmount();
  profile.income = null;
  profile.incomeCurrency = null;
  view(false);
  assert.equal(rowOf('Annual income'), 'Not specified');
});
