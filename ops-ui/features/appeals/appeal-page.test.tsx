import '../../test/setup-dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cleanup, renderApp, reviewerUser, type StubbedFetch, stubFetch } from '../../test/render-app';

let fetchStub: StubbedFetch | undefined;

afterEach(() => {
  cleanup();
  fetchStub?.restore();
  fetchStub = undefined;
});

const report = {
  id: 31, reason: 'harassment', priority: false, details: 'He kept asking for money after I said no', status: 'suspended',
  createdAt: '2026-12-01T10:00:00.000Z', handledAt: '2026-12-01T12:00:00.000Z', handledBy: { id: 2, fullName: 'Rekha Reviewer' },
  resolutionNote: 'Asked several members for money', source: 'chat', messageId: null,
  reporter: { id: 9, fullName: 'Riya Sharma', profileId: 90 }, reported: { id: 7, fullName: 'Sam Verma', status: 'suspended', profileId: 70 },
  reportedProfile: null,
  conversation: {
    messages: [
      { id: 1, fromReported: true, content: 'Hello Riya', createdAt: '2026-11-30T10:00:00.000Z', highlighted: false, safetySignal: null },
      { id: 2, fromReported: true, content: 'Can you send me money for my visa?', createdAt: '2026-11-30T10:05:00.000Z', highlighted: false, safetySignal: 'money_request' },
    ],
    total: 2,
    with: { id: 9, fullName: 'Riya Sharma' },
  },
  senderConversations: [],
};

function appeal(mayDecide: boolean) {
  return {
    id: 40, status: 'open', message: 'I only asked once and I am sorry.', createdAt: '2026-12-02T09:00:00.000Z', decidedAt: null, decidedBy: null, decisionReason: null,
    member: { id: 7, fullName: 'Sam Verma', status: 'suspended', suspendedUntil: '2026-12-08T12:00:00.000Z', profileId: 70 },
    suspension: { id: 5, kind: 'suspension', until: '2026-12-08T12:00:00.000Z', note: 'Asked several members for money', createdAt: '2026-12-01T12:00:00.000Z', suspendedBy: { id: 2, fullName: 'Rekha Reviewer' }, reportId: 31, endedAt: null },
    mayDecide,
    whyNot: mayDecide ? null : 'You suspended this member: another reviewer decides the appeal',
    originalReport: report,
  };
}

describe('an appeal', () => {
  test('opens with the appeal, the suspending note and who suspended, the report and its conversation; Overturn takes a reason in one click', async () => {
    fetchStub = stubFetch({
      'GET /api/ops/me': { status: 200, body: { user: reviewerUser } },
      'GET /api/ops/appeals/40': { status: 200, body: appeal(true) },
      'POST /api/ops/appeals/40/overturn': { status: 200, body: { message: 'Appeal overturned', id: 40, status: 'overturned' } },
    });
    renderApp('/ops/appeals/40');
    await screen.findByRole('heading', { level: 1, name: 'Appeal #40 of Sam Verma' });
    assert.ok(screen.getByText('I only asked once and I am sorry.'));
    assert.ok(screen.getByText('Suspending note: Asked several members for money'));
    assert.ok(screen.getAllByRole('link', { name: 'Rekha Reviewer' }).length > 0);
    const conversation = screen.getByRole('list', { name: 'Messages between the two members' });
    assert.ok(within(conversation).getByText('Can you send me money for my visa?'));
    assert.ok(within(conversation).getByText('Asks for money or gift cards'));

    fireEvent.click(screen.getByRole('button', { name: 'Overturn (restore access)' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Overturn and restore access' }));
    await within(dialog).findByText('Write the reason the member will read');
    assert.equal(fetchStub.requests.filter((r) => r.method === 'POST').length, 0, 'nothing sent without a reason');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'The reporter confirmed it was a misunderstanding.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Overturn and restore access' }));
    await waitFor(() => assert.equal(fetchStub?.requests.filter((r) => r.method === 'POST').length, 1));
    const post = fetchStub.requests.find((r) => r.method === 'POST');
    assert.deepEqual(JSON.parse(post?.bodyText ?? '{}'), { reason: 'The reporter confirmed it was a misunderstanding.' });
    await screen.findByText('Sam Verma can sign in again and has been emailed your reason.');
  });

  test('the reviewer who suspended sees why another reviewer decides, and no buttons', async () => {
    fetchStub = stubFetch({
      'GET /api/ops/me': { status: 200, body: { user: reviewerUser } },
      'GET /api/ops/appeals/40': { status: 200, body: appeal(false) },
    });
    renderApp('/ops/appeals/40');
    await screen.findByText('You suspended this member: another reviewer decides the appeal');
    assert.equal(screen.queryByRole('button', { name: 'Uphold' }), null);
    assert.equal(screen.queryByRole('button', { name: 'Overturn (restore access)' }), null);
  });
});
