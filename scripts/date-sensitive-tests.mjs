// The tests whose outcome depends on the date: billing periods, the first-500 year, the tryme monthly message
// limit, digests at 9:00 local time, share-link expiry, rate-limit windows, suspension lengths, "recently active"
// and ages.
// `npm run test:dates` runs them once on each clock below (scripts/test-clock.mjs sets it); CI runs it after
// the whole suite has passed on today's date.
export const DATE_SENSITIVE_TESTS = [
  'contracts/reader.test.ts',
  'server/services/billing/clock.test.ts',
  'server/services/billing/periods.test.ts',
  'server/routes/subscriptions/one-live.test.ts',
  'server/routes/subscriptions/plan-and-invoices.test.ts',
  'server/routes/subscriptions/subscriptions.test.ts',
  'server/routes/subscriptions/billing.test.ts',
  'server/routes/subscriptions/grace.test.ts',
  'server/routes/subscriptions/live.test.ts',
  'server/routes/subscriptions/stripe-member-flows.test.ts',
  'server/routes/subscriptions/stripe-webhooks.test.ts',
  'server/routes/ops/billing/billing.test.ts',
  'cli/billing-live.test.ts',
  'server/routes/auth/auth.test.ts',
  'server/routes/shares/shares.test.ts',
  'server/routes/messages/messages.test.ts',
  'server/routes/discovery/discovery.test.ts',
  'server/jobs/jobs.test.ts',
  'server/jobs/notification-emails.test.ts',
  'server/jobs/saved-search-alerts.test.ts',
  'server/services/sign-in.test.ts',
  'server/routes/account/session-secrets.test.ts',
  'server/services/suspensions.test.ts',
  'server/services/match-engine/dob.test.ts',
  'member-ui/lib/message-time.test.ts',
  'member-ui/components/sharing/share-dialog.test.tsx',
  'member-ui/features/sharing/routes/shared-profile-page.test.tsx',
  'member-ui/features/subscription/routes/subscription-page.test.tsx',
  'member-ui/components/subscription/subscription-settings.test.tsx',
];

/** The last day of a 31-day month, 29 February of a leap year, and the morning London's clocks go forward. */
export const TEST_CLOCKS = ['2027-01-31T12:00:00Z', '2028-02-29T12:00:00Z', '2027-03-28T00:30:00Z'];
