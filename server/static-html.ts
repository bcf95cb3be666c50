import fs from 'node:fs';
import type { Language } from '../contracts/i18n/languages';
import { MEMBER_ROUTE_DATA, type ScreenHeading } from '../contracts/routes';
import type { CatalogueId } from '../contracts/i18n/catalogue-ids';
import { translate } from './i18n';

/**
 * What the server writes into the built apps' index.html before sending it: preload links for a screen's code,
 * data and largest photo, the demo banner, the screen's heading over the spinner and its server-rendered first
 * content. Text work on the page only; static.ts decides which page a request gets.
 */

/** Route pattern ("/profile/$id") → <link rel="modulepreload"> for the screen's chunks, written by build.mjs. */
export function readRoutePreloads(file: string): Array<{ route: string; pattern: RegExp; links: string }> {
  try {
    const map = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
    return Object.entries(map).map(([route, urls]) => ({
      route,
      pattern: new RegExp(`^${route.split('/').map((seg) => (seg.startsWith('$') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`),
      links: urls
        .filter((url) => /^\/assets\/[A-Za-z0-9/_.-]+\.js$/.test(url))
        .map((url) => `<link rel="modulepreload" href="${url}">`)
        .join(''),
    }));
  } catch {
    return [];
  }
}

/**
 * <link rel="preload"> for the API answers a signed-in member's screen asks for first (see MEMBER_ROUTE_DATA), with
 * the route's parameters ("$id") taken from the request's path (already checked by isMemberAppRoute) and "$me" from
 * the session, looked up only for a route that needs it; without a member, those URLs are left out.
 */
