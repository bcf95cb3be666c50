/** The console is served under this base path; every route and link is built from `paths`. */
export const OPS_BASE = '/ops';

export const paths = {
  dashboard: OPS_BASE,
  verification: `${OPS_BASE}/verification`,
  stories: `${OPS_BASE}/stories`,
  shares: `${OPS_BASE}/shares`,
  reports: `${OPS_BASE}/reports`,
  appeals: `${OPS_BASE}/appeals`,
  members: `${OPS_BASE}/members`,
  inbox: `${OPS_BASE}/inbox`,
  audit: `${OPS_BASE}/audit`,
  reviewers: `${OPS_BASE}/reviewers`,
} as const;

export type OpsPath = (typeof paths)[keyof typeof paths];

/** Pages about one record, reached from links in the areas' tables. */
export const detailPaths = {
  member: (id: number) => `${paths.members}/${id}`,
  report: (id: number) => `${paths.reports}/${id}`,
  appeal: (id: number) => `${paths.appeals}/${id}`,
};

const OPS_API = '/api/ops';

export const apiPaths = {
  opsSession: `${OPS_API}/session`,
  opsMe: `${OPS_API}/me`,
  twoFactorSetup: (userId: number) => `/api/users/${userId}/2fa/setup`,
  twoFactorEnable: (userId: number) => `/api/users/${userId}/2fa/enable`,
  logout: '/api/auth/logout',
  opsSignOut: `${OPS_API}/sign-out`,
  dashboard: `${OPS_API}/dashboard`,
  verifications: `${OPS_API}/verifications`,
  verificationApprove: (id: number) => `${OPS_API}/verifications/${id}/approve`,
  verificationReject: (id: number) => `${OPS_API}/verifications/${id}/reject`,
  memberLookup: `${OPS_API}/members/lookup`,
  stories: `${OPS_API}/stories`,
  story: (id: number) => `${OPS_API}/stories/${id}`,
  storyPhotos: (id: number) => `${OPS_API}/stories/${id}/photos`,
  storyPhoto: (id: number, fileKey: string) => `${OPS_API}/stories/${id}/photos/${encodeURIComponent(fileKey)}`,
  storyConsent: (id: number) => `${OPS_API}/stories/${id}/consent`,
  storyPublish: (id: number) => `${OPS_API}/stories/${id}/publish`,
  storyUnpublish: (id: number) => `${OPS_API}/stories/${id}/unpublish`,
  shares: `${OPS_API}/shares`,
  sharesCsv: `${OPS_API}/shares.csv`,
  shareDeactivate: (id: number) => `${OPS_API}/shares/${id}/deactivate`,
  reports: `${OPS_API}/reports`,
  reportAction: (id: number, action: 'dismiss' | 'warn' | 'suspend') => `${OPS_API}/reports/${id}/${action}`,
  appeals: `${OPS_API}/appeals`,
  appeal: (id: number) => `${OPS_API}/appeals/${id}`,
  appealDecision: (id: number, decision: 'uphold' | 'overturn') => `${OPS_API}/appeals/${id}/${decision}`,
  members: `${OPS_API}/members`,
  member: (id: number) => `${OPS_API}/members/${id}`,
  report: (id: number) => `${OPS_API}/reports/${id}`,
  auditActors: `${OPS_API}/audit/actors`,
  memberSuspend: (id: number) => `${OPS_API}/members/${id}/suspend`,
  memberRestore: (id: number) => `${OPS_API}/members/${id}/restore`,
  memberEmailBounce: (id: number) => `${OPS_API}/members/${id}/email-bounce`,
  inboxContact: `${OPS_API}/inbox/contact`,
  inboxContactHandled: (id: number) => `${OPS_API}/inbox/contact/${id}/handled`,
  inboxOutbox: `${OPS_API}/inbox/outbox`,
  inboxOutboxHandled: (id: number) => `${OPS_API}/inbox/outbox/${id}/handled`,
  audit: `${OPS_API}/audit`,
  reviewers: `${OPS_API}/reviewers`,
  reviewerAction: (id: number, action: 'deactivate' | 'reactivate' | 'role' | 'reset') => `${OPS_API}/reviewers/${id}/${action}`,
} as const;

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** `path?key=value&…`, leaving out empty values so the server applies its own defaults. */
export function withQuery(path: string, params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
