import { paths, type OpsPath } from './paths';

export type AreaId = keyof typeof paths;

export interface Area {
  id: AreaId;
  path: OpsPath;
  /** Sidebar label and page title. */
  title: string;
  /** One line: what reviewers do here. */
  description: string;
  adminOnly: boolean;
}

/** The console's areas in sidebar order. */
export const AREAS: readonly Area[] = [
  {
    id: 'dashboard',
    path: paths.dashboard,
    title: 'Dashboard',
    description: 'Your workload at a glance: open queues and the last 30 days of activity on Saathi.',
    adminOnly: false,
  },
  {
    id: 'verification',
    path: paths.verification,
    title: 'Verification queue',
    description: 'Check the identity documents members submit and approve or reject each verification request.',
    adminOnly: false,
  },
  {
    id: 'stories',
    path: paths.stories,
    title: 'Success stories',
    description: "Write up couples who met on Saathi, add their photos, and choose which stories are published and in what order.",
    adminOnly: false,
  },
  {
    id: 'shares',
    path: paths.shares,
    title: 'Share links',
    description: 'Inspect the profile links members share with family and revoke any that are being misused.',
    adminOnly: false,
  },
  {
    id: 'reports',
    path: paths.reports,
    title: 'Reports',
    description: 'Investigate reports of fake profiles, harassment and scams, and record the action taken.',
    adminOnly: false,
  },
  {
    id: 'appeals',
    path: paths.appeals,
    title: 'Appeals',
    description: 'Read appeals of suspensions and bans beside the report and conversation behind them; uphold or restore access, with a reason the member reads.',
    adminOnly: false,
  },
  {
    id: 'members',
    path: paths.members,
    title: 'Members',
    description: 'Look up member accounts, check verification and subscription, and suspend or restore access.',
    adminOnly: false,
  },
  {
    id: 'inbox',
    path: paths.inbox,
    title: 'Inbox',
    description: 'Read messages sent through the contact form and check the emails Saathi sends; mark each as handled.',
    adminOnly: false,
  },
  {
    id: 'audit',
    path: paths.audit,
    title: 'Audit log',
    description: 'A read-only record of every action reviewers and admins take in this console.',
    adminOnly: false,
  },
  {
    id: 'reviewers',
    path: paths.reviewers,
    title: 'Reviewers',
    description: 'See who can use this console and add reviewer or admin accounts.',
    adminOnly: true,
  },
];

export function areaById(id: AreaId): Area {
  const area = AREAS.find((candidate) => candidate.id === id);
  if (!area) throw new Error(`Unknown area ${id}`);
  return area;
}
