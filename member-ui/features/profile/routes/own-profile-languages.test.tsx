import '../../../test/setup-dom';
import { fireEvent, screen } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse } from '../../../test/fetch-stub';
import { buildCompletion, buildOwnProfile } from '../test-support/build-profile';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

/** Lazy screens, tabs and the catalogue compile on first use under tsx: the first wait of a test gets longer. */
const SLOW = { timeout: 20_000 };

test('in Tamil, the editor reads in Tamil: its tabs, the completion stages, the step, labels and choices', async () => {
  const profile = buildOwnProfile();
  const member = buildSessionUser({ id: 7, fullName: 'Priya Sharma', subscriptionTier: 'premium', profileId: profile.id, language: 'ta' });
  renderApp(
    '/profile',
    fakeServer({
      user: member,
      handle: (request) => {
        const path = request.url.pathname;
        if (path === '/api/profiles/user/7') return jsonResponse(200, profile);
        if (path === '/api/profiles/7/completion-status') return jsonResponse(200, buildCompletion(1));
        return undefined;
      },
    }),
  );
  const edit = await screen.findByRole('tab', { name: 'சுயவிவரத்தைத் திருத்துங்கள்' }, SLOW);
  assert.deepEqual(
    screen.getAllByRole('tab').map((tab) => tab.textContent),
    ['கணக்கு', 'சுயவிவரத்தைப் பாருங்கள்', 'சுயவிவரத்தைத் திருத்துங்கள்'],
  );
  fireEvent.mouseDown(edit, { button: 0 });
  assert.ok(await screen.findByText('சுயவிவர நிறைவு', {}, SLOW));
  // The stages come with the completion's own answer, which may arrive after the card's heading.
  assert.ok(await screen.findByText('நிலை 1: அடிப்படைத் தகவல்', {}, SLOW));
  assert.ok(await screen.findByRole('form', { name: 'சுயவிவர விவரங்களைத் திருத்துங்கள்' }, SLOW));
  assert.ok(screen.getByText('படி 1 / 5:'));
  const gender = screen.getByLabelText('பாலினம்') as HTMLSelectElement;
  assert.equal(gender.selectedOptions[0]?.textContent, profile.gender === 'male' ? 'ஆண்' : 'பெண்');
  const madeBy = screen.getByLabelText('சுயவிவரத்தை உருவாக்கியவர்') as HTMLSelectElement;
  assert.deepEqual([...madeBy.options].map((o) => o.textContent), ['நானே', 'பெற்றோர் / பாதுகாவலர்', 'உடன்பிறந்தவர்', 'உறவினர்', 'நண்பர்']);
  assert.ok(screen.getByRole('heading', { name: 'புகைப்படங்கள்' }));
  assert.ok(screen.getByRole('button', { name: 'மாற்றங்களைச் சேமியுங்கள்' }));
});
