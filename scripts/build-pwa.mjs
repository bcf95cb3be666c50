// The installable member app (built by build.mjs): icons drawn from the Saathi logo, the web app manifest, the
// offline page and the service worker, which precaches the first screen's files that build.mjs hands over.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import sharp from 'sharp';

const MAROON = '#7a1f3d';
const CREAM = '#fdf8f3';
const HEART = 'M32 50s-16-9.5-16-21a9 9 0 0 1 16-5.6A9 9 0 0 1 48 29c0 11.5-16 21-16 21z';

/** The logo (the favicon's heart on maroon), as an app icon with rounded corners. */
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${MAROON}"/><path d="${HEART}" fill="#f4b942"/></svg>`;
/** The maskable icon: full-bleed background, the heart inside the central safe zone (the inner 80%). */
const MASKABLE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${MAROON}"/><g transform="translate(32 34) scale(0.72) translate(-32 -34)"><path d="${HEART}" fill="#f4b942"/></g></svg>`;

const OFFLINE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
    <meta name="theme-color" content="${MAROON}">
    <title>You are offline · Saathi</title>
    <!-- No script: the page is shown under the app's Content-Security-Policy; "Try again" reloads the address asked for. -->
    <link rel="icon" href="/icons/icon-192.png">
    <style>
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: ${CREAM}; color: #2b1a1f; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
      main { max-width: 22rem; padding: 2rem 1.5rem; text-align: center; }
      img { width: 72px; height: 72px; border-radius: 18px; }
      h1 { margin: 1rem 0 0.5rem; font-size: 1.4rem; color: #4a0e24; }
      p { margin: 0 0 1.5rem; color: #6e5a60; }
      a { display: inline-block; border-radius: 999px; padding: 0.8rem 1.6rem; background: ${MAROON}; color: #fff; font-weight: 700; text-decoration: none; }
      a:focus-visible { outline: 3px solid #f28c28; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main>
      <img src="/icons/icon-192.png" alt="">
      <h1>You are offline</h1>
      <p>Saathi needs a connection to show your matches and messages. Nothing you wrote is lost: check your connection and try again.</p>
      <a href="">Try again</a>
    </main>
  </body>
</html>
`;

/**
 * Writes icons/, manifest.webmanifest, offline.html and sw.js into the member app's folder. `shellUrls` are the
 * first screen's files (entry script, stylesheet, statically imported chunks): cached at install, so the app
 * starts offline as far as the offline page and its assets go.
 */
export async function buildPwa({ root, outDir, shellUrls, name, shortName, description }) {
  const icons = path.join(outDir, 'icons');
  fs.mkdirSync(icons, { recursive: true });
  await Promise.all([
    sharp(Buffer.from(ICON_SVG), { density: 1200 }).resize(192, 192).png().toFile(path.join(icons, 'icon-192.png')),
    sharp(Buffer.from(ICON_SVG), { density: 1200 }).resize(512, 512).png().toFile(path.join(icons, 'icon-512.png')),
    sharp(Buffer.from(MASKABLE_SVG), { density: 1200 }).resize(512, 512).png().toFile(path.join(icons, 'icon-maskable-512.png')),
  ]);
  const manifest = {
    id: '/',
    name,
    short_name: shortName,
    description,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: MAROON,
    background_color: CREAM,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  fs.writeFileSync(path.join(outDir, 'manifest.webmanifest'), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, 'offline.html'), OFFLINE_HTML);
  const precache = ['/icons/icon-192.png', ...shellUrls];
  // A new build is a new cache (the old one is dropped when the new worker activates).
  const version = crypto.createHash('sha256').update(JSON.stringify(precache)).update(OFFLINE_HTML).digest('hex').slice(0, 12);
  await esbuild.build({
    entryPoints: [path.join(root, 'member-ui/pwa/service-worker.ts')],
    outfile: path.join(outDir, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: ['es2022'],
    minify: true,
    define: { __SHELL_URLS__: JSON.stringify(precache), __CACHE_NAME__: JSON.stringify(`saathi-${version}`) },
    logLevel: 'warning',
  });
}
