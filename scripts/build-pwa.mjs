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

/**
 * The offline page in a language: `lang` its code, `t` its catalogue's messages (the page has no script).
 * `faces` are the @font-face rules of the scripts' regular faces (a system without Devanagari or Tamil letters
 * would draw boxes); the worker caches their files with the page.
 */
const offlineHtml = (lang, t, faces) => {
  const families = faces.map((face) => `"${face.family}", `).join('');
  return `<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
    <meta name="theme-color" content="${MAROON}">
    <title>${escapeHtml(t['offline.title'])} · Saathi</title>
    <!-- No script: the page is shown under the app's Content-Security-Policy; "Try again" reloads the address asked for. -->
    <link rel="icon" href="/icons/icon-192.png">
    <style>
${faces.map((face) => face.rule).join('\n')}
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: ${CREAM}; color: #2b1a1f; font: 16px/1.5 ${families}system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
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
      <h1>${escapeHtml(t['offline.title'])}</h1>
      <p>${escapeHtml(t['offline.text'])}</p>
      <a href="">${escapeHtml(t['offline.retry'])}</a>
    </main>
  </body>
</html>
`;
};

/**
 * The regular (400) faces of member-ui/styles/fonts.css, each pointing at its built file (`files`: the hashed URLs
 * build.mjs lists per @fontsource package): the same families and unicode ranges as the app's, read from there.
 */
function regularFaces(root, files) {
  const css = fs.readFileSync(path.join(root, 'member-ui/styles/fonts.css'), 'utf8');
  const built = Object.values(files).flat();
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].flatMap(([, body]) => {
    const family = /font-family:\s*'([^']+)'/.exec(body)?.[1];
    const source = /url\([^)]*\/([a-z0-9-]+)\.woff2\)/.exec(body)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    const url = source && built.find((file) => file.includes(`/${source}-`));
    if (!family || !range || !url || !/font-weight:\s*400/.test(body)) return [];
    return [{ family, url, rule: `      @font-face { font-family: "${family}"; font-weight: 400; font-display: swap; src: url(${url}) format("woff2"); unicode-range: ${range}; }` }];
  });
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Writes icons/, manifest.webmanifest, offline.html and sw.js into the member app's folder. `shellUrls` are the
 * first screen's files (entry script, stylesheet, statically imported chunks): cached at install, so the app
 * starts offline as far as the offline page and its assets go.
 */
export async function buildPwa({ root, outDir, shellUrls, fonts = {}, name, shortName, description }) {
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
  // One offline page a language (offline.<code>.html; offline.html is English), from the catalogues: the server
  // answers /offline.html?lang=<code> with it, and the worker caches each and shows the member's.
  const catalogues = path.join(root, 'contracts/i18n/catalogues');
  const languages = fs.readdirSync(catalogues).filter((f) => /^[a-z-]+\.json$/.test(f)).map((f) => f.replace(/\.json$/, '')).sort();
  const english = JSON.parse(fs.readFileSync(path.join(catalogues, 'en.json'), 'utf8'));
  const faces = regularFaces(root, fonts);
  const offlinePages = languages.map((lang) => offlineHtml(lang, { ...english, ...JSON.parse(fs.readFileSync(path.join(catalogues, `${lang}.json`), 'utf8')) }, faces));
  languages.forEach((lang, i) => {
    fs.writeFileSync(path.join(outDir, `offline.${lang}.html`), offlinePages[i]);
  });
  fs.writeFileSync(path.join(outDir, 'offline.html'), offlineHtml('en', english, faces));
  const precache = ['/icons/icon-192.png', ...faces.map((face) => face.url), ...shellUrls];
  // A new build is a new cache (the old one is dropped when the new worker activates).
  const version = crypto.createHash('sha256').update(JSON.stringify(precache)).update(offlinePages.join('')).digest('hex').slice(0, 12);
  await esbuild.build({
    entryPoints: [path.join(root, 'member-ui/pwa/service-worker.ts')],
    outfile: path.join(outDir, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: ['es2022'],
    minify: true,
    define: { __SHELL_URLS__: JSON.stringify(precache), __CACHE_NAME__: JSON.stringify(`saathi-${version}`), __OFFLINE_LANGUAGES__: JSON.stringify(languages) },
    logLevel: 'warning',
  });
}
