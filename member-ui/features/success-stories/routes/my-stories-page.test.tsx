import '../../../test/setup-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { MemberStoryView } from '../../../../contracts/stories';
import { buildSessionUser } from '../../../test/build-user';
import { type RecordedRequest, jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

const SLOW = { timeout: 20_000 };
const member = buildSessionUser({ id: 21, fullName: 'Arjun Deshpande', profileId: 70 });

const asked: MemberStoryView = {
  id: 5,
  partner: { userId: 7, fullName: 'Meera Kulkarni' },
  submittedByYou: false,
  matchDate: '2026-03-02',
  marriageDate: '2026-12-01',
  location: 'Pune',
  testimonial: 'We matched in March and married in December.',
  photos: [{ fileKey: 'a'.repeat(32), url: `/media/photos/${'a'.repeat(32)}.jpg` }],
  yourConsent: 'pending',
  partnerConsent: 'accepted',
  isPublished: false,
  updatedAt: '2026-12-06T10:00:00.000Z',
};

function server(story: MemberStoryView, answers: RecordedRequest[] = []) {
  let current = story;
  return fakeServer({
    user: member,
    handle: (request: RecordedRequest) => {
      if (request.url.pathname === '/api/success-stories/mine') return jsonResponse(200, [current]);
      if (request.url.pathname === '/api/success-stories/5/consent' && request.method === 'POST') {
        answers.push(request);
        current = { ...current, yourConsent: 'accepted' };
        return jsonResponse(200, current);
      }
      if (request.url.pathname === '/api/success-stories/5' && request.method === 'PATCH') {
        answers.push(request);
        current = { ...current, ...(JSON.parse(request.body) as Partial<MemberStoryView>), partnerConsent: 'pending', yourConsent: 'accepted' };
        return jsonResponse(200, current);
      }
      return undefined;
    },
  });
}

test('the partner reads the story with its photo and agrees in the app', async () => {
  const answers: RecordedRequest[] = [];
  renderApp('/stories', server(asked, answers));
  const card = await screen.findByRole('article', { name: 'Your story with Meera Kulkarni' }, SLOW);
  assert.ok(within(card).getByText('We matched in March and married in December.'));
  assert.equal(within(card).getByRole('img', { name: 'Your story, 1 of 1' }).getAttribute('src'), `/media/photos/${'a'.repeat(32)}.jpg`);
  assert.ok(within(card).getByText('You have not answered yet.'));
  assert.ok(within(card).getByText('Meera Kulkarni agreed.'));
  fireEvent.click(within(card).getByRole('button', { name: 'I agree to publish this' }));
  assert.ok(await within(card).findByText('You both agreed: waiting for the Saathi team to publish it'));
  assert.deepEqual(JSON.parse(answers[0]?.body ?? '{}'), { answer: 'accept' });
  assert.equal(within(card).queryByRole('button', { name: 'I agree to publish this' }), null);
});

test('an edit is saved and the partner is waited for again; a story that is too short is not sent', async () => {
  const answers: RecordedRequest[] = [];
  renderApp('/stories', server({ ...asked, yourConsent: 'accepted' }, answers));
  const card = await screen.findByRole('article', { name: 'Your story with Meera Kulkarni' }, SLOW);
  fireEvent.click(within(card).getByRole('button', { name: 'Edit the story' }));
  const text = within(card).getByLabelText('Your story');
  fireEvent.change(text, { target: { value: 'Too short' } });
  fireEvent.click(within(card).getByRole('button', { name: 'Save and ask again' }));
  assert.ok(await within(card).findByText('Tell your story in at least 20 characters'));
  assert.equal(answers.length, 0);
  fireEvent.change(text, { target: { value: 'We matched in March, married in December, and moved to Nagpur.' } });
  fireEvent.click(within(card).getByRole('button', { name: 'Save and ask again' }));
  assert.ok(await within(card).findByText('Waiting for Meera Kulkarni to agree.'));
  assert.equal(JSON.parse(answers[0]?.body ?? '{}').testimonial, 'We matched in March, married in December, and moved to Nagpur.');
});
