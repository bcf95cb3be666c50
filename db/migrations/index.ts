import type { Knex } from 'knex';
import * as accounts from './20261122_001_accounts';
import * as profiles from './20261122_002_profiles';
import * as engagement from './20261122_003_engagement';
import * as paymentsVerification from './20261122_004_payments_verification';
import * as discovery from './20261122_005_discovery';
import * as emailConfirmation from './20261122_007_email_confirmation';
import * as auditContext from './20261125_70_audit_context';
import * as appealTokens from './20261125_71_appeal_tokens';
import * as storyConsents from './20261125_72_story_consents';
import * as profileDrafts from './20261125_80_profile_drafts';
import * as profileFullName from './20261125_81_profile_full_name';
import * as totpReplay from './20261125_15_totp_replay';
import * as recoveryCodes from './20261125_16_recovery_codes';
import * as matchEngine from './20261125_30_match_engine';
import * as engineRelationTriggers from './20261125_31_engine_relation_triggers';
import * as jobs from './20261125_40_jobs';
import * as notificationEmails from './20261125_50_notification_emails';
import * as emailDigests from './20261125_51_email_digests';
import * as outboxDelivery from './20261125_52_outbox_delivery';
import * as pushSubscriptions from './20261125_53_push_subscriptions';
import * as pushOutbox from './20261125_92_push_outbox';
import * as outboxRecipientIndex from './20261125_93_outbox_recipient_index';
import * as knownDevices from './20261125_54_known_devices';
import * as subscriptions from './20261125_60_subscriptions';
import * as familyAccess from './20261125_90_family_access';
import * as familySharedConversations from './20261125_91_family_shared_conversations';
import * as reportFiledFrom from './20261125_94_report_filed_from';
import * as engineFamilyTrigger from './20261125_95_engine_family_trigger';
import * as engineLogOnPostgres from './20261125_96_engine_log_on_postgres';
import * as slidingRateLimits from './20261125_97_sliding_rate_limits';
import * as engineCardFields from './20261125_98_engine_card_fields';
import * as engineMoodSignals from './20261125_99_engine_mood_signals';
import * as digestDue from './20261128_01_digest_due';
import * as profileViewsByProfile from './20261129_01_profile_views_by_profile';
import * as announcements from './20261201_01_announcements';
import * as nriAnswersNoDefault from './20261201_43_nri_answers_no_default';
import * as nriAnswersNeverGiven from './20261201_44_nri_answers_never_given';
import * as shareMoods from './20261201_45_share_moods';
import * as familyMayShare from './20261201_46_family_may_share';
import * as subscriptionLegacyDuplicate from './20261207_40_subscription_legacy_duplicate';
import * as markDuplicateSubscriptions from './20261207_41_mark_duplicate_subscriptions';
import * as oneLiveSubscription from './20261207_42_one_live_subscription';
import * as familyConsent from './20261207_50_family_consent';
import * as trustAndSafety from './20261207_50_trust_and_safety';
import * as profileActivity from './20261207_60_profile_activity';
import * as profileBasics from './20261207_63_profile_basics';
import * as signInAttempts from './20261207_69_sign_in_attempts';
import * as partnerPreferences from './20261207_80_partner_preferences';
import * as shareRevocationReason from './20261207_70_share_revocation_reason';
import * as engineFamilyRelations from './20261207_71_engine_family_relations';
import * as savedSearches from './20261207_84_saved_searches';
import * as savedSearchEmails from './20261207_85_saved_search_emails';
import * as profileActivitySubject from './20261207_86_profile_activity_subject';
import * as notificationForProfile from './20261207_87_notification_for_profile';
import * as calls from './20261207_88_calls';
import * as familyMayCall from './20261207_89_family_may_call';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

// Listed statically so the bundle and the single executable carry them (no directory scan at run time).
const MIGRATIONS: Record<string, Migration> = {
  '20261122_001_accounts': accounts,
  '20261122_002_profiles': profiles,
  '20261122_003_engagement': engagement,
  '20261122_004_payments_verification': paymentsVerification,
  '20261122_005_discovery': discovery,
  '20261122_007_email_confirmation': emailConfirmation,
  '20261125_70_audit_context': auditContext,
  '20261125_71_appeal_tokens': appealTokens,
  '20261125_72_story_consents': storyConsents,
  '20261125_80_profile_drafts': profileDrafts,
  '20261125_81_profile_full_name': profileFullName,
  '20261125_15_totp_replay': totpReplay,
  '20261125_16_recovery_codes': recoveryCodes,
  '20261125_30_match_engine': matchEngine,
  '20261125_31_engine_relation_triggers': engineRelationTriggers,
  '20261125_40_jobs': jobs,
  '20261125_50_notification_emails': notificationEmails,
  '20261125_51_email_digests': emailDigests,
  '20261125_52_outbox_delivery': outboxDelivery,
  '20261125_53_push_subscriptions': pushSubscriptions,
  '20261125_54_known_devices': knownDevices,
  '20261125_60_subscriptions': subscriptions,
  '20261125_90_family_access': familyAccess,
  '20261125_91_family_shared_conversations': familySharedConversations,
  '20261125_92_push_outbox': pushOutbox,
  '20261125_93_outbox_recipient_index': outboxRecipientIndex,
  '20261125_94_report_filed_from': reportFiledFrom,
  '20261125_95_engine_family_trigger': engineFamilyTrigger,
  '20261125_96_engine_log_on_postgres': engineLogOnPostgres,
  '20261125_97_sliding_rate_limits': slidingRateLimits,
  '20261125_98_engine_card_fields': engineCardFields,
  '20261125_99_engine_mood_signals': engineMoodSignals,
  '20261128_01_digest_due': digestDue,
  '20261129_01_profile_views_by_profile': profileViewsByProfile,
  '20261201_01_announcements': announcements,
  '20261201_43_nri_answers_no_default': nriAnswersNoDefault,
  '20261201_44_nri_answers_never_given': nriAnswersNeverGiven,
  '20261201_45_share_moods': shareMoods,
  '20261201_46_family_may_share': familyMayShare,
  '20261207_40_subscription_legacy_duplicate': subscriptionLegacyDuplicate,
  '20261207_41_mark_duplicate_subscriptions': markDuplicateSubscriptions,
  '20261207_42_one_live_subscription': oneLiveSubscription,
  '20261207_50_family_consent': familyConsent,
  '20261207_50_trust_and_safety': trustAndSafety,
  '20261207_60_profile_activity': profileActivity,
  '20261207_63_profile_basics': profileBasics,
  '20261207_69_sign_in_attempts': signInAttempts,
  '20261207_70_share_revocation_reason': shareRevocationReason,
  '20261207_71_engine_family_relations': engineFamilyRelations,
  '20261207_80_partner_preferences': partnerPreferences,
  '20261207_84_saved_searches': savedSearches,
  '20261207_85_saved_search_emails': savedSearchEmails,
  '20261207_86_profile_activity_subject': profileActivitySubject,
  '20261207_87_notification_for_profile': notificationForProfile,
  '20261207_88_calls': calls,
  '20261207_89_family_may_call': familyMayCall,
};

export const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return Object.keys(MIGRATIONS).sort();
  },
  getMigrationName(name) {
    return name;
  },
  async getMigration(name) {
    const migration = MIGRATIONS[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};
