import '../../test/setup-dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { fireEvent, screen } from '@testing-library/react';
import { adminUser, cleanup, renderApp, type StubbedFetch, stubFetch } from '../../test/render-app';

let fetchStub: StubbedFetch | undefined;

afterEach(() => {
  cleanup();
  fetchStub?.restore();
  fetchStub = undefined;
});

describe('not-found view', () => {
  test('an unknown address under /ops says so and links back to the dashboard', async () => {
    fetchStub = stubFetch({ 'GET /api/ops/me': { status: 200, body: { user: adminUser } } });
    renderApp('/ops/no-such-page');

    assert.ok(await screen.findByRole('heading', { level: 1, name: 'Page not found' }));
    assert.ok(screen.getByText(/There is no page at this address/));
    assert.equal(document.title, 'Page not found · Saathi Ops');
    // The console around it stays usable.
    assert.ok(screen.getByRole('navigation', { name: 'Console areas' }));

    fireEvent.click(screen.getByRole('link', { name: 'Go to the dashboard' }));

    assert.ok(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }));
    assert.equal(window.location.pathname, '/ops');
  });

  test('a trailing slash still finds the page', async () => {
    fetchStub = stubFetch({ 'GET /api/ops/me': { status: 200, body: { user: adminUser } } });
    renderApp('/ops/reports/');

    assert.ok(await screen.findByRole('heading', { level: 1, name: 'Reports' }));
    assert.equal(screen.queryByText('Page not found'), null);
  });
});
