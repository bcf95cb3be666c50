import '../../../test/setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';

const { cleanupApp, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

test('a first visit to "/" goes to /splash and counts the visit', async () => {
  const { router } = renderApp('/', undefined, { firstVisit: true });
  assert.ok(await screen.findByRole('heading', { name: 'Welcome to Saathi' }));
  assert.equal(router.state.location.pathname, '/splash');
  assert.equal(window.localStorage.getItem('splashVisitCount'), '1');
  assert.equal(window.localStorage.getItem('hasSeenSplash'), null);
});

test('Skip sets hasSeenSplash, lands on "/" and the splash never returns', async () => {
  const { router } = renderApp('/', undefined, { firstVisit: true });
  fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
  assert.ok(await screen.findByRole('heading', { name: 'Find Your Perfect Match' }));
  assert.equal(router.state.location.pathname, '/');
  assert.equal(window.localStorage.getItem('hasSeenSplash'), 'true');
  assert.ok(document.cookie.split('; ').includes('saathi_splash=1'), 'the cookie that lets the server paint the landing page');

  await router.navigate({ to: '/splash' });
  await waitFor(() => assert.equal(router.state.location.pathname, '/'));
});

test('seven slides: the offer slides say "Yes, I Want This!", the last "Get Started", which finishes', async () => {
  const { router } = renderApp('/splash', undefined, { firstVisit: true });
  await screen.findByRole('heading', { name: 'Welcome to Saathi' });
  assert.equal(screen.getAllByRole('button', { name: /^Go to slide/ }).length, 7);
  const labels: string[] = [];
  for (let slide = 0; slide < 7; slide += 1) {
    const button = screen.getByRole('button', { name: /^(Next|Yes, I Want This!|Get Started)$/ });
    labels.push(button.textContent ?? '');
    if (slide < 6) fireEvent.click(button);
  }
  assert.deepEqual(labels, ['Next', 'Yes, I Want This!', 'Next', 'Next', 'Yes, I Want This!', 'Next', 'Get Started']);
  assert.equal(screen.getAllByText('LIMITED TIME OFFER').length, 2);
  assert.equal(screen.queryByRole('button', { name: 'Skip' }), null);
  fireEvent.click(screen.getByRole('button', { name: 'Get Started' }));
  await waitFor(() => assert.equal(router.state.location.pathname, '/'));
  assert.equal(window.localStorage.getItem('hasSeenSplash'), 'true');
});

test('the redirect happens once per session: backing out of the walkthrough does not loop', async () => {
  const { router } = renderApp('/', undefined, { firstVisit: true });
  await screen.findByRole('heading', { name: 'Welcome to Saathi' });
  await router.navigate({ to: '/' });
  assert.ok(await screen.findByRole('heading', { name: 'Find Your Perfect Match' }));
  assert.equal(window.localStorage.getItem('hasSeenSplash'), null);
});

test('a browser whose walkthrough cookie says it is done goes to the landing page, as the server painted it', async () => {
  const { router } = renderApp('/', undefined, { seenByCookie: true });
  assert.ok(await screen.findByRole('heading', { name: 'Find Your Perfect Match' }));
  assert.equal(router.state.location.pathname, '/');
});
