import { searchQuerySchema } from '../../contracts/discovery';
import { SEARCH_PAGE_SIZE } from '../../contracts/routes';
import type { ProfileCardView } from '../../contracts/views';
import { firstScreenMarkup } from '../../member-ui/first-screen/render';
import type { AppServices } from '../context';
import { User } from '../models/user';
import { dailySelection } from './daily-matches';
import { searchProfiles } from './discovery';
import { sessionUserOf } from './session-user';

export interface FirstScreenPaint {
  /** the screen's markup, rendered by the member app's own components */
  html: string;
  /** the photo it paints largest, for <link rel="preload"> */
  images: string[];
}

const isMediaUrl = (url: string) => /^\/media\/[A-Za-z0-9/_.-]+$/.test(url);

/** Only photo addresses this server serves go into a page (the presenters give nothing else; this makes sure). */
const withMediaPhotos = <T extends ProfileCardView>(cards: T[]): T[] => cards.map((card) => ({ ...card, photos: card.photos.filter(isMediaUrl) }));

/**
 * The first cards of `route` for member `me`, as the screen's first API answers give them to that member (the same
 * services, so the same visibility, block and hidden-profile rules), rendered as the app renders them; null where
 * there is nothing to paint: another route, an account that is not an active member, no cards. A member without a
 * profile of their own gets no home: the app leads a family member to the profile they help with instead.
 */
export async function firstScreenFor(services: Pick<AppServices, 'db' | 'engine' | 'cards' | 'config'>, route: string, me: number): Promise<FirstScreenPaint | null> {
  if (route !== '/' && route !== '/search') return null;
  const viewer = await User.query(services.db).findById(me);
  if (!viewer || viewer.isDeleted || viewer.status !== 'active' || viewer.role !== 'member') return null;
  const user = await sessionUserOf(services, viewer);
  if (route === '/') {
    if (user.profileId === null) return null;
    const daily = withMediaPhotos(await dailySelection(services, viewer, 'daily'));
    if (daily.length === 0) return null;
    return { html: firstScreenMarkup({ route, user, daily }), images: daily[0].photos.slice(0, 1) };
  }
  // What the screen asks for first: GET /api/search?limit=SEARCH_PAGE_SIZE, nothing chosen.
  const { results, total } = await searchProfiles(services, viewer, searchQuerySchema.parse({ limit: String(SEARCH_PAGE_SIZE) }));
  const cards = withMediaPhotos(results);
  if (cards.length === 0) return null;
  return { html: firstScreenMarkup({ route, user, search: { results: cards, total, nextCursor: null } }), images: cards[0].photos.slice(0, 1) };
}
