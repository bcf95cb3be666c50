import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { type RunningSaathi, launchBrowser, phoneContext, registerInBrowser, returningPhoneContext, screenshot, startSaathi, toastText } from './harness';

let saathi: RunningSaathi;
let browser: Browser;
let cameraPhoto: Buffer;

before(async () => {
  saathi = await startSaathi();
  browser = await launchBrowser();
  // What a 48 MP phone camera writes: 8000 × 6000 landscape pixels, EXIF orientation 6 (hold the phone upright),
  // the phone's make and model, and where the photo was taken.
  const texture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .png()
    .toBuffer();
  cameraPhoto = await sharp(texture)
    .resize(8000, 6000)
    .withExif({
      IFD0: { Make: 'Saathi Test Phone', Model: 'GPS-48' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 4/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '72/1 52/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
});
after(async () => {
  await browser?.close();
  await saathi?.stop();
});

async function newPage(): Promise<Page> {
  const context = await returningPhoneContext(browser, saathi.url);
  // Records every file the app appends to a form, to check what actually leaves the phone.
  await context.addInitScript(() => {
    const recorded: string[] = [];
    (window as unknown as { __sentPhotos: string[] }).__sentPhotos = recorded;
    const append = FormData.prototype.append;
    FormData.prototype.append = function (this: FormData, name: string, value: string | Blob, filename?: string) {
      if (value instanceof Blob) {
        void value.arrayBuffer().then((buffer) => {
          let binary = '';
          const bytes = new Uint8Array(buffer);
          for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          recorded.push(btoa(binary));
        });
      }
      return (append as (this: FormData, ...args: unknown[]) => void).call(this, name, value, ...(filename === undefined ? [] : [filename]));
    } as typeof FormData.prototype.append;
  });
  return context.newPage();
}

describe('photos from a phone, and a wizard that keeps its work', () => {
  test('a 48 MP camera photo is downsized in the browser (upright, no location) and stays in the draft across a reload', async () => {
    const page = await newPage();
    await registerInBrowser(page, 'Kavya Menon');
    await page.goto('/create-profile');
    await page.getByText('Step 1 of 5').waitFor();
    await page.getByLabel('Add main photo').setInputFiles({ name: 'PXL_20261124_101500.jpg', mimeType: 'image/jpeg', buffer: cameraPhoto });
    await page.getByRole('img', { name: 'Main photo' }).waitFor({ timeout: 60_000 });
    // The bytes the app put in the upload's form (recorded by the init script below).
    const sent = (await page.evaluate(() => (window as unknown as { __sentPhotos: string[] }).__sentPhotos)).map((b64) => Buffer.from(b64, 'base64'));
    assert.equal(sent.length, 1);
    const meta = await sharp(sent[0]).metadata();
    assert.ok((meta.width ?? 0) * (meta.height ?? 0) <= 12_100_000, `about 12 MP sent (${meta.width}×${meta.height})`);
    assert.ok((meta.width ?? 0) * (meta.height ?? 0) >= 11_000_000, 'not more than needed lost');
    assert.ok((meta.height ?? 0) > (meta.width ?? 0), 'turned upright before sending');
    assert.equal(meta.exif, undefined, 'no EXIF leaves the phone, so no GPS');
    assert.ok(sent[0].length < cameraPhoto.length, `smaller than the original (${sent[0].length} < ${cameraPhoto.length})`);
    await page.waitForFunction(() => ((document.querySelector('.photo-slot__image') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0);
    await screenshot(page, 'phone-photo-wizard-1');

    // A text file named .jpg: the server's reason, in a toast.
    await page.getByLabel('Add photo 2').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('rice, dal, ghee\n') });
    await toastText(page, 'This file is not an image we can read. Choose a JPEG, PNG, GIF, WebP or HEIC photo.').waitFor();
    await screenshot(page, 'phone-photo-not-an-image');

    await page.getByRole('button', { name: 'Continue to Next Step' }).click();
    await page.getByText('Step 2 of 5').waitFor();
    await page.getByLabel('Gender').selectOption('female');
    await page.getByLabel('City').fill('Kochi');
    await page.waitForResponse((res) => res.url().endsWith('/api/profile-draft') && res.request().method() === 'PUT');

    // Reload mid-wizard: same step, same typing, same photo.
    await page.reload();
    await page.getByText('Step 2 of 5').waitFor();
    assert.equal(await page.getByLabel('City').inputValue(), 'Kochi');
    assert.equal(await page.getByLabel('Gender').inputValue(), 'female');
    await screenshot(page, 'wizard-resumed-after-reload');
    // The phone's Back button: the previous step, not the previous page.
    assert.match(page.url(), /step=2/);
    await page.goBack();
    await page.getByText('Step 1 of 5').waitFor();
    await page.getByRole('img', { name: 'Main photo' }).waitFor();

    // Another device: a new browser context signed in as the same member.
    const user = await page.evaluate(async () => (await fetch('/api/auth/user')).json());
    const laptop = await (await phoneContext(browser, saathi.url)).newPage();
    await laptop.goto('/login');
    await laptop.getByRole('textbox', { name: 'Username' }).fill(user.username);
    await laptop.getByRole('textbox', { name: 'Password', exact: true }).fill('saat-phere-2026');
    await laptop.getByRole('button', { name: 'Sign In' }).click();
    await laptop.waitForURL((url) => url.pathname !== '/login');
    await laptop.goto('/create-profile');
    await laptop.getByText('Step 1 of 5').waitFor();
    await laptop.getByRole('img', { name: 'Main photo' }).waitFor();
    await laptop.context().close();
    await page.context().close();
  });
});
