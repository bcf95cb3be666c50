import '../../test/setup-dom';
import { screen } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildSessionUser } from '../../test/build-user';

const { cleanupApp, fakeServer, renderApp } = await import('../../test/render-app');

afterEach(cleanupApp);

test('an unknown path shows "404 Page Not Found" with a way home', async () => {
  renderApp('/this/does/not/exist');
  const heading = await screen.findByRole('heading', { name: '404 Page Not Found' });
  assert.ok(heading);
  const home = screen.getByRole('link', { name: 'Go Home' });
  assert.equal(home.getAttribute('href'), '/');
});

test('a signed-in member also gets the not-found screen for unknown paths', async () => {
  renderApp('/nope', fakeServer({ user: buildSessionUser() }));
  assert.ok(await screen.findByRole('heading', { name: '404 Page Not Found' }));
});
