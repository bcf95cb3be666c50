import type { ProfileCardView } from './views';

/** GET /api/profile-views/{userId}: who viewed the member's profile (named on paid plans only, a count on the free plan). */
export interface ProfileViewersView {
  /** distinct members who viewed the profile and may be listed */
  count: number;
  /** newest first; null on the free plan */
  viewers: Array<ProfileCardView & { viewedAt: string }> | null;
  upgradeRequired: boolean;
}
