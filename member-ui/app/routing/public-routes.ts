import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { ScreenPending } from '../layout/screen-pending';
import { prefetchMemberHome } from '../../features/home/api/matches';
import { HomePage, loadMemberHome } from '../../features/home/routes/home-page';
import { hasSeenSplash, markSplashShownThisSession, shouldRedirectToSplash } from '../../features/info/lib/splash-flags';
import { sessionQueryOptions } from '../../lib/session';
import { rootRoute, type RouterContext } from './root-route';
import {
  authRedirectSearchSchema,
  forgotPasswordSearchSchema,
  loginSearchSchema,
  registerSearchSchema,
  resetPasswordSearchSchema,
} from './search-schemas';

/** Signed-in members who open /login or /register go straight to where they were heading. */
async function redirectIfSignedIn(context: RouterContext, redirectTo: string | undefined) {
  const user = await context.queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
  if (!user) return;
  // Loaded on demand: the contracts bring the full zod, which the first screen does not need.
  const { safeRedirectPath } = await import('../../../contracts/auth');
  throw redirect({ href: safeRedirectPath(redirectTo), replace: true });
}

/**
 * "/" is the landing page for visitors and the dashboard for members, so it lives outside the auth layout and
 * picks its screen from the session (spinner while it loads). It first sends a new browser to the
 * walkthrough, once.
 */
export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: async ({ context, preload }) => {
    if (!preload && shouldRedirectToSplash()) {
      markSplashShownThisSession();
      throw redirect({ to: '/splash', replace: true });
    }
    const user = await context.queryClient.ensureQueryData(sessionQueryOptions());
    // A member's dashboard code and data start downloading now; the page shows its error state if that fails.
    if (user) {
      loadMemberHome().catch(() => {});
      prefetchMemberHome(context.queryClient, user.id);
    }
  },
  // A spinner while the session loads, or for a member the dashboard's first cards where the server painted them.
  pendingComponent: ScreenPending,
  pendingMs: 0,
  pendingMinMs: 0,
  component: HomePage,
});

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: loginSearchSchema,
  beforeLoad: ({ context, search }) => redirectIfSignedIn(context, search.redirectTo),
  component: lazyRouteComponent(() => import('../../features/auth/routes/login-page'), 'LoginPage'),
});

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'register',
  validateSearch: registerSearchSchema,
  beforeLoad: ({ context, search }) => redirectIfSignedIn(context, search.redirectTo),
  component: lazyRouteComponent(() => import('../../features/auth/routes/register-page'), 'RegisterPage'),
});

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'forgot-password',
  validateSearch: forgotPasswordSearchSchema,
  component: lazyRouteComponent(() => import('../../features/auth/routes/forgot-password-page'), 'ForgotPasswordPage'),
});

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password/$token',
  validateSearch: resetPasswordSearchSchema,
  component: lazyRouteComponent(() => import('../../features/auth/routes/reset-password-page'), 'ResetPasswordPage'),
});

export const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'confirm-email/$token',
  component: lazyRouteComponent(() => import('../../features/auth/routes/confirm-email-page'), 'ConfirmEmailPage'),
});

/** The suspension email's link: a suspended member cannot sign in, so the appeal form is public and token-gated. */
export const appealRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'appeal/$token',
  component: lazyRouteComponent(() => import('../../features/auth/routes/appeal-page'), 'AppealPage'),
});

/** The link sent (in the app and by email) to each member of a success story: agree, decline or withdraw. */
export const storyConsentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'story-consent/$token',
  component: lazyRouteComponent(() => import('../../features/auth/routes/story-consent-page'), 'StoryConsentPage'),
});

/** /auth?redirectTo=X forwards to /login?redirectTo=X. */
export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth',
  validateSearch: authRedirectSearchSchema,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/login', search: search.redirectTo ? { redirectTo: search.redirectTo } : {}, replace: true });
  },
});

export const editProfileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'edit-profile',
  beforeLoad: () => {
    throw redirect({ to: '/profile', replace: true });
  },
});

export const sharedProfileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'shared/$shareCode',
  component: lazyRouteComponent(() => import('../../features/sharing/routes/shared-profile-page'), 'SharedProfilePage'),
});

export const helpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'help',
  staticData: { header: { backTo: '/', title: 'landing.help' } },
  component: lazyRouteComponent(() => import('../../features/info/routes/help-page'), 'HelpPage'),
});

export const privacyPolicyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'privacy-policy',
  staticData: { header: { backTo: '/' } },
  component: lazyRouteComponent(() => import('../../features/info/routes/privacy-policy-page'), 'PrivacyPolicyPage'),
});

export const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'terms',
  staticData: { header: { backTo: '/' } },
  component: lazyRouteComponent(() => import('../../features/info/routes/terms-page'), 'TermsPage'),
});

export const devToolsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'dev-tools',
  staticData: { header: { backTo: '/' } },
  component: lazyRouteComponent(() => import('../../features/dev-tools/routes/dev-tools-page'), 'DevToolsPage'),
});

export const splashRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'splash',
  staticData: { bare: true },
  // Once the walkthrough has been completed or skipped, /splash goes to /.
  beforeLoad: () => {
    if (hasSeenSplash()) throw redirect({ to: '/', replace: true });
  },
  component: lazyRouteComponent(() => import('../../features/info/routes/splash-page'), 'SplashPage'),
});

export const aboutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'about',
  staticData: { header: { backTo: '/' } },
  component: lazyRouteComponent(() => import('../../features/info/routes/about-page'), 'AboutPage'),
});

// The family invitation link: the token is the credential (the person invited may have no account yet).
export const familyInviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'family-invite/$token',
  component: lazyRouteComponent(() => import('../../features/family/routes/family-invite-page'), 'FamilyInvitePage'),
});

export const publicRoutes = [
  homeRoute,
  loginRoute,
  registerRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  confirmEmailRoute,
  appealRoute,
  storyConsentRoute,
  familyInviteRoute,
  authRoute,
  editProfileRoute,
  sharedProfileRoute,
  helpRoute,
  privacyPolicyRoute,
  termsRoute,
  devToolsRoute,
  splashRoute,
  aboutRoute,
] as const;
