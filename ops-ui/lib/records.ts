import * as z from 'zod';

// Shapes the API uses in several areas' responses (a member's page lists reports; a report shows a profile).

export const person = z.object({ id: z.number(), fullName: z.string().nullable() }).nullable();

export const profileSummarySchema = z.object({
  id: z.number(),
  gender: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  profession: z.string().nullable(),
  about: z.string().nullable(),
  photos: z.array(z.string()),
});

export const reportSummarySchema = z.object({
  id: z.number(),
  reason: z.string(),
  /** a profile made without its person's consent: first in the queue */
  priority: z.boolean().optional(),
  details: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: person,
  resolutionNote: z.string().nullable(),
  source: z.enum(['profile', 'chat', 'family_decline']),
  reporter: z.object({ id: z.number(), fullName: z.string().nullable(), profileId: z.number().nullable() }).nullable(),
  reported: z.object({ id: z.number(), fullName: z.string().nullable(), status: z.string().nullable(), profileId: z.number().nullable() }),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

export const auditItemSchema = z.object({
  id: z.number(),
  actor: z.object({ id: z.number().nullable(), fullName: z.string().nullable(), role: z.string().nullable() }),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.number().nullable(),
  targetLabel: z.string().nullable(),
  member: z.object({ id: z.number(), fullName: z.string().nullable(), isStaff: z.boolean() }).nullable(),
  note: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;
