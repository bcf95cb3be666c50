import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { NotificationSettingsView } from '../../../../contracts/views';
import type { BillingView } from '../../../lib/subscription/billing';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(() => {
  cleanupApp();
  window.history.replaceState(null, '', '/');
});

// A member whose account is in Hindi: the app shows itself in it from the first render after sign-in.
const me = buildSessionUser({ id: 7, language: 'hi', subscriptionTier: 'premium' });

const NOTIFICATIONS: NotificationSettingsView = {
  newMatches: true,
  newMessages: true,
  profileViews: true,
  appUpdates: false,
  emailNotifications: true,
  pushNotifications: false,
  pushMessageText: false,
  savedSearchEmails: true,
  digestFrequency: 'weekly',
  emailBounce: null,
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const BILLING: BillingView = {
  subscription: {
    tier: 'premium',
    planName: 'Premium',
    status: 'active',
    provider: 'demo',
    price: '14.99',
    currency: 'usd',
    currentPeriodStart: '2026-11-01T00:00:00.000Z',
    currentPeriodEnd: '2026-12-01T00:00:00.000Z',
    renewsAt: '2026-12-01T00:00:00.000Z',
    endsAt: null,
    cancelAtPeriodEnd: false,
    pendingTier: null,
    graceUntil: null,
    paymentMethod: { brand: 'Visa', last4: '4242' },
  },
  others: [],
  freePremiumUntil: null,
  invoices: [
    {
      id: 'in_1', tier: 'premium', reason: 'subscription_create', amount: '14.99', currency: 'usd', status: 'paid',
      periodStart: '2026-11-01T00:00:00.000Z', periodEnd: '2026-12-01T00:00:00.000Z', paidAt: '2026-11-01T00:00:00.000Z', receiptUrl: null,
    },
  ],
};

function serve() {
  return fakeServer({
    user: me,
    handle: (request) => {
      const path = request.url.pathname;
      if (path === '/api/users/7/privacy-settings') return jsonResponse(404, { message: 'not needed here' });
      if (path === '/api/users/7/notification-settings') return jsonResponse(200, NOTIFICATIONS);
      if (path === '/api/users/7/2fa') return jsonResponse(200, { totpEnabled: true, recoveryCodesLeft: 8 });
      if (path === '/api/subscriptions/7/current') return jsonResponse(200, BILLING);
      return undefined;
    },
  });
}

/** Words in Latin letters left in a panel, leaving out names, the brand, the plans' names and technical terms. */
function englishWordsIn(element: HTMLElement): string[] {
  const allowed = new Set(['Saathi', 'Premium', 'Elite', 'Tryme', 'FA', 'JSON', 'Visa', 'US']);
  const words: string[] = [];
  // Text node by text node: textContent would join the words of neighbouring elements.
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) words.push(...(node.textContent?.match(/[A-Za-z]{2,}/g) ?? []));
  return words.filter((word) => !allowed.has(word));
}

function openTab(name: string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
}

test('in Hindi the Notifications tab names each switch and the digest in Hindi, with no English left', async () => {
  renderApp('/settings', serve());
  await screen.findByRole('tab', { name: 'सूचनाएँ' });
  openTab('सूचनाएँ');
  const panel = await screen.findByRole('tabpanel');
  assert.ok(await within(panel).findByRole('switch', { name: 'नए मैच' }));
  assert.ok(within(panel).getByRole('switch', { name: 'सहेजी गई खोज की सूचना' }));
  const digest = within(panel).getByRole('group', { name: 'ईमेल सारांश' });
  assert.equal((within(digest).getByRole('radio', { name: 'हर हफ़्ते' }) as HTMLInputElement).checked, true);
  assert.deepEqual(englishWordsIn(panel), []);
});

