import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import zlib from 'node:zlib';
import Koa from 'koa';
import { staticApps } from './static';

let url: string;
let close: () => void;
const firstScreenErrors: string[] = [];
let landingFails = false;

before(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-static-'));
  for (const app of ['member', 'ops']) {
    fs.mkdirSync(path.join(dir, app, 'assets'), { recursive: true });
    // The member page's shell as build.mjs writes it: the header and a spinner until the app has run.
    const shell =
      app === 'member' ? '<div class="app-frame"><header class="app-header"></header><main class="app-main" id="main"><div class="full-page-spinner" role="status"></div></main></div>' : '';
    fs.writeFileSync(path.join(dir, app, 'index.html'), `<!doctype html><html lang="en"><head><title>${app}</title>\n  </head><body><div id="root">${shell}</div></body></html>`);
  }
  fs.writeFileSync(
    path.join(dir, 'member', 'route-preloads.json'),
    JSON.stringify({
      '/login': ['/assets/chunks/login-page-AAAA.js', '/assets/chunks/chunk-BBBB.js'],
      '/profile/$id': ['/assets/chunks/profile-view-page-CCCC.js'],
      '/help': ['/assets/chunks/help"><script>alert(1)</script>.js'],
      '/': ['/assets/chunks/member-home-DDDD.js'],
      '/search': ['/assets/chunks/search-page-EEEE.js'],
      '/chat/$id': ['/assets/chunks/chat-page-FFFF.js'],
      '/settings': ['/assets/chunks/settings-page-GGGG.js'],
      '/compatibility': ['/assets/chunks/compatibility-page-HHHH.js'],
    }),
  );
  fs.writeFileSync(
    path.join(dir, 'member', 'font-files.json'),
    JSON.stringify({
      'noto-sans-devanagari': ['/assets/media/noto-sans-devanagari-400-AAAA.woff2', '/assets/media/noto-sans-devanagari-600-BBBB.woff2'],
      'noto-sans-tamil': ['/assets/media/noto-sans-tamil-400-CCCC.woff2', '/assets/media/x"><script>alert(1)</script>.woff2'],
    }),
  );
  // The offline pages scripts/build-pwa.mjs writes: English, and one a language.
  for (const lang of ['', '.en', '.hi', '.ta']) fs.writeFileSync(path.join(dir, 'member', `offline${lang}.html`), `<html lang="${lang.slice(1) || 'en'}"><h1>offline${lang}</h1></html>`);
  // An asset with the precompressed copies build.mjs writes beside it.
  const script = `export const greeting = ${JSON.stringify('namaste '.repeat(400))};\n`;
  fs.writeFileSync(path.join(dir, 'member', 'assets', 'main-ABCD.js'), script);
  fs.writeFileSync(path.join(dir, 'member', 'assets', 'main-ABCD.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'member', 'assets', 'main-ABCD.js.gz'), zlib.gzipSync(script));
  const app = new Koa();
  // Session "abc" is member 9's; any other cookie is a session that has ended.
  // Member 9 may see profile 42's photo; profile 7's is hidden from them; profile 13's address is malformed.
  const photos: Record<string, string[]> = { '/profile/42': ['/media/photos/main_display.webp'], '/profile/13': ['/media/x"><script>alert(1)</script>'] };
  app.use(
    staticApps(dir, {
      demoMode: false,
      sessionUserId: async (ctx) => ({ abc: 9, boom: 10 })[String(ctx.cookies.get('saathi.sid'))] ?? null,
      firstPaintImages: async (route, pathname, me) => (route === '/profile/$id' && me === 9 ? (photos[pathname] ?? []) : []),
      // Member 9's home and search have first cards (their markup is the app's: server/first-screen.test.ts).
      // Member 10's cannot be made (a failing query, say).
      // Member 9 may see profile 77, painted first.
      firstScreen: async (route, pathname, me, reader) => {
        if (me === 10) throw new Error('the database went away');
        if (me === 9 && route === '/profile/$id' && pathname === '/profile/77') return { html: '<article class="profile-view">Aarav</article>', images: ['/media/photos/aarav.jpg'] };
        // Member 9's chat with member 5, for a browser that said its time zone (the reader cookie, parsed).
        if (me === 9 && route === '/chat/$id' && pathname === '/chat/5' && reader?.timeZone === 'Asia/Kolkata') {
          return { html: '<section class="chat">namaste</section>', images: [], frame: 'app-frame app-frame--member app-frame--fill' };
        }
        return me === 9 && (route === '/' || route === '/search')
          ? { html: `<section class="${route === '/' ? 'member-home' : 'search-page'}">first cards</section>`, images: [`/media/photos/first${route === '/' ? 'home' : 'search'}_thumb.jpg`] }
          : null;
      },
      landing: async (language) => {
        if (landingFails) throw new Error('the figures could not be counted');
        return `<section class="landing">landing in ${language}</section>`;
      },
      onFirstScreenError: (route, error) => firstScreenErrors.push(`${route}: ${(error as Error).message}`),
    }),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
});
after(() => close());

const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);

test("a member page preloads its own screen's code, and only that", async () => {
  const login = await (await fetch(`${url}/login`)).text();
  assert.deepEqual(preloadsOf(login), ['/assets/chunks/login-page-AAAA.js', '/assets/chunks/chunk-BBBB.js']);
  assert.ok(login.indexOf('modulepreload') < login.indexOf('</head>'));
  assert.deepEqual(preloadsOf(await (await fetch(`${url}/profile/42`)).text()), ['/assets/chunks/profile-view-page-CCCC.js']);
  assert.deepEqual(preloadsOf(await (await fetch(`${url}/register`)).text()), []);
  const unknown = await fetch(`${url}/login/extra`);
  assert.equal(unknown.status, 404);
  assert.deepEqual(preloadsOf(await unknown.text()), []);
});

const dataPreloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="use-credentials">/g)].map((m) => m[1]);
const page = async (p: string, session: boolean | string) =>
  (await fetch(`${url}${p}`, { headers: session ? { Cookie: `saathi.sid=${session === true ? 'abc' : session}; saathi.sid.sig=def` } : {} })).text();

