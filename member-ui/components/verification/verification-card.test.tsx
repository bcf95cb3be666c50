import '../../test/setup-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { type FetchStub, jsonResponse, stubFetch } from '../../test/fetch-stub';

const { VerificationCard } = await import('./verification-card');
const { Toaster, dismissToast } = await import('../ui/toast');
const { createAppQueryClient } = await import('../../lib/query-client');
const { I18nProvider } = await import('../../i18n/i18n-provider');
const { loadCatalogue } = await import('../../i18n/catalogue');

let fetchStub: FetchStub | null = null;
afterEach(() => {
  fetchStub?.restore();
  fetchStub = null;
  act(() => dismissToast());
  cleanup();
});

const rejected = { status: 'rejected', rejectionReason: 'the document photo is blurred', documentType: 'passport', submittedAt: '2030-03-01T10:00:00.000Z', decidedAt: '2030-03-02T10:00:00.000Z' };

async function renderIn(language: 'en' | 'hi') {
  const messages = await loadCatalogue(language);
  render(
    <I18nProvider language={language} messages={messages}>
      <QueryClientProvider client={createAppQueryClient()}>
        <VerificationCard />
        <Toaster />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

test('in Hindi, a refused request reads in Hindi with the reviewer’s reason, and the form asks again in Hindi', async () => {
  fetchStub = stubFetch(() => jsonResponse(200, rejected));
  await renderIn('hi');
  assert.ok(await screen.findByText('आपका पिछला अनुरोध मंज़ूर नहीं हुआ: the document photo is blurred। आप नीचे नई तस्वीरें भेज सकते हैं।'));
  assert.ok(screen.getByRole('heading', { name: 'पहचान का सत्यापन' }));
  assert.ok(screen.getByText('मंज़ूर नहीं हुआ'));
  const documents = screen.getByLabelText('पहचान पत्र') as HTMLSelectElement;
  assert.deepEqual([...documents.options].map((o) => o.textContent), ['पासपोर्ट', 'राष्ट्रीय पहचान पत्र', 'ड्राइविंग लाइसेंस', 'निवास परमिट']);
  // Sending without the two photos is refused on the phone, in Hindi, and nothing is posted.
  fireEvent.click(screen.getByRole('button', { name: 'सत्यापन के लिए भेजें' }));
  assert.ok(await screen.findByText('कृपया एक सेल्फ़ी और अपने पहचान पत्र की तस्वीर जोड़ें।'));
  assert.equal(fetchStub.callsTo('POST', '/api/verification').length, 0);
});

test('in English, an approved identity says so and offers no form', async () => {
  fetchStub = stubFetch(() => jsonResponse(200, { ...rejected, status: 'approved', rejectionReason: null }));
  await renderIn('en');
  assert.ok(await screen.findByText('Your identity is verified. Members see the Verified badge on your profile.'));
  assert.equal(screen.queryByRole('button', { name: 'Submit for verification' }), null);
});
