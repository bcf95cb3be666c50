import '../../../test/setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { ExpoInfoView } from '../../../../contracts/views';
import { jsonResponse, type RecordedRequest, textResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

function expoInfo(overrides: Partial<ExpoInfoView> = {}): ExpoInfoView {
  return {
    devUrl: 'exp://192.168.1.20:19000',
    host: '192.168.1.20',
    port: 19000,
    status: 'ready',
    qrCodeImageUrl: 'data:image/png;base64,QUFB',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

function expoServer(answer: (request: RecordedRequest) => Response) {
  return fakeServer({ handle: (request) => (request.url.pathname === '/api/dev/expo-info' ? answer(request) : undefined) });
}

test('shows the QR code, the dev URL, a Ready badge, setup steps and troubleshooting', async () => {
  renderApp('/dev-tools', expoServer(() => jsonResponse(200, expoInfo())));
  const image = await screen.findByRole('img', { name: 'QR code for exp://192.168.1.20:19000' });
  assert.equal(image.getAttribute('src'), 'data:image/png;base64,QUFB');
  assert.ok(screen.getByText('exp://192.168.1.20:19000'));
  assert.ok(screen.getByText('Ready'));
  assert.ok(screen.getByText('19000'));
  assert.ok(screen.getByText(/same WiFi network/));
  assert.ok(screen.getByRole('tab', { name: 'Expo QR Code' }));
  assert.ok(screen.getByRole('tab', { name: 'Logs' }));
});

test('a failed first load reads "Failed to generate QR code" with the server status and text', async () => {
  renderApp('/dev-tools', expoServer(() => textResponse(503, 'Expo server not running', 'Service Unavailable')));
  assert.ok(await screen.findByText('Failed to generate QR code'));
  assert.ok(screen.getByText('Server returned 503: Expo server not running'));
});

test('a JSON error body shows its message', async () => {
  renderApp('/dev-tools', expoServer(() => jsonResponse(500, { message: 'Could not read the dev server address' })));
  assert.ok(await screen.findByText('Server returned 500: Could not read the dev server address'));
});

test('refresh asks for a fresh read with t=<timestamp>; a failure reads "Failed to generate new QR code"', async () => {
  let calls = 0;
  const { fetchStub } = renderApp(
    '/dev-tools',
    expoServer(() => {
      calls += 1;
      if (calls === 1) return jsonResponse(200, expoInfo());
      if (calls === 2) return jsonResponse(200, expoInfo({ qrCodeImageUrl: 'data:image/png;base64,QkJC', devUrl: 'exp://10.0.0.5:19000' }));
      return textResponse(502, '', 'Bad Gateway');
    }),
  );
  await screen.findByRole('img', { name: /QR code for/ });
  fireEvent.click(screen.getByRole('button', { name: 'Refresh QR Code' }));
  const refreshed = await screen.findByRole('img', { name: 'QR code for exp://10.0.0.5:19000' });
  assert.equal(refreshed.getAttribute('src'), 'data:image/png;base64,QkJC');
  const requests = fetchStub.callsTo('GET', '/api/dev/expo-info');
  assert.equal(requests[0]?.url.searchParams.get('t'), null);
  assert.match(requests[1]?.url.searchParams.get('t') ?? '', /^\d{13}$/);

  await waitFor(() => assert.equal((screen.getByRole('button', { name: 'Refresh QR Code' }) as HTMLButtonElement).disabled, false));
  fireEvent.click(screen.getByRole('button', { name: 'Refresh QR Code' }));
  assert.ok(await screen.findByText('Failed to generate new QR code'));
  assert.ok(screen.getByText('Server returned 502: Bad Gateway'));
});

test('the Logs tab reads "Log viewer coming soon..."', async () => {
  renderApp('/dev-tools', expoServer(() => jsonResponse(200, expoInfo())));
  const logs = await screen.findByRole('tab', { name: 'Logs' });
  fireEvent.mouseDown(logs);
  fireEvent.click(logs);
  assert.ok(await screen.findByText('Log viewer coming soon...'));
});