test("with a session, / preloads the member's dashboard and its first answers; a visitor's landing page neither", async () => {
  const landing = await page('/', false);
  assert.deepEqual(preloadsOf(landing), []);
  assert.deepEqual(dataPreloadsOf(landing), []);
  // A session the page cannot paint a first screen for (here: ended) gets the dashboard's code with the page.
  assert.deepEqual(preloadsOf(await page('/', 'ended')), ['/assets/chunks/member-home-DDDD.js']);
  const home = await page('/', true);
  assert.deepEqual(preloadsOf(home), [], 'with its first screen painted, the code is fetched after it');
  assert.deepEqual(dataPreloadsOf(home), ['/api/matches/featured', '/api/matches/daily', '/api/success-stories']);
  // The first page of an unfiltered search is requested with the page; a filtered one asks for another answer.
  assert.deepEqual(dataPreloadsOf(await page('/search', true)), ['/api/search?limit=20']);
  assert.deepEqual(dataPreloadsOf(await page('/search?religion=Hindu', true)), []);
  const visitorSearch = await page('/search', false);
  assert.deepEqual(preloadsOf(visitorSearch), ['/assets/chunks/search-page-EEEE.js']);
  assert.deepEqual(dataPreloadsOf(visitorSearch), []);
  assert.deepEqual(dataPreloadsOf(await page('/profile/42', true)), ['/api/profiles/42']);
  assert.deepEqual(dataPreloadsOf(await page('/profile/7', true)), ['/api/profiles/7']);
  // Pages are kept per variant: the visitor's landing page is still the plain one after a member's was made.
  assert.deepEqual(preloadsOf(await page('/', false)), []);
});

