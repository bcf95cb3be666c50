import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SessionUser } from '../../contracts/auth';
import type { Reader } from '../../contracts/reader';
import type { ChatPeerView, MessageView, ProfileCardView, ProfileView } from '../../contracts/views';
import { dailyMatchesQueryOptions } from '../features/home/api/matches';
import { MemberHome } from '../features/home/components/member-home';
import { DEFAULT_MOOD_SCORE, type SearchCriteria, type SearchPage as SearchAnswer, searchQueryOptions } from '../features/search/api/search';
import { SearchScreen } from '../features/search/routes/search-page';
import { ProfileViewScreen } from '../features/profile-view/routes/profile-view-page';
import { profileQueryOptions } from '../lib/profiles';
import { sessionQueryKey } from '../lib/session';
import { peerPath, threadPath } from '../features/messages/api/chat';
import { ChatScreen } from '../features/messages/routes/chat-page';
import { asReader } from '../lib/message-time';
import { DEFAULT_LANGUAGE, type Language } from '../../contracts/i18n/languages';
import { ENGLISH_MESSAGES, type Messages } from '../i18n/catalogue';
import { I18nProvider } from '../i18n/i18n-provider';
import type { SiteFiguresView } from '../../contracts/site-figures';
import { siteFiguresQueryOptions } from '../features/home/api/site-figures';
import { LandingPage } from '../features/home/components/landing-page';

/**
 * What the server puts into the page for a signed-in member's first load of home, search, a profile or a chat: the app's own screen,
 * rendered by the app's own components from the same answers the screen's API requests give, cut to the cards the
 * phone shows first (the rest, and the lists the screen loads besides, stay as the screen's own loading state).
 * The app replaces it with its own render of the same screen: same markup, same place.
 */
export type FirstScreen =
  | { route: '/'; user: SessionUser; daily: ProfileCardView[] }
  | { route: '/search'; user: SessionUser; search: SearchAnswer }
  | { route: '/profile/$id'; pathname: string; user: SessionUser; profile: ProfileView }
  | { route: '/chat/$id'; pathname: string; user: SessionUser; peer: ChatPeerView; thread: MessageView[]; reader: Reader };

/** The cards each screen's first paint shows: home's first row of daily matches, search's first result. */
export const FIRST_SCREEN_CARDS = { '/': 2, '/search': 1 } as const;

/** A chat's newest messages the page carries: more than a phone's screen holds; the app renders the rest. */
export const FIRST_SCREEN_MESSAGES = 40;

/**
 * The app's frame around a screen, where it is not the page's own (`app-frame` alone): a chat fills the space between
 * the header and the tab bar and scrolls inside itself (its route's `fill`), as a member's screen.
 */
export const FIRST_SCREEN_FRAME: Partial<Record<FirstScreen['route'], string>> = { '/chat/$id': 'app-frame app-frame--member app-frame--fill' };

/** The criteria of /search without parameters: what an unfiltered GET /api/search answers. */
export const UNFILTERED_SEARCH: SearchCriteria = { query: '', sort: 'best', filters: null, moodMatch: { enabled: false, minScore: DEFAULT_MOOD_SCORE } };

/** The screen's markup (HTML, text escaped by React), to go where the page's spinner is, in the member's language. */
export function firstScreenMarkup(screen: FirstScreen, language: Language = DEFAULT_LANGUAGE, messages: Messages = ENGLISH_MESSAGES): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(sessionQueryKey, screen.user);
  let content: ReactNode;
  if (screen.route === '/') {
    queryClient.setQueryData(dailyMatchesQueryOptions(screen.user.id).queryKey, screen.daily.slice(0, FIRST_SCREEN_CARDS['/']));
    content = <MemberHome user={screen.user} />;
  } else if (screen.route === '/profile/$id') {
    // The photo and the introduction: the details below them are a deferred render in the app too.
    queryClient.setQueryData(profileQueryOptions(screen.profile.id).queryKey, screen.profile);
    content = <ProfileViewScreen profileId={screen.profile.id} />;
  } else if (screen.route === '/chat/$id') {
    queryClient.setQueryData([threadPath(screen.user.id, screen.peer.id)], screen.thread.slice(-FIRST_SCREEN_MESSAGES));
    queryClient.setQueryData([peerPath(screen.user.id, screen.peer.id)], screen.peer);
    content = <ChatScreen userId={screen.user.id} otherId={screen.peer.id} />;
  } else {
    const page = { ...screen.search, results: screen.search.results.slice(0, FIRST_SCREEN_CARDS['/search']), nextCursor: null };
    queryClient.setQueryData(searchQueryOptions(UNFILTERED_SEARCH).queryKey, { pages: [page], pageParams: [null] });
    // The server paints only /search without parameters (an empty address), so the screen never changes it here.
    content = <SearchScreen address={{}} changeAddress={() => undefined} />;
  }
  // A chat's times and day headings on the member's own clock and in their language, as their browser writes them.
  const render = () => screenMarkup(content, queryClient, 'pathname' in screen ? screen.pathname : screen.route, language, messages);
  return screen.route === '/chat/$id' ? asReader(screen.reader.locale, screen.reader.timeZone, render) : render();
}

/**
 * The landing page a visitor who has been through the walkthrough sees at "/", with the site's figures, in the
 * visitor's language: the app renders the same (features/home/components/landing-page.tsx) once it has run.
 */
export function landingMarkup(figures: SiteFiguresView, language: Language = DEFAULT_LANGUAGE, messages: Messages = ENGLISH_MESSAGES): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(siteFiguresQueryOptions().queryKey, figures);
  return screenMarkup(<LandingPage />, queryClient, '/', language, messages);
}

/** `content` rendered as the app renders it (its providers around it), with the answers `queryClient` holds. */
function screenMarkup(content: ReactNode, queryClient: QueryClient, pathname: string, language: Language, messages: Messages): string {
  // Links need a router to build their addresses; the screen's own routes are not needed for that.
  const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory({ initialEntries: [pathname] }) });
  const html = renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <I18nProvider language={language} messages={messages}>
        <RouterContextProvider router={router}>{content}</RouterContextProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  queryClient.clear();
  // React hoists <link rel="preload"> for eager images to the front; the server names the first photo in the head.
  return html.replace(/^(<link [^>]*>)+/, '');
}
