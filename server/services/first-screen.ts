import { searchQuerySchema } from '../../contracts/discovery';
import { SEARCH_PAGE_SIZE } from '../../contracts/routes';
import type { ProfileCardView } from '../../contracts/views';
import type { Reader } from '../../contracts/reader';
import { FIRST_SCREEN_FRAME, firstScreenMarkup, landingMarkup } from '../../member-ui/first-screen/render';
import type { Language } from '../../contracts/i18n/languages';
import type { SiteFiguresView } from '../../contracts/site-figures';
import type { Db } from '../db';
import { siteFiguresFor } from './site-figures';
import type { AppServices } from '../context';
import { HttpError } from '../errors';
import { User } from '../models/user';
import { dailySelection } from './daily-matches';
import { searchProfiles } from './discovery';
import { chatPeer, presentThread, threadMessages } from './messaging';
import { profileAnswerFor } from './profile-answer';
import { sessionUserOf } from './session-user';
import { catalogueOf } from '../i18n';
import type { Messages } from '../../member-ui/i18n/catalogue';

export interface FirstScreenPaint {
  /** the screen's markup, rendered by the member app's own components */
  html: string;
  /** the photo it paints largest, for <link rel="preload"> */
  images: string[];
  /** the class of the app's frame around the screen, where it is not the page's own */
  frame?: string;
}

const isMediaUrl = (url: string) => /^\/media\/[A-Za-z0-9/_.-]+$/.test(url);

/** Only photo addresses this server serves go into a page (the presenters give nothing else; this makes sure). */
const withMediaPhotos = <T extends ProfileCardView>(cards: T[]): T[] => cards.map((card) => ({ ...card, photos: card.photos.filter(isMediaUrl) }));

/** The id in a /profile/{id} or /chat/{id} path, as the app reads it (digits, above 0), or null. */
function idOf(pathname: string): number | null {
  const id = /^\/(?:profile|chat)\/(\d+)\/?$/.exec(pathname)?.[1];
  const n = id === undefined ? Number.NaN : Number(id);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The first content of `route` (at `pathname`) for member `me`, as the screen's first API answers give it to that
 * member (the same services, so the same visibility, block and hidden-profile rules), rendered as the app renders
 * it; null where there is nothing to paint: another route, an account that is not an active member, no cards, a
 * profile or a chat the member may not see, a chat for a browser that has not said its language and time zone
 * (`reader`: its times could not be written as the app writes them). A member without a profile of their own gets no
 * home: the app leads a family member to the profile they help with instead.
 */
export async function firstScreenFor(
  services: Pick<AppServices, 'db' | 'engine' | 'cards' | 'config' | 'live'>,
  route: string,
  pathname: string,
  me: number,
  reader: Reader | null = null,
): Promise<FirstScreenPaint | null> {
  if (route !== '/' && route !== '/search' && route !== '/profile/$id' && route !== '/chat/$id') return null;
  if (route === '/chat/$id' && !reader) return null;
  const viewer = await User.query(services.db).findById(me);
  if (!viewer || viewer.isDeleted || viewer.status !== 'active' || viewer.role !== 'member') return null;
  const user = await sessionUserOf(services, viewer);
  // In the member's language, as the app renders the screen for them.
  const inLanguage = [user.language, catalogueOf(user.language) as Messages] as const;
  if (route === '/profile/$id') {
    const profileId = idOf(pathname);
    if (profileId === null) return null;
    // GET /api/profiles/:id's own answer. Not recorded as a view: the app's request for it, made on every load of
    // the screen, records it (once a day per viewer and profile, like any other opening).
    const profile = await profileAnswerFor(services, viewer, profileId, { recordView: false }).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    });
    if (!profile) return null;
    const photo = profile.photoDetails?.[0]?.url ?? profile.photos[0];
    const safe = { ...profile, photos: profile.photos.filter(isMediaUrl), photoDetails: profile.photoDetails?.filter((p) => isMediaUrl(p.url) && (!p.thumbnailUrl || isMediaUrl(p.thumbnailUrl))) };
    return { html: firstScreenMarkup({ route, pathname, user, profile: safe }, ...inLanguage), images: photo && isMediaUrl(photo) ? [photo] : [] };
  }
  if (route === '/chat/$id') {
    const otherId = idOf(pathname);
    if (otherId === null || !reader) return null;
    // GET /api/messages/:me/:other/peer and GET /api/messages/:me/:other: the same rule (chatPeer) decides both, and
    // the thread is read the same way. Nothing is marked read here: the app's request for the thread does that.
    const peer = await chatPeer(services, viewer, otherId);
    if (!peer) return null;
    const presented = await presentThread(services.db, await threadMessages(services.db, viewer.id, otherId), viewer.id);
    // As the API answers the member's own reading: their unread messages come back read.
    const thread = presented.map((m) => (m.receiverId === viewer.id ? { ...m, isRead: true, is_read: true } : m));
    const safePeer = { ...peer, photo: peer.photo && isMediaUrl(peer.photo) ? peer.photo : null };
    return { html: firstScreenMarkup({ route, pathname, user, peer: safePeer, thread, reader }, ...inLanguage), images: [], frame: FIRST_SCREEN_FRAME[route] };
  }
  if (route === '/') {
    if (user.profileId === null) return null;
    const daily = withMediaPhotos(await dailySelection(services, viewer, 'daily'));
    if (daily.length === 0) return null;
    return { html: firstScreenMarkup({ route, user, daily }, ...inLanguage), images: daily[0].photos.slice(0, 1) };
  }
  // What the screen asks for first: GET /api/search?limit=SEARCH_PAGE_SIZE, nothing chosen.
  const { results, total } = await searchProfiles(services, viewer, searchQuerySchema.parse({ limit: String(SEARCH_PAGE_SIZE) }));
  const cards = withMediaPhotos(results);
  if (cards.length === 0) return null;
  return { html: firstScreenMarkup({ route, user, search: { results: cards, total, nextCursor: null } }, ...inLanguage), images: cards[0].photos.slice(0, 1) };
}

/**
 * The landing page's markup in a language, for a visitor's "/": the same for every visitor, so each language's is
 * made again only when the site's figures change (they are counted every few minutes).
 */
export function landingScreens(db: Db): (language: Language) => Promise<string> {
  const made = new Map<Language, { figures: SiteFiguresView; html: string }>();
  return async (language) => {
    const figures = await siteFiguresFor(db)();
    const kept = made.get(language);
    if (kept?.figures === figures) return kept.html;
    const html = landingMarkup(figures, language, catalogueOf(language) as Messages);
    made.set(language, { figures, html });
    return html;
  };
}
