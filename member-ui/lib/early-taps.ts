/**
 * A tap on a button of the server's copy of a screen (member-ui/first-screen/: home, search, a profile, a chat),
 * made before the app's own screen has replaced it, is kept and given to the app's button once it is there.
 * The copy is drawn by the app's own components but nothing listens to it: on a phone, the app's code arrives a
 * second or more after the copy is painted, and a tap in that time ("Not interested", "…", "Back") would be lost.
 *
 * The button is found again by its accessible name and its place among the copy's buttons of that name: the
 * app's render of the same screen has the same buttons, named the same, in the same order. Where it does not
 * (the screen changed meanwhile, the button is disabled now), the tap is dropped, as a tap on nothing.
 *
 * This runs in the page's own first script (member-ui/main.tsx), apart from the app: it watches the page for the
 * copy to go, so the app's code needs no part in it (and the first script no shared file to wait for).
 */

/** The server's copy: in the page as sent, then put back by the app while its screen loads (FirstScreen). */
const COPY = '[data-first-screen], .first-screen';
/** How long a kept tap waits for the app's button once the copy has gone. */
const WAIT_MS = 5_000;

const nameOf = (button: Element) => (button.getAttribute('aria-label') ?? button.textContent ?? '').trim();

/** The buttons named `name` under `root`, in document order, inside the server's copy or outside it. */
function buttonsNamed(root: ParentNode, name: string, inCopy: boolean): HTMLButtonElement[] {
  return [...root.querySelectorAll<HTMLButtonElement>('button')].filter((b) => nameOf(b) === name && Boolean(b.closest(COPY)) === inCopy);
}

/** Starts keeping taps on the copy's buttons inside `container` (#root); called before the app's code loads. */
export function holdEarlyTaps(container: HTMLElement): void {
  let stop: (() => void) | null = null;
  container.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button');
      const copy = button?.closest<HTMLElement>(COPY);
      if (!button || !copy || button.disabled) return;
      event.preventDefault();
      event.stopPropagation();
      // Only the last tap counts.
      stop?.();
      const name = nameOf(button);
      if (name) stop = giveWhenReady(container, button, name, buttonsNamed(copy, name, true).indexOf(button));
    },
    true,
  );
}

/**
 * Shows the tap was taken (the button looks busy), then clicks the app's button of the same name and place as
 * soon as the copy has gone and that button is there; returns what drops the tap.
 */
function giveWhenReady(container: HTMLElement, tapped: HTMLButtonElement, name: string, nth: number): () => void {
  tapped.setAttribute('aria-busy', 'true');
  tapped.classList.add('is-held');
  let copyGoneAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const observer = new MutationObserver(() => look());
  const done = () => {
    observer.disconnect();
    clearTimeout(timer);
    tapped.removeAttribute('aria-busy');
    tapped.classList.remove('is-held');
  };
  const look = () => {
    if (container.querySelector(COPY)) {
      copyGoneAt = 0;
      return;
    }
    if (copyGoneAt === 0) {
      copyGoneAt = Date.now();
      timer = setTimeout(look, WAIT_MS + 1);
    } else if (Date.now() - copyGoneAt > WAIT_MS) {
      done();
      return;
    }
    const target = buttonsNamed(container, name, false)[nth];
    if (!target) return;
    done();
    // A disabled button's click() does nothing: a tap on what the member may no longer do is dropped.
    target.click();
  };
  observer.observe(container, { childList: true, subtree: true });
  return done;
}