test("a member's chat, settings and Kundali screens preload their first answers, with the member's own id from the session", async () => {
  assert.deepEqual(dataPreloadsOf(await page('/chat/25', true)), ['/api/messages/9/25', '/api/messages/9/25/peer']);
  assert.deepEqual(dataPreloadsOf(await page('/settings', true)), ['/api/users/9/privacy-settings']);
  assert.deepEqual(dataPreloadsOf(await page('/compatibility', true)), ['/api/profiles/search', '/api/kundali/chart/9']);
  // A preselected member (?userId=) asks for other answers.
  assert.deepEqual(dataPreloadsOf(await page('/compatibility?userId=4', true)), []);
  // An ended session: nothing that needs the member's id; a visitor: nothing at all.
  assert.deepEqual(dataPreloadsOf(await page('/chat/25', 'ended')), []);
  assert.deepEqual(dataPreloadsOf(await page('/compatibility', 'ended')), ['/api/profiles/search']);
  assert.deepEqual(dataPreloadsOf(await page('/chat/25', false)), []);
});

test("a member's Kundali and settings pages show the screen's heading above the spinner before the app has run; a visitor's do not", async () => {
  const heading = /<main class="app-main" id="main"><section class="page compatibility-page" aria-labelledby="page-title"><header class="page__header"><h1 id="page-title" class="page__title">Kundali Compatibility<\/h1><p class="page__subtitle">Compare your birth chart with another member's: [^<]+<\/p><\/header><\/section><div class="full-page-spinner"/;
  assert.match(await page('/compatibility', true), heading);
  assert.doesNotMatch(await page('/compatibility', false), /page__title/);
  assert.match(await page('/settings', true), /<section class="page settings-page" aria-labelledby="page-title"><header class="page__header"><h1 id="page-title" class="page__title">Account Settings<\/h1>/);
  // A screen without a fixed heading keeps the plain spinner.
  assert.doesNotMatch(await page('/chat/25', true), /page__title/);
});

const imagePreloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)" as="image" fetchpriority="high">/g)].map((m) => m[1]);

test("a member's profile page preloads the photo it paints largest, before its data; nothing for a visitor, an ended session or a hidden photo", async () => {
  const html = await page('/profile/42', true);
  assert.deepEqual(imagePreloadsOf(html), ['/media/photos/main_display.webp']);
  assert.ok(html.indexOf('as="image"') < html.indexOf('as="fetch"'), 'the photo is asked for first');
  assert.deepEqual(imagePreloadsOf(await page('/profile/7', true)), []);
  assert.deepEqual(imagePreloadsOf(await page('/profile/42', 'ended')), []);
  assert.deepEqual(imagePreloadsOf(await page('/profile/42', false)), []);
  assert.deepEqual(imagePreloadsOf(await page('/profile/42?tab=photos', true)), []);
  const malformed = await page('/profile/13', true);
  assert.deepEqual(imagePreloadsOf(malformed), []);
  assert.ok(!malformed.includes('<script>alert(1)</script>'));
});

test("a member's home and search carry their first cards in place of the spinner, marked with the path, and preload the first photo; nobody else's page does", async () => {
  const home = await page('/', true);
  assert.match(home, /<main class="app-main" id="main"><div class="first-screen" data-first-screen="\/"><section class="member-home">first cards<\/section><\/div><\/main>/);
  assert.ok(!home.includes('full-page-spinner" role'), 'the spinner is replaced');
  assert.deepEqual(imagePreloadsOf(home), ['/media/photos/firsthome_thumb.jpg']);
  const search = await page('/search', true);
  assert.match(search, /<div class="first-screen" data-first-screen="\/search"><section class="search-page">first cards<\/section><\/div>/);
  assert.deepEqual(imagePreloadsOf(search), ['/media/photos/firstsearch_thumb.jpg']);
  for (const [p, session] of [['/', false], ['/', 'ended'], ['/search', false], ['/search', 'ended'], ['/search?query=Leeds', true], ['/?from=mail', true], ['/settings', true]] as const) {
    const html = await page(p, session);
    assert.ok(!html.includes('first-screen') && !html.includes('first cards'), `${p} ${session}`);
    assert.deepEqual(imagePreloadsOf(html), [], `${p} ${session}`);
  }
  // The member's landing page after theirs: the plain one (pages are kept per variant, the first screen never).
  assert.match(await page('/', false), /<div class="full-page-spinner" role="status"><\/div><\/main>/);
});

