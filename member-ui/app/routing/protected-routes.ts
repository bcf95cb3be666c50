import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { preloadMainPhoto, profileQueryOptions } from '../../lib/profiles';
import { sessionQueryOptions } from '../../lib/session';
import { privacyResource, settingsQueryOptions } from '../../features/settings/api/settings-resource';
import { ProtectedLayout } from '../layout/protected-layout';
import { ScreenPending } from '../layout/screen-pending';
import { rootRoute } from './root-route';
import { checkoutSearchSchema, confirmationSearchSchema, searchPageSearchSchema } from './search-schemas';

/**
 * Auth layout route: everything below it needs a signed-in member.
 * The spinner shows as soon as the session check is pending; a visitor goes to /login?redirectTo=<path>.
 */
export const memberLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'member',
  staticData: { member: true },
  beforeLoad: async ({ context, location }) => {
    const user = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (!user) {
      throw redirect({ to: '/login', search: { redirectTo: location.href }, replace: true });
    }
    return { user };
  },
  pendingComponent: ScreenPending,
  pendingMs: 0,
  pendingMinMs: 0,
  component: ProtectedLayout,
});

const memberRoute = <TPath extends string>(path: TPath) => ({ getParentRoute: () => memberLayoutRoute, path }) as const;

export const profileViewRoute = createRoute({
  ...memberRoute('profile/$id'),
  // The profile is requested alongside the screen's code, not after it has arrived and rendered (not awaited: the
  // screen shows its skeleton, and its own error state if the request fails); its main photo as soon as it is here.
  loader: ({ context, params }) => {
    if (!/^\d+$/.test(params.id) || Number(params.id) <= 0) return;
    const profile = profileQueryOptions(Number(params.id));
    void context.queryClient.prefetchQuery(profile).then(() => {
      const loaded = context.queryClient.getQueryData(profile.queryKey);
      if (loaded) preloadMainPhoto(loaded);
    });
  },
  component: lazyRouteComponent(() => import('../../features/profile-view/routes/profile-view-page'), 'ProfileViewPage'),
});

export const searchRoute = createRoute({
  ...memberRoute('search'),
  validateSearch: searchPageSearchSchema,
  component: lazyRouteComponent(() => import('../../features/search/routes/search-page'), 'SearchPage'),
});

export const messagesRoute = createRoute({
  ...memberRoute('messages'),
  component: lazyRouteComponent(() => import('../../features/messages/routes/messages-page'), 'MessagesPage'),
});

export const chatRoute = createRoute({
  ...memberRoute('chat/$id'),
  staticData: { header: { backTo: '/messages' }, fill: true },
  component: lazyRouteComponent(() => import('../../features/messages/routes/chat-page'), 'ChatPage'),
});

export const subscriptionRoute = createRoute({
  ...memberRoute('subscription'),
  component: lazyRouteComponent(() => import('../../features/subscription/routes/subscription-page'), 'SubscriptionPage'),
});

export const checkoutRoute = createRoute({
  ...memberRoute('checkout'),
  validateSearch: checkoutSearchSchema,
  // No header title: the page's own heading says it, and a title next to the header's links is cut short.
  staticData: { header: { backTo: '/subscription' } },
  component: lazyRouteComponent(() => import('../../features/subscription/routes/checkout-page'), 'CheckoutPage'),
});

// After a successful payment: what was bought, when it renews, the receipt.
export const subscriptionConfirmedRoute = createRoute({
  ...memberRoute('subscription/confirmed'),
  validateSearch: confirmationSearchSchema,
  component: lazyRouteComponent(() => import('../../features/subscription/routes/subscription-confirmed-page'), 'SubscriptionConfirmedPage'),
});

export const createProfileRoute = createRoute({
  ...memberRoute('create-profile'),
  // ?step=N: the wizard's step, so Back and reload follow it.
  validateSearch: (search: Record<string, unknown>): { step?: number } => {
    const step = Number(search.step);
    return Number.isInteger(step) && step >= 1 && step <= 5 ? { step } : {};
  },
  // One profile per member: someone who already has one edits it on /profile.
  beforeLoad: ({ context }) => {
    if (context.user.profileId != null) throw redirect({ to: '/profile', replace: true });
  },
  component: lazyRouteComponent(() => import('../../features/create-profile/routes/create-profile-page'), 'CreateProfilePage'),
});

export const ownProfileRoute = createRoute({
  ...memberRoute('profile'),
  component: lazyRouteComponent(() => import('../../features/profile/routes/own-profile-page'), 'OwnProfilePage'),
});

export const likedProfilesRoute = createRoute({
  ...memberRoute('liked-profiles'),
  // ?tab=matches opens the Matches list (after "It's a match!").
  validateSearch: (search: Record<string, unknown>): { tab?: 'matches' | 'liked' } =>
    search.tab === 'matches' || search.tab === 'liked' ? { tab: search.tab } : {},
  staticData: { header: { backTo: '/profile' } },
  component: lazyRouteComponent(() => import('../../features/liked-profiles/routes/liked-profiles-page'), 'LikedProfilesPage'),
});

export const shortlistRoute = createRoute({
  ...memberRoute('shortlist'),
  staticData: { header: { backTo: '/profile' } },
  component: lazyRouteComponent(() => import('../../features/shortlist/routes/shortlist-page'), 'ShortlistPage'),
});

