// The member app's route list. The server answers 200 with the app for
// these and 404 (still with the app, which shows "404 Page Not Found") for anything else. The app's own route
// tree must match it (member-ui/app/routing/routes.test.tsx): a screen missing here is served as a 404 when it is
// opened from a link in an email or reloaded.

export const PUBLIC_ROUTES = [
  '/login', '/register', '/forgot-password', '/reset-password/$token', '/confirm-email/$token', '/auth', '/shared/$shareCode', '/help',
  '/privacy-policy', '/terms', '/dev-tools', '/splash', '/about', '/edit-profile', '/appeal/$token', '/story-consent/$token',
  '/family-invite/$token',
] as const;

export const PROTECTED_ROUTES = [
  '/', '/profile/$id', '/search', '/messages', '/chat/$id', '/subscription', '/subscription/confirmed', '/checkout', '/create-profile',
  '/profile', '/liked-profiles', '/notifications', '/settings', '/compatibility', '/mood-tracking',
  '/delete-account', '/family', '/family/$profileId/chat/$otherId', '/family/$profileId/edit', '/shortlist', '/saved-searches', '/profile-views', '/stories', '/stories/new',
] as const;

/** Each path parameter's pattern, and a value a link could carry (what the tests open). */
const PARAMS: Record<string, { pattern: string; example: string }> = {
  $id: { pattern: '[0-9]{1,10}', example: '42' },
  $profileId: { pattern: '[0-9]{1,10}', example: '42' },
  $otherId: { pattern: '[0-9]{1,10}', example: '43' },
  $token: { pattern: '[A-Za-z0-9_-]{1,200}', example: 'abcDEF123_-' },
  $shareCode: { pattern: '[A-Za-z0-9_-]{1,100}', example: 'Zx9_share-code' },
};

function toRegExp(route: string): RegExp {
  const pattern = route
    .split('/')
    .map((part) => PARAMS[part]?.pattern ?? part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}

/** A path of the route as a link would have it ("/family/42/chat/43"); a parameter without an example stays as written. */
export const examplePath = (route: string): string =>
  route
    .split('/')
    .map((part) => PARAMS[part]?.example ?? part)
    .join('/');

const MATCHERS = [...PUBLIC_ROUTES, ...PROTECTED_ROUTES].map(toRegExp);

export function isMemberAppRoute(pathname: string): boolean {
  return MATCHERS.some((re) => re.test(pathname));
}

/** Results per page of the member app's search. */
export const SEARCH_PAGE_SIZE = 20;

/**
 * API answers a signed-in member's screen asks for first whose URLs its path and the session decide ("$id" is the
 * path's, "$me" the signed-in member's user id). The server requests them with the page (<link rel="preload"
 * as="fetch">), so they arrive alongside the app's code instead of a round trip after it has run; the screens'
 * queries ask for exactly these URLs (a different one is simply fetched again).
 */
export const MEMBER_ROUTE_DATA: Readonly<Record<string, readonly string[]>> = {
  '/': ['/api/matches/featured', '/api/matches/daily', '/api/success-stories'],
  '/search': [`/api/search?limit=${SEARCH_PAGE_SIZE}`],
  '/profile/$id': ['/api/profiles/$id'],
  '/chat/$id': ['/api/messages/$me/$id', '/api/messages/$me/$id/peer'],
  '/settings': ['/api/users/$me/privacy-settings'],
  '/compatibility': ['/api/profiles/search', '/api/kundali/chart/$me'],
};

/** A screen's fixed heading (the Page component's title and subtitle, and the screen's own class). */
export interface ScreenHeading {
  title: string;
  subtitle?: string;
  className?: string;
}

/**
 * Members' screens whose top is fixed text. The server puts that heading into the page, above the spinner, for a
 * browser with a session: the screen's title shows with the first paint instead of after the app's code has run
 * (on a phone, seconds later). The screen renders the same heading, same markup and place, from this table, so
 * nothing moves when React replaces the page's own.
 */
export const SCREEN_HEADINGS = {
  '/compatibility': {
    title: 'Kundali Compatibility',
    subtitle: "Compare your birth chart with another member's: the traditional 36-guna Ashtakoot match, Manglik status and more.",
    className: 'compatibility-page',
  },
  '/settings': {
    title: 'Account Settings',
    subtitle: 'Control who sees you, what you hear about, and how you sign in.',
    className: 'settings-page',
  },
} as const satisfies Record<string, ScreenHeading>;
