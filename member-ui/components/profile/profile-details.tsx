import BookOpen from 'lucide-react/icons/book-open';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import Languages from 'lucide-react/icons/languages';
import Leaf from 'lucide-react/icons/leaf';
import Ruler from 'lucide-react/icons/ruler';
import Sparkles from 'lucide-react/icons/sparkles';
import UserRound from 'lucide-react/icons/user-round';
import Users from 'lucide-react/icons/users';
import type { LucideIcon } from 'lucide-react';
import type { ProfileView } from '../../../contracts/views';
import { FamilySection } from './family-section';
import { CompatibilityCard, ConversationStartersCard, CulturalAdaptationCard, MoodCompatibilityCard } from './insight-cards';
import { NOT_SPECIFIED, humanize } from './labels';
import { NriDetailsCard } from './nri-details-card';
import { astroOf, birthTimeOf, formatDate, incomeLabel } from './profile-format';
import type { ProfileInsights } from './profile-insights';
import { DetailList, ProfileSection } from './profile-section';
import { useT } from '../../i18n/use-t';
import { translate } from '../../i18n/translate';
import { optionLabel } from '../../i18n/option-label';
import { heightLabel } from '../../lib/format';

function Tile({ icon: Icon, label, value, detail }: { icon: LucideIcon; label: string; value: string | null; detail?: string | null }) {
  return (
    <div className="info-tile">
      <Icon size={18} aria-hidden="true" className="info-tile__icon" />
      <span className="info-tile__label">{label}</span>
      <span className={value ? 'info-tile__value' : 'info-tile__value info-tile__value--empty'}>{value ?? translate(NOT_SPECIFIED)}</span>
      {detail ? <span className="info-tile__detail">{detail}</span> : null}
    </div>
  );
}

function ageRange(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) return translate('profile.ageRange', { min, max });
  if (min !== null) return translate('profile.ageFrom', { min });
  if (max !== null) return translate('profile.ageUpTo', { max });
  return null;
}

/**
 * The read-only blocks of a profile, shared by /profile/{id} and the member's own profile view.
 * `insights` holds the compatibility, mood, cultural and conversation data once those endpoints exist;
 * every insight card renders only with data, and the mood/cultural/starter cards only on someone else's profile.
 */
export function ProfileDetails({
  profile,
  isOwner,
  insights,
  nriEditable = false,
}: {
  profile: ProfileView;
  isOwner: boolean;
  insights?: ProfileInsights;
  /** Offer Edit on the NRI card (owner screens only). */
  nriEditable?: boolean;
}) {
  const about = profile.about ?? profile.bio;
  const isParentProfile = profile.profileType === 'parent';
  const starters = insights?.conversationStarters?.filter(Boolean) ?? [];
  const t = useT();
  // A value of one of the contracts' lists, in the app's language (English: its readable form).
  const option = (list: string, value: string | null | undefined) => (value ? optionLabel(list, value, humanize(value) ?? value) : null);

  return (
    <div className="profile-details">
      <ProfileSection title={t('profile.aboutMe')} icon={UserRound}>
        <p className={about ? 'profile-section__text' : 'profile-section__text profile-section__text--empty'}>
          {about || t('profile.noAbout')}
        </p>
      </ProfileSection>

      <ul className="info-tiles" aria-label={t('profile.keyDetails')}>
        <li>
          <Tile icon={GraduationCap} label={t('filter.education')} value={option('education', profile.education)} detail={profile.educationDetails} />
        </li>
        <li>
          <Tile icon={BookOpen} label={t('filter.religion')} value={option('religion', profile.religion)} />
        </li>
        <li>
          <Tile icon={Languages} label={t('filter.motherTongue')} value={option('language', profile.motherTongue)} />
        </li>
        <li>
          <Tile icon={Leaf} label={t('filter.diet')} value={option('diet', profile.diet)} />
        </li>
      </ul>

      <ProfileSection title={t('profile.basicDetails')} icon={Ruler}>
        <DetailList
          items={[
            { label: t('profile.height'), value: heightLabel(profile.height) },
            { label: t('profile.maritalStatus'), value: option('marital', profile.maritalStatus) },
            { label: t('profile.community'), value: profile.community },
            // Others receive only the range the income falls in (see the profile presenter), printed as that range.
            { label: t('profile.income'), value: incomeLabel(profile.income, profile.incomeCurrency) },
          ]}
        />
      </ProfileSection>

      <ProfileSection title={t('profile.astroDetails')} icon={Sparkles}>
        <DetailList
          items={[
            { label: t('profile.birthDate'), value: formatDate(profile.dateOfBirth) },
            { label: t('profile.birthTime'), value: birthTimeOf(profile) },
            { label: t('profile.birthPlace'), value: profile.birthPlace },
            { label: t('profile.zodiac'), value: astroOf(profile, 'zodiacSign', isOwner) },
            { label: t('profile.rashi'), value: astroOf(profile, 'rashi', isOwner) },
            { label: t('profile.nakshatra'), value: astroOf(profile, 'nakshatra', isOwner) },
            { label: t('profile.manglik'), value: astroOf(profile, 'manglik', isOwner) },
          ]}
        />
      </ProfileSection>

      {insights?.compatibility ? <CompatibilityCard scores={insights.compatibility} /> : null}

      {!isOwner && insights?.moodCompatibility && typeof insights.moodCompatibility.score === 'number' ? (
        <MoodCompatibilityCard mood={insights.moodCompatibility} />
      ) : null}
      {!isOwner && insights?.culturalInsight && typeof insights.culturalInsight.adaptationLevel === 'number' ? (
        <CulturalAdaptationCard insight={insights.culturalInsight} />
      ) : null}
      {!isOwner && starters.length > 0 ? <ConversationStartersCard starters={starters} /> : null}

      {isParentProfile ? (
        <ProfileSection title={t('profile.parentInfo')} icon={Users}>
          <DetailList
            items={[
              { label: t('profile.parentName'), value: profile.parentName },
              { label: t('profile.relationship'), value: option('relation', profile.parentRelationship) },
              ...(profile.parentContact ? [{ label: t('profile.contact'), value: profile.parentContact }] : []),
            ]}
          />
        </ProfileSection>
      ) : null}

      <FamilySection profile={profile} />

      <ProfileSection title={t('profile.partnerPreferences')} icon={HeartHandshake}>
        <DetailList
          items={[
            { label: t('filter.ageRange'), value: ageRange(profile.agePreferenceMin, profile.agePreferenceMax) },
            { label: t('filter.location'), value: profile.locationPreference?.length ? profile.locationPreference.join(', ') : null },
            { label: t('filter.education'), value: profile.educationPreference },
            { label: t('profile.profession'), value: profile.professionPreference },
          ]}
        />
      </ProfileSection>

      <NriDetailsCard profile={profile} editable={isOwner && nriEditable} />
    </div>
  );
}
