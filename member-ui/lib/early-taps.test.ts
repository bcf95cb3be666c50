import '../test/setup-dom';
import { waitFor } from '@testing-library/dom';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { holdEarlyTaps } from './early-taps';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const NAMES = ['Back', 'Not interested in Asha Rao', 'Not interested in Vikram Shah', 'Not interested in Vikram Shah'];

/** #root as the server sent it: its copy of the screen with the screen's buttons, which nothing listens to. */
function serverPage(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = `<div data-first-screen="/search">${NAMES.map((name) => `<button type="button" aria-label="${name}"></button>`).join('')}</div>`;
  document.body.append(root);
  holdEarlyTaps(root);
  return root;
}

/** The app's own render of the same screen in the copy's place, its buttons recording their clicks. */
function appScreen(root: HTMLElement, clicks: string[], options: { disabled?: boolean } = {}): void {
  root.replaceChildren(
    ...NAMES.map((name, i) => {
      const button = document.createElement('button');
      button.setAttribute('aria-label', name);
      button.disabled = options.disabled ?? false;
      button.addEventListener('click', () => clicks.push(`${name} #${i}`));
      return button;
    }),
  );
}

afterEach(() => {
  document.body.replaceChildren();
});

test("a tap on the copy's button is taken, shown as taken, and given to the app's button of the same name and place once it is there", async () => {
  const root = serverPage();
  const reachedPage: string[] = [];
  root.addEventListener('click', () => reachedPage.push('click'));
  const tapped = root.querySelectorAll('button')[3];
  tapped.click();
  assert.deepEqual(reachedPage, [], 'the tap on the copy goes nowhere else');
  assert.equal(tapped.getAttribute('aria-busy'), 'true', 'the button shows the tap was taken');

  const clicks: string[] = [];
  // The app shows the copy again while its screen loads (FirstScreen), then its screen, whose data (and
  // buttons) may come a moment after: the tap waits for them.
  root.innerHTML = `<div class="first-screen">${root.querySelector('[data-first-screen]')?.innerHTML}</div>`;
  await pause(20);
  root.replaceChildren();
  await pause(50);
  assert.deepEqual(clicks, []);
  appScreen(root, clicks);
  await waitFor(() => assert.deepEqual(clicks, ['Not interested in Vikram Shah #3'], 'the second "Vikram Shah" button, as tapped'));

  appScreen(root, clicks);
  await pause(50);
  assert.equal(clicks.length, 1, 'given once');
});

test("a tap on the app's own button is the app's: nothing is kept to be given again", async () => {
  const root = serverPage();
  const clicks: string[] = [];
  appScreen(root, clicks);
  root.querySelectorAll('button')[1].click();
  assert.deepEqual(clicks, ['Not interested in Asha Rao #1']);
  appScreen(root, clicks);
  await pause(50);
  assert.equal(clicks.length, 1);
});

test("a tap is not given to the app's button when that button is disabled now", async () => {
  const root = serverPage();
  root.querySelectorAll('button')[1].click();
  const clicks: string[] = [];
  appScreen(root, clicks, { disabled: true });
  await pause(50);
  assert.deepEqual(clicks, []);
});

test('only the last tap on the copy is kept', async () => {
  const root = serverPage();
  const buttons = root.querySelectorAll('button');
  buttons[1].click();
  buttons[0].click();
  assert.equal(buttons[1].getAttribute('aria-busy'), null, 'the first button no longer shows a tap');
  const clicks: string[] = [];
  appScreen(root, clicks);
  await waitFor(() => assert.deepEqual(clicks, ['Back #0'], 'the last tap'));
});