test('in Hindi the Security tab reads in Hindi: password, two-factor with its codes left, devices, data and the danger zone', async () => {
  renderApp('/settings', serve());
  await screen.findByRole('tab', { name: 'सुरक्षा' });
  openTab('सुरक्षा');
  const panel = await screen.findByRole('tabpanel');
  assert.ok(await within(panel).findByRole('heading', { name: 'पासवर्ड बदलें' }));
  assert.ok(within(panel).getByLabelText('मौजूदा पासवर्ड'));
  assert.ok(await within(panel).findByText('10 में से 8 बचे हैं; फ़ोन खो जाने पर हर कोड से एक बार साइन इन कर सकते हैं।'));
  assert.ok(within(panel).getByRole('button', { name: '2FA बंद करें' }));
  assert.ok(within(panel).getByRole('link', { name: 'मेरा खाता हटाएँ' }));
  // The verification card is another screen's (components/verification); this slice's sections are checked.
  for (const title of ['पासवर्ड बदलें', 'साइन-इन सुरक्षा', 'सावधान']) {
    const section = within(panel).getByRole('heading', { name: title }).closest('section') as HTMLElement;
    assert.deepEqual(englishWordsIn(section), [], title);
  }
});

test('in Hindi a wrong 2FA code is refused in Hindi before anything is sent', async () => {
  const { fetchStub } = renderApp('/settings', serve());
  await screen.findByRole('tab', { name: 'सुरक्षा' });
  openTab('सुरक्षा');
  fireEvent.click(await screen.findByRole('button', { name: '2FA बंद करें' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'दो-चरणीय सत्यापन बंद करें' }));
  fireEvent.change(dialog.getByLabelText('6 अंकों का कोड'), { target: { value: '12' } });
  fireEvent.click(dialog.getByRole('button', { name: '2FA बंद करें' }));
  assert.ok(await dialog.findByText('6 अंकों का कोड लिखें'));
  assert.equal(fetchStub.callsTo('POST', '/api/users/7/2fa/disable').length, 0);
});

test('in Hindi the Plan tab says the plan, its price in dollars, the renewal date and the invoice in Hindi', async () => {
  renderApp('/settings', serve());
  await screen.findByRole('tab', { name: 'योजना' });
  openTab('योजना');
  const panel = await screen.findByRole('tabpanel');
  assert.ok(await within(panel).findByRole('heading', { name: 'आपका प्लान' }));
  assert.ok(within(panel).getByText('· US$14.99 प्रति माह'));
  assert.ok(within(panel).getByText('1 दिसंबर 2026'));
  assert.ok(within(panel).getByText('4242 पर ख़त्म होने वाला Visa', { exact: false }));
  assert.ok(within(panel).getByRole('button', { name: 'सदस्यता रद्द करें' }));
  assert.ok(within(panel).getByRole('heading', { name: 'इनवॉइस' }));
  await waitFor(() => assert.deepEqual(englishWordsIn(panel), []));
});

test('in Hindi the delete-account page warns and asks for the phrase in Hindi; a wrong phrase is refused, the English one is taken too', async () => {
  renderApp('/delete-account', serve());
  assert.ok(await screen.findByRole('heading', { name: 'खाता हटाएँ' }));
  assert.ok(screen.getByText('2 में से चरण 1'));
  assert.ok(screen.getByText('आपके संदेश और बातचीत मिटा दी जाएँगी'));
  const phrase = screen.getByLabelText('पुष्टि के लिए "मेरा खाता हटाएँ" लिखें');
  fireEvent.change(phrase, { target: { value: 'मेरा खाता' } });
  fireEvent.click(screen.getByRole('button', { name: 'आगे बढ़ें' }));
  assert.ok(await screen.findByText('पुष्टि का वाक्य सही नहीं है'));
  assert.ok(screen.getByText("आगे बढ़ने के लिए ठीक वैसे ही 'मेरा खाता हटाएँ' लिखें जैसा दिखाया गया है।"));
  assert.equal(screen.queryByLabelText('आपका पासवर्ड'), null, 'still on the first step');
  const page = screen.getByRole('heading', { name: 'खाता हटाएँ' }).closest('section') as HTMLElement;
  assert.deepEqual(englishWordsIn(page), []);

  // A keyboard without Devanagari: the English phrase is accepted as well.
  fireEvent.change(phrase, { target: { value: 'Delete my account' } });
  fireEvent.click(screen.getByRole('button', { name: 'आगे बढ़ें' }));
  assert.ok(await screen.findByLabelText('आपका पासवर्ड'));
  assert.ok(screen.getByText('2 में से चरण 2'));
});