export const savedSearchesRoute = createRoute({
  ...memberRoute('saved-searches'),
  staticData: { header: { backTo: '/search' } },
  component: lazyRouteComponent(() => import('../../features/saved-searches/routes/saved-searches-page'), 'SavedSearchesPage'),
});

export const profileViewsRoute = createRoute({
  ...memberRoute('profile-views'),
  staticData: { header: { backTo: '/notifications' } },
  component: lazyRouteComponent(() => import('../../features/profile-views/routes/profile-views-page'), 'ProfileViewsPage'),
});

export const notificationsRoute = createRoute({
  ...memberRoute('notifications'),
  component: lazyRouteComponent(() => import('../../features/notifications/routes/notifications-page'), 'NotificationsPage'),
});

export const settingsRoute = createRoute({
  ...memberRoute('settings'),
  staticData: { header: { backTo: '/profile' } },
  // The first tab's settings are requested with the screen's code (not awaited: the tab shows its own loading state).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(settingsQueryOptions(privacyResource, context.user.id));
  },
  component: lazyRouteComponent(() => import('../../features/settings/routes/settings-page'), 'SettingsPage'),
});

export const compatibilityRoute = createRoute({
  ...memberRoute('compatibility'),
  // ?userId=N preselects that member in the dropdown (the profile view's "View detailed Kundali match" link).
  validateSearch: (search: Record<string, unknown>): { userId?: number } => {
    const userId = Number(search.userId);
    return Number.isInteger(userId) && userId > 0 ? { userId } : {};
  },
  staticData: { header: { backTo: '/' } },
  component: lazyRouteComponent(() => import('../../features/compatibility/routes/compatibility-page'), 'CompatibilityPage'),
});

export const moodTrackingRoute = createRoute({
  ...memberRoute('mood-tracking'),
  staticData: { header: { backTo: '/' } },
  component: lazyRouteComponent(() => import('../../features/moods/routes/mood-tracking-page'), 'MoodTrackingPage'),
});

export const deleteAccountRoute = createRoute({
  ...memberRoute('delete-account'),
  staticData: { header: { backTo: '/settings' } },
  component: lazyRouteComponent(() => import('../../features/settings/routes/delete-account-page'), 'DeleteAccountPage'),
});

export const familyRoute = createRoute({
  ...memberRoute('family'),
  // ?find={profileId}: the matches a family member looks through for that profile stay open on reload and on
  // coming back from a chat they opened there.
  validateSearch: (search: Record<string, unknown>): { find?: number } => {
    const find = Number(search.find);
    return Number.isInteger(find) && find > 0 ? { find } : {};
  },
  component: lazyRouteComponent(() => import('../../features/family/routes/family-page'), 'FamilyPage'),
});

// A family member writes in one of the candidate's conversations for them (as the candidate allows).
export const familyChatRoute = createRoute({
  ...memberRoute('family/$profileId/chat/$otherId'),
  // Laid out as the member's own chat: it fills the screen above the tab bar.
  staticData: { header: { backTo: '/family' }, fill: true },
  component: lazyRouteComponent(() => import('../../features/family/routes/family-chat-page'), 'FamilyChatPage'),
});

// A family member edits the candidate's profile for them (when the candidate allows family to edit).
export const familyEditRoute = createRoute({
  ...memberRoute('family/$profileId/edit'),
  staticData: { header: { backTo: '/family' } },
  component: lazyRouteComponent(() => import('../../features/profile/routes/helper-edit-page'), 'HelperEditPage'),
});

// A member's own success stories: answer, edit (which asks the partner again), photos. ?sent={id} after sending.
export const myStoriesRoute = createRoute({
  ...memberRoute('stories'),
  validateSearch: (search: Record<string, unknown>): { sent?: number } => {
    const sent = Number(search.sent);
    return Number.isInteger(sent) && sent > 0 ? { sent } : {};
  },
  staticData: { header: { backTo: '/liked-profiles' } },
  component: lazyRouteComponent(() => import('../../features/success-stories/routes/my-stories-page'), 'MyStoriesPage'),
});

// Telling the story of the member and one of their matches; ?partner={userId} preselects the match.
export const storySubmitRoute = createRoute({
  ...memberRoute('stories/new'),
  validateSearch: (search: Record<string, unknown>): { partner?: number } => {
    const partner = Number(search.partner);
    return Number.isInteger(partner) && partner > 0 ? { partner } : {};
  },
  staticData: { header: { backTo: '/liked-profiles' } },
  component: lazyRouteComponent(() => import('../../features/success-stories/routes/story-submit-page'), 'StorySubmitPage'),
});

export const memberRoutes = [
  profileViewRoute,
  searchRoute,
  messagesRoute,
  chatRoute,
  subscriptionRoute,
  checkoutRoute,
  subscriptionConfirmedRoute,
  createProfileRoute,
  ownProfileRoute,
  likedProfilesRoute,
  shortlistRoute,
  savedSearchesRoute,
  profileViewsRoute,
  notificationsRoute,
  settingsRoute,
  compatibilityRoute,
  moodTrackingRoute,
  deleteAccountRoute,
  familyRoute,
  familyChatRoute,
  familyEditRoute,
  myStoriesRoute,
  storySubmitRoute,
] as const;
