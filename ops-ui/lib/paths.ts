/** The console is served under this base path; every route and link is built from `paths`. */
export const OPS_BASE = '/ops';

export const paths = {
  dashboard: OPS_BASE,
  verification: `${OPS_BASE}/verification`,
  stories: `${OPS_BASE}/stories`,
  shares: `${OPS_BASE}/shares`,
  reports: `${OPS_BASE}/reports`,
  members: `${OPS_BASE}/members`,
  inbox: `${OPS_BASE}/inbox`,
  audit: `${OPS_BASE}/audit`,
  reviewers: `${OPS_BASE}/reviewers`,
} as const;

export type OpsPath = (typeof paths)[keyof typeof paths];

export const apiPaths = {
  opsSession: '/api/ops/session',
  opsMe: '/api/ops/me',
  logout: '/api/auth/logout',
} as const;
