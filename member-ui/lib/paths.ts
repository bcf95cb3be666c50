/**
 * Every route of the member app in one place.
 * Route definitions and links use these instead of string literals.
 */
export const paths = {
  // Public
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/$token',
  confirmEmail: '/confirm-email/$token',
  auth: '/auth',
  sharedProfile: '/shared/$shareCode',
  help: '/help',
  privacyPolicy: '/privacy-policy',
  terms: '/terms',
  devTools: '/dev-tools',
  splash: '/splash',
  about: '/about',
  editProfile: '/edit-profile',
  // Protected
  home: '/',
  profileView: '/profile/$id',
  search: '/search',
  messages: '/messages',
  chat: '/chat/$id',
  subscription: '/subscription',
  checkout: '/checkout',
  subscriptionConfirmed: '/subscription/confirmed',
  createProfile: '/create-profile',
  profile: '/profile',
  likedProfiles: '/liked-profiles',
  shortlist: '/shortlist',
  savedSearches: '/saved-searches',
  profileViews: '/profile-views',
  family: '/family',
  familyChat: '/family/$profileId/chat/$otherId',
  familyEdit: '/family/$profileId/edit',
  notifications: '/notifications',
  settings: '/settings',
  compatibility: '/compatibility',
  moodTracking: '/mood-tracking',
  deleteAccount: '/delete-account',
  myStories: '/stories',
  storySubmit: '/stories/new',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Concrete hrefs for routes with parameters. */
export const hrefs = {
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  profileView: (id: number | string) => `/profile/${encodeURIComponent(String(id))}`,
  chat: (userId: number | string) => `/chat/${encodeURIComponent(String(userId))}`,
  sharedProfile: (shareCode: string) => `/shared/${encodeURIComponent(shareCode)}`,
  login: (redirectTo?: string) =>
    redirectTo && redirectTo !== '/' ? `/login?${new URLSearchParams({ redirectTo })}` : '/login',
};
