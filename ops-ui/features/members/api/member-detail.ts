import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { auditItemSchema, person, profileSummarySchema, reportSummarySchema } from '../../../lib/records';
import { membersKey } from './members';

const memberDetailSchema = z.object({
  member: z.object({
    id: z.number(),
    fullName: z.string(),
    username: z.string(),
    email: z.string(),
    role: z.string(),
    status: z.string(),
    suspendedUntil: z.string().nullable().optional(),
    isDeleted: z.boolean(),
    isVerified: z.boolean(),
    tier: z.string(),
    subscriptionTier: z.string(),
    subscriptionEnds: z.string().nullable(),
    registeredAt: z.string(),
    emailConfirmedAt: z.string().nullable(),
    lastActiveAt: z.string().nullable(),
    twoFactor: z.boolean(),
    language: z.string(),
  }),
  profile: profileSummarySchema.nullable(),
  verification: z.array(
    z.object({
      id: z.number(),
      status: z.string(),
      documentType: z.string(),
      createdAt: z.string(),
      decidedAt: z.string().nullable(),
      rejectionReason: z.string().nullable(),
      decidedBy: person,
    }),
  ),
  suspensions: z
    .array(
      z.object({
        id: z.number(), kind: z.enum(['suspension', 'ban']), until: z.string().nullable(), note: z.string(), reportId: z.number().nullable(),
        createdAt: z.string().nullable(), suspendedBy: person, endedAt: z.string().nullable(), endedBy: person, endNote: z.string().nullable(),
      }),
    )
    .default([]),
  reportsAbout: z.array(reportSummarySchema),
  reportsBy: z.array(reportSummarySchema),
  blocks: z.array(z.object({ id: z.number(), direction: z.enum(['blocked', 'blocked_by']), other: person, createdAt: z.string() })),
  /** Sign-in attempts of the last 90 days, newest first, failures included. */
  signIns: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      outcome: z.enum(['success', 'failure', 'refused']),
      reason: z.string().nullable(),
      form: z.enum(['member', 'console']),
      device: z.string(),
      userAgent: z.string().nullable(),
      ip: z.string().nullable(),
    }),
  ),
  sessions: z.array(z.object({ createdAt: z.string(), lastSeenAt: z.string(), expiresAt: z.string(), userAgent: z.string().nullable(), ip: z.string().nullable() })),
  // Whether mail reaches the member: the undeliverable mark after a hard bounce, and the latest failures.
  emailDelivery: z.object({
    bouncedAt: z.string().nullable(),
    bounceReason: z.string().nullable(),
    lastSentAt: z.string().nullable(),
    failures: z.array(
      z.object({
        id: z.number(),
        kind: z.string(),
        createdAt: z.string(),
        attempts: z.number(),
        state: z.enum(['failed', 'retrying']),
        failedAt: z.string().nullable(),
        nextAttemptAt: z.string().nullable(),
        error: z.string().nullable(),
      }),
    ),
  }),
  audit: z.object({ items: z.array(auditItemSchema), total: z.number() }),
  // The people of the member's profile (candidate, family) and the profiles they help with as family.
  family: z
    .object({
      ownProfile: z
        .object({
          profileId: z.number(),
          consent: z.string(),
          candidateFirstName: z.string().nullable(),
          people: z.array(z.object({ userId: z.number(), fullName: z.string(), role: z.enum(['candidate', 'family']), relation: z.string().nullable(), addedAt: z.string() })),
          consentEvidence: z.object({
            hiddenUntilConfirmed: z.boolean(),
            confirmedAt: z.string().nullable(),
            confirmedEmail: z.string().nullable(),
            confirmedWith: z.enum(['new_account', 'existing_account']).nullable(),
            candidateVerified: z.boolean(),
            openInvitationEmail: z.string().nullable(),
          }),
        })
        .nullable(),
      helps: z.array(z.object({ profileId: z.number(), profileUserId: z.number(), relation: z.string(), status: z.string(), consent: z.string(), candidateFirstName: z.string().nullable() })),
    })
    .optional(),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export function useMemberDetail(id: number) {
  return useQuery({
    queryKey: [...membersKey, 'detail', id],
    queryFn: async ({ signal }) => memberDetailSchema.parse(await api.get<unknown>(apiPaths.member(id), { signal })),
  });
}
