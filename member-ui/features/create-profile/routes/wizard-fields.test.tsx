import '../../../test/setup-dom';
import { screen } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { stageOfField } from '../../../../contracts/profile';
import { buildSessionUser } from '../../../test/build-user';
import { type RecordedRequest, jsonResponse } from '../../../test/fetch-stub';
import { LIST_PREFERENCES, fieldsOfStep, stepOfField } from '../components/wizard-values';

// The wizard asks each field on the screen of its completion stage (the one table in contracts/profile.ts).

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');
afterEach(cleanupApp);

const SLOW = { timeout: 20_000 };
window.localStorage.setItem('hasSeenSplash', 'true');
const member = buildSessionUser({ id: 7, fullName: 'Priya Sharma', profileId: null });

// A parent's draft, so that every field of step 2 shows.
const values = { relation: 'daughter', profileType: 'parent', gender: 'female', fullName: 'Lakshmi Iyer', parentName: 'Priya Sharma', religion: 'Hindu' };

function openStep(step: number) {
  return renderApp(
    '/create-profile',
    fakeServer({
      user: member,
      handle: (request: RecordedRequest) =>
        request.url.pathname === '/api/profile-draft' ? jsonResponse(200, { step, values, photos: [], updatedAt: null }) : undefined,
    }),
  );
}

for (const step of [2, 3, 4, 5]) {
  test(`step ${step} shows exactly the fields the stage table puts there`, async () => {
    openStep(step);
    await screen.findByText(`Step ${step} of 5`, {}, SLOW);
    const card = document.querySelector('.wizard__card');
    assert.ok(card);
    const shown = [...card.querySelectorAll('input[name], select[name], textarea[name]')].map((el) => el.getAttribute('name') ?? '');
    for (const name of shown) assert.equal(stepOfField(name), step, `${name} is on step ${step}`);
    // The preferred countries and the list preferences (chips) have controls of their own, the profile type follows
    // "This profile is for"; the rest each have an input named after the field.
    const lists: readonly string[] = LIST_PREFERENCES;
    const expected = fieldsOfStep(step).filter((f) => f !== 'locationPreference' && f !== 'profileType' && !lists.includes(f));
    if (step === 5) for (const label of ['Marital Status Preference', 'Diet Preference', 'Religion Preference', 'Mother Tongue Preference']) assert.ok(card.querySelector(`[aria-label="${label}"]`), label);
    assert.deepEqual([...new Set(shown)].sort(), [...expected].sort());
    for (const name of shown.filter((n) => n !== 'relation' && n !== 'hiddenUntilConfirmed')) {
      assert.ok([step === 2 ? 1 : step === 3 ? 2 : step === 4 ? 3 : 0, ...(step === 5 ? [4, 5] : [])].includes(stageOfField(name) ?? -1), `${name}: stage ${stageOfField(name)}`);
    }
  });
}
