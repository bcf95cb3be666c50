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
  profileType: z.string(),
  maritalStatus: z.string().nullable(),
  religion: z.string().nullable(),
  community: z.string().nullable(),
  motherTongue: z.string().nullable(),
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
  source: z.enum(['profile', 'chat', 'family_decline', 'auto']),
  /** the message an automatic report highlights */
  messageId: z.number().nullable().optional(),
  reporter: z.object({ id: z.number(), fullName: z.string().nullable(), profileId: z.number().nullable() }).nullable(),
  reported: z.object({ id: z.number(), fullName: z.string().nullable(), status: z.string().nullable(), profileId: z.number().nullable() }),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** The two members' messages up to the report, oldest first; an automatic report highlights the message it is about. */
export const conversationSchema = z.object({
  messages: z.array(
    z.object({
      id: z.number(), fromReported: z.boolean(), content: z.string(), createdAt: z.string(),
      highlighted: z.boolean().optional(), safetySignal: z.string().nullable().optional(),
    }),
  ),
  total: z.number(),
  with: person.optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** One of the sender's other recent conversations, for an automatic report. */
export const senderConversationSchema = z.object({
  with: z.object({ id: z.number(), fullName: z.string().nullable() }),
  sent: z.number(),
  received: z.number(),
  flagged: z.number(),
  firstAt: z.string().nullable(),
  lastAt: z.string().nullable(),
});
export type SenderConversation = z.infer<typeof senderConversationSchema>;
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