test("a member's page with a first screen is never stored (it holds what only they may see); the same page without one is only revalidated", async () => {
  const get = (p: string, cookie?: string) => fetch(`${url}${p}`, { headers: cookie ? { Cookie: cookie } : {} });
  const member = 'saathi.sid=abc; saathi.sid.sig=def';
  const profile = await get('/profile/77', member);
  const html = await profile.text();
  assert.match(html, /<div class="first-screen" data-first-screen="\/profile\/77"><article class="profile-view">Aarav<\/article><\/div><\/main>/);
  assert.deepEqual(imagePreloadsOf(html), ['/media/photos/aarav.jpg']);
  // The app's code is not asked for beside the page's first screen (fails if the modulepreloads are kept): it is
  // fetched once that screen has painted. The page without a first screen still preloads it.
  assert.deepEqual(preloadsOf(html), []);
  assert.deepEqual(preloadsOf(await (await get('/profile/78', member)).text()), ['/assets/chunks/profile-view-page-CCCC.js']);
  // Fails if static.ts leaves the pages' own "no-cache" on a page carrying a member's first screen.
  assert.equal(profile.headers.get('cache-control'), 'no-store');
  assert.equal((await get('/', member)).headers.get('cache-control'), 'no-store');
  for (const [p, cookie] of [['/profile/78', member], ['/profile/77', undefined], ['/profile/77?tab=x', member], ['/settings', member]] as const) {
    const res = await get(p, cookie);
    assert.ok(!(await res.text()).includes('first-screen'), p);
    assert.equal(res.headers.get('cache-control'), 'no-cache', `${p} ${cookie}`);
  }
});

test("a member's chat is painted only for a browser that said its language and time zone, in the chat's own frame, and never stored", async () => {
  const member = 'saathi.sid=abc; saathi.sid.sig=def';
  const chat = (reader?: string) => fetch(`${url}/chat/5`, { headers: { Cookie: reader ? `${member}; saathi.reader=${reader}` : member } });
  const painted = await chat('en-IN|Asia%2FKolkata');
  const html = await painted.text();
  // Fails if the frame is left as the page's own: the chat would lay out as a page that scrolls, then jump.
  assert.match(html, /<div class="app-frame app-frame--member app-frame--fill"><header/);
  assert.match(html, /<div class="first-screen" data-first-screen="\/chat\/5"><section class="chat">namaste<\/section><\/div>/);
  assert.equal(painted.headers.get('cache-control'), 'no-store');
  for (const reader of [undefined, 'en-IN|Mars%2FOlympus', 'en-IN', 'en-IN|Asia%2FKolkata|x', '%E0%A4|Asia%2FKolkata']) {
    const res = await chat(reader);
    const page = await res.text();
    assert.ok(!page.includes('first-screen') && page.includes('<div class="app-frame"><header'), String(reader));
    assert.equal(res.headers.get('cache-control'), 'no-cache');
  }
});

test("a member's home whose first cards cannot be made is still served, as the page without them, and the failure is told", async () => {
  const response = await fetch(`${url}/`, { headers: { Cookie: 'saathi.sid=boom; saathi.sid.sig=def' } });
  assert.equal(response.status, 200);
  const html = await response.text();
  assert.match(html, /<div class="full-page-spinner" role="status"><\/div><\/main>/);
  assert.ok(!html.includes('first-screen'));
  assert.deepEqual(firstScreenErrors, ['/: the database went away']);
});

test('a malformed preload entry is dropped, never written into the page', async () => {
  const help = await (await fetch(`${url}/help`)).text();
  assert.deepEqual(preloadsOf(help), []);
  assert.ok(!help.includes('<script>alert(1)</script>'));
});