export async function dataPreloads(route: string, pathname: string, sessionUserId: () => Promise<number | null>): Promise<string> {
  const templates = MEMBER_ROUTE_DATA[route] ?? [];
  if (templates.length === 0) return '';
  const segments = pathname.split('/');
  const params = new Map(route.split('/').flatMap((name, i) => (name.startsWith('$') ? [[name, segments[i] ?? '']] : [])));
  if (templates.some((template) => template.includes('$me'))) {
    const me = await sessionUserId();
    if (me !== null) params.set('$me', String(me));
  }
  return templates
    .filter((template) => [...template.matchAll(/\$\w+/g)].every(([name]) => params.has(name)))
    .map((template) => template.replace(/\$\w+/g, (name) => encodeURIComponent(params.get(name) ?? '')))
    .map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`)
    .join('');
}

/**
 * The banner a demo instance shows on every page of both apps, in the HTML itself so it is there before any
 * script runs and on every screen, signed in or not.
 */
export const DEMO_BANNER =
  '<div role="note" class="saathi-demo-banner" style="position:relative;z-index:2147483647;margin:0;padding:6px 12px;background:#7c2d12;color:#fff;font:600 13px/1.35 var(--font-sans,system-ui,sans-serif);text-align:center">' +
  `${translate('en', 'app.demoBanner')}</div>`;

/** The banner first in the body: after <body>, or before the app's root where a page has no body tag. */
export function withDemoBanner(html: string): string {
  if (/<body[^>]*>/.test(html)) return html.replace(/<body[^>]*>/, (body) => `${body}${DEMO_BANNER}`);
  return html.includes('<div id="root"') ? html.replace('<div id="root"', `${DEMO_BANNER}<div id="root"`) : DEMO_BANNER + html;
}

/** `tags` at the end of the page's <head> (or after the <title> of a page without a head tag). */
export function inHead(html: string, tags: string): string {
  if (!tags) return html;
  if (html.includes('</head>')) return html.replace('</head>', `    ${tags}\n  </head>`);
  return html.includes('</title>') ? html.replace('</title>', `</title>${tags}`) : tags + html;
}

/** The member page's own words (build.mjs writes them from the English catalogue), each by its id. */
const PAGE_WORDS: CatalogueId[] = ['app.brandHome', 'app.noscript', 'app.loading', 'app.description', 'app.tagline', 'app.demoBanner'];

/**
 * The member page in `language`: <html lang>, its own words (the header's label, the spinner's, the title, the demo
 * banner) and <link rel="modulepreload"> for the catalogues the app waits for before its first render
 * (`catalogueUrls`: the language's own and English, which fills its gaps). The screen's content is rendered in the language itself (withScreenHeading, firstScreen).
 */
export function inLanguage(html: string, language: Language, catalogueUrls: Array<string | undefined>, fontUrls: string[] = []): string {
  let page = html.replace(/<html lang="[^"]*">/, `<html lang="${language}">`);
  if (language !== 'en') for (const id of PAGE_WORDS) page = page.split(escapeHtml(translate('en', id))).join(escapeHtml(translate(language, id)));
  const links = catalogueUrls
    .filter((url): url is string => url !== undefined && /^\/assets\/[A-Za-z0-9/_.-]+\.js$/.test(url))
    .map((url) => `<link rel="modulepreload" href="${url}">`)
    .join('');
  // The script's faces with the page, not once the stylesheet has asked for them: text the server painted before a
  // face arrived would be laid out again in it, and the screen would move under the reader's eyes.
  const fonts = fontUrls
    .filter((url) => /^\/assets\/[A-Za-z0-9/_.-]+\.woff2$/.test(url))
    .map((url) => `<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin>`)
    .join('');
  return inHead(page, links + fonts);
}

/**
 * A map build.mjs writes beside the member app (language → its catalogue's chunk in catalogue-chunks.json,
 * @fontsource package → its faces' files in font-files.json); empty when the build has none.
 */
export function readBuildMap<T>(file: string): Record<string, T> {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, T>;
  } catch {
    return {};
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The screen's fixed heading (SCREEN_HEADINGS) above the page's spinner, in the markup the screen's Page renders,
 * so that React's first render of the screen replaces it with the same heading in the same place.
 */
export function withScreenHeading(html: string, heading: ScreenHeading | undefined, language: Language): string {
  const spinner = '<div class="full-page-spinner"';
  if (!heading || !html.includes(spinner)) return html;
  const t = (id: string) => escapeHtml(translate(language, id as CatalogueId));
  const subtitle = heading.subtitle ? `<p class="page__subtitle">${t(heading.subtitle)}</p>` : '';
  const section =
    `<section class="page${heading.className ? ` ${escapeHtml(heading.className)}` : ''}" aria-labelledby="page-title">` +
    `<header class="page__header"><h1 id="page-title" class="page__title">${t(heading.title)}</h1>${subtitle}</header></section>`;
  return html.replace(spinner, `${section}${spinner}`);
}

/**
 * The screen's first content (`firstScreen`: the member app's own markup, see member-ui/first-screen/) in place of the
 * page's spinner, marked with the path it was rendered for: the app shows it until its own render of that screen.
 */
export function withFirstScreen(html: string, pathname: string, firstScreen: string, frame?: string): string {
  const spinner = /<div class="full-page-spinner"[\s\S]*?<\/div>(?=<\/main>)/;
  if (!spinner.test(html)) return html;
  // The screen is in the page: its first paint needs none of the app's code, which is fetched once the page has
  // painted (member-ui/main.tsx imports it then) instead of beside the stylesheet, competing for the bandwidth.
  const page = html
    .replace(spinner, () => `<div class="first-screen" data-first-screen="${escapeHtml(pathname)}">${firstScreen}</div>`)
    .replace(/<link rel="modulepreload"[^>]*>\n?\s*/g, '');
  // The screen's own frame (a chat's fills the viewport), as the app will draw it around the same screen.
  return frame ? page.replace('<div class="app-frame">', () => `<div class="${escapeHtml(frame)}">`) : page;
}

/**
 * <link rel="preload" as="image"> for the screen's largest paint, so the browser fetches it with the page instead
 * of after the code, the data and a render; the app's <img> asks for the same address and so reuses it.
 */
export const imagePreloads = (urls: string[]): string =>
  urls
    .filter((url) => /^\/media\/[A-Za-z0-9/_.-]+$/.test(url))
    .map((url) => `<link rel="preload" href="${url}" as="image" fetchpriority="high">`)
    .join('');
