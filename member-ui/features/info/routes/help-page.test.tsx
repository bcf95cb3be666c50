import '../../../test/setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { deferred, jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

function fillIn(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValidForm() {
  fillIn('Name', 'Sunita Reddy');
  fillIn('Email', 'sunita@example.com');
  fillIn('Subject', 'Profile for my son');
  fillIn('Message', 'How do I add my son’s horoscope details?');
}

function contactServer(answer: () => Response | Promise<Response>) {
  return fakeServer({ handle: (request) => (request.url.pathname === '/api/contact' ? answer() : undefined) });
}

test('five FAQ entries, the support address and the contact form', async () => {
  renderApp('/help');
  assert.ok(await screen.findByRole('heading', { name: 'Help & Support' }));
  const questions = screen.getAllByRole('button', { expanded: false }).filter((button) => button.closest('.faq'));
  assert.equal(questions.length, 5);
  fireEvent.click(screen.getByRole('button', { name: /son or daughter/ }));
  assert.ok(await screen.findByText(/Parent \/ Guardian/));
  // The steps described are the wizard's own, in its order.
  fireEvent.click(screen.getByRole('button', { name: /How do I create a profile/ }));
  assert.ok(
    await screen.findByText(/5 steps: 1\. Photos, 2\. Basic Information, 3\. Personal Details, 4\. Birth, Religion & Community, 5\. Family & Partner Preferences/),
  );
  assert.equal(screen.getByRole('link', { name: /support@saathi\.app/ }).getAttribute('href'), 'mailto:support@saathi.app');
  assert.ok(screen.getByRole('button', { name: 'Send Message' }));
});

test('invalid fields show the contract messages and nothing is sent', async () => {
  const { fetchStub } = renderApp('/help', contactServer(() => jsonResponse(201, { message: 'ok' })));
  await screen.findByRole('heading', { name: 'Help & Support' });
  fillIn('Name', 'S');
  fillIn('Email', 'not-an-email');
  fillIn('Subject', 'Hi');
  fillIn('Message', 'Too short');
  fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
  assert.ok(await screen.findByText('Name must be at least 2 characters'));
  assert.ok(screen.getByText('Please enter a valid email address'));
  assert.ok(screen.getByText('Subject must be at least 5 characters'));
  assert.ok(screen.getByText('Message must be at least 10 characters'));
  assert.equal(fetchStub.callsTo('POST', '/api/contact').length, 0);
});

test('sending disables the button, then "Message Sent" with the server message and a reset form', async () => {
  const answer = deferred<Response>();
  const { fetchStub } = renderApp('/help', contactServer(() => answer.promise));
  await screen.findByRole('heading', { name: 'Help & Support' });
  fillValidForm();
  fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
  await waitFor(() => assert.equal((screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement).disabled, true));
  const [call] = fetchStub.callsTo('POST', '/api/contact');
  assert.deepEqual(JSON.parse(call?.body ?? '{}'), {
    name: 'Sunita Reddy',
    email: 'sunita@example.com',
    subject: 'Profile for my son',
    message: 'How do I add my son’s horoscope details?',
  });
  answer.resolve(jsonResponse(201, { message: 'Thank you, Sunita. We will reply within a day.' }));
  assert.ok(await screen.findByText('Message Sent'));
  assert.ok(screen.getByText('Thank you, Sunita. We will reply within a day.'));
  assert.equal((screen.getByLabelText('Name') as HTMLInputElement).value, '');
  assert.equal((screen.getByLabelText('Message') as HTMLTextAreaElement).value, '');
});

test('without a server message the success text is the default', async () => {
  renderApp('/help', contactServer(() => new Response(null, { status: 201 })));
  await screen.findByRole('heading', { name: 'Help & Support' });
  fillValidForm();
  fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
  assert.ok(await screen.findByText('We will get back to you as soon as possible.'));
});

test('a refusal shows the "Error" toast with the server message', async () => {
  renderApp('/help', contactServer(() => jsonResponse(429, { message: 'Too many messages. Please try again later.' })));
  await screen.findByRole('heading', { name: 'Help & Support' });
  fillValidForm();
  fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
  assert.ok(await screen.findByText('Error'));
  assert.ok(screen.getByText('Too many messages. Please try again later.'));
  assert.equal((screen.getByLabelText('Name') as HTMLInputElement).value, 'Sunita Reddy', 'the form keeps its values');
});

test('a network failure shows the error text', async () => {
  renderApp(
    '/help',
    contactServer(() => {
      throw new TypeError('Failed to fetch');
    }),
  );
  await screen.findByRole('heading', { name: 'Help & Support' });
  fillValidForm();
  fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
  assert.ok(await screen.findByText('Failed to fetch'));
});