/** A raw GET (fetch would decode the body and hide the encoding) with the given Accept-Encoding. */
function getRaw(p: string, acceptEncoding: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(`${url}${p}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
    }).on('error', reject);
  });
}

test('a hashed asset is sent as the precompressed copy the browser accepts, cached for good', async () => {
  const br = await getRaw('/assets/main-ABCD.js', 'gzip, deflate, br, zstd');
  assert.equal(br.status, 200);
  assert.equal(br.headers['content-encoding'], 'br');
  assert.match(String(br.headers['content-type']), /javascript/);
  assert.match(String(br.headers.vary), /Accept-Encoding/);
  assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.match(zlib.brotliDecompressSync(br.body).toString(), /^export const greeting = "namaste /);

  const gz = await getRaw('/assets/main-ABCD.js', 'gzip');
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(zlib.gunzipSync(gz.body).toString(), zlib.brotliDecompressSync(br.body).toString());

  const plain = await getRaw('/assets/main-ABCD.js', 'identity');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body.toString(), zlib.gunzipSync(gz.body).toString());
});

test("a link's ?lang= opens a visitor's page in that language and keeps it as their pick", async () => {
  const asked = await fetch(`${url}/family-invite/t0k3n?lang=ta`, { headers: { 'Accept-Language': 'hi' } });
  assert.match(await asked.text(), /<html lang="ta">/);
  assert.match(String(asked.headers.get('set-cookie')), /saathi_lang=ta;/);
  const unknown = await fetch(`${url}/family-invite/t0k3n?lang=xx`, { headers: { 'Accept-Language': 'hi' } });
  assert.match(await unknown.text(), /<html lang="hi">/, 'an unknown language is ignored: Accept-Language decides');
  assert.equal(unknown.headers.get('set-cookie'), null);
});

const fontPreloadsOf = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin>/g)].map((m) => m[1]);

test("a page in Hindi or Tamil preloads its script's faces, an English page none, and a malformed entry is dropped", async () => {
  const page = async (language: string) => (await fetch(`${url}/login`, { headers: { 'Accept-Language': language } })).text();
  assert.deepEqual(fontPreloadsOf(await page('hi')), ['/assets/media/noto-sans-devanagari-400-AAAA.woff2', '/assets/media/noto-sans-devanagari-600-BBBB.woff2']);
  const tamil = await page('ta');
  assert.deepEqual(fontPreloadsOf(tamil), ['/assets/media/noto-sans-tamil-400-CCCC.woff2']);
  assert.doesNotMatch(tamil, /alert\(1\)/);
  assert.deepEqual(fontPreloadsOf(await page('en')), []);
});

test("a visitor who has seen the walkthrough gets the landing page in the page, in their language; nobody else does, and a landing that fails leaves the spinner", async () => {
  const visit = async (path: string, cookie: string, language = 'hi') => (await fetch(`${url}${path}`, { headers: { Cookie: cookie, 'Accept-Language': language } })).text();
  const painted = await visit('/', 'saathi_splash=1');
  assert.match(painted, /<div class="first-screen" data-first-screen="\/"><section class="landing">landing in hi<\/section><\/div>/);
  assert.doesNotMatch(painted, /full-page-spinner/);
  assert.match(await visit('/?lang=ta', 'saathi_splash=1'), /landing in ta/);
  // Without the cookie the app shows the walkthrough first; another page, or a member's "/", is not the landing.
  for (const [path, cookie] of [['/', ''], ['/', 'saathi_splash=0'], ['/login', 'saathi_splash=1'], ['/', 'saathi_splash=1; saathi.sid=ended; saathi.sid.sig=def']]) {
    assert.doesNotMatch(await visit(path, cookie), /landing in/, `${path} with "${cookie}"`);
  }
  landingFails = true;
  try {
    const failed = await visit('/', 'saathi_splash=1');
    assert.match(failed, /full-page-spinner/);
    assert.ok(firstScreenErrors.includes('/: the figures could not be counted'));
  } finally {
    landingFails = false;
  }
});

test('the offline page in the language asked for, English otherwise; a member page says its language for the worker', async () => {
  const offline = async (query: string) => (await fetch(`${url}/offline.html${query}`)).text();
  assert.match(await offline('?lang=hi'), /<h1>offline\.hi<\/h1>/);
  assert.match(await offline('?lang=ta'), /<h1>offline\.ta<\/h1>/);
  assert.match(await offline('?lang=xx'), /<h1>offline<\/h1>/);
  assert.match(await offline('?lang=../index'), /<h1>offline<\/h1>/);
  assert.match(await offline(''), /<h1>offline<\/h1>/);
  const page = await fetch(`${url}/login`, { headers: { 'Accept-Language': 'ta' } });
  assert.equal(page.headers.get('content-language'), 'ta');
});
