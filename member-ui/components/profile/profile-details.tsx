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
import { formatHeight, formatIncome } from '../../../contracts/profile-basics';
import type { ProfileView } from '../../../contracts/views';
import { FamilySection } from './family-section';
import { CompatibilityCard, ConversationStartersCard, CulturalAdaptationCard, MoodCompatibilityCard } from './insight-cards';
import { NOT_SPECIFIED, humanize } from './labels';
import { NriDetailsCard } from './nri-details-card';
import { astroOf, birthTimeOf, formatDate } from './profile-format';
import type { ProfileInsights } from './profile-insights';
import { DetailList, ProfileSection } from './profile-section';

function Tile({ icon: Icon, label, value, detail }: { icon: LucideIcon; label: string; value: string | null; detail?: string | null }) {
  return (
    <div className="info-tile">
      <Icon size={18} aria-hidden="true" className="info-tile__icon" />
      <span className="info-tile__label">{label}</span>
      <span className={value ? 'info-tile__value' : 'info-tile__value info-tile__value--empty'}>{value ?? NOT_SPECIFIED}</span>
      {detail ? <span className="info-tile__detail">{detail}</span> : null}
    </div>
  );
}

function ageRange(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) return `${min} – ${max} years`;
  if (min !== null) return `${min}+ years`;
  if (max !== null) return `Up to ${max} years`;
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

  return (
    <div className="profile-details">
      <ProfileSection title="About Me" icon={UserRound}>
        <p className={about ? 'profile-section__text' : 'profile-section__text profile-section__text--empty'}>
          {about || 'No description provided yet.'}
        </p>
      </ProfileSection>

      <ul className="info-tiles" aria-label="Key details">
        <li>
          <Tile icon={GraduationCap} label="Education" value={profile.education} detail={profile.educationDetails} />
        </li>
        <li>
          <Tile icon={BookOpen} label="Religion" value={profile.religion} />
        </li>
        <li>
          <Tile icon={Languages} label="Mother Tongue" value={profile.motherTongue} />
        </li>
        <li>
          <Tile icon={Leaf} label="Diet" value={humanize(profile.diet)} />
        </li>
      </ul>

      <ProfileSection title="Basic Details" icon={Ruler}>
        <DetailList
          items={[
            { label: 'Height', value: formatHeight(profile.height) },
            { label: 'Marital status', value: humanize(profile.maritalStatus) },
            { label: 'Community', value: profile.community },
            // Others receive only the range the income falls in (see the profile presenter), printed as that range.
            { label: 'Annual income', value: formatIncome(profile.income, profile.incomeCurrency) },
          ]}
        />
      </ProfileSection>

      <ProfileSection title="Astrological Details" icon={Sparkles}>
        <DetailList
          items={[
            { label: 'Birth date', value: formatDate(profile.dateOfBirth) },
            { label: 'Birth time', value: birthTimeOf(profile) },
            { label: 'Birth place', value: profile.birthPlace },
            { label: 'Zodiac sign', value: astroOf(profile, 'zodiacSign', isOwner) },
            { label: 'Rashi (moon sign)', value: astroOf(profile, 'rashi', isOwner) },
            { label: 'Nakshatra', value: astroOf(profile, 'nakshatra', isOwner) },
            { label: 'Manglik', value: astroOf(profile, 'manglik', isOwner) },
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
        <ProfileSection title="Parent Information" icon={Users}>
          <DetailList
            items={[
              { label: 'Parent name', value: profile.parentName },
              { label: 'Relationship', value: humanize(profile.parentRelationship) },
              ...(profile.parentContact ? [{ label: 'Contact', value: profile.parentContact }] : []),
            ]}
          />
        </ProfileSection>
      ) : null}

      <FamilySection profile={profile} />

      <ProfileSection title="Partner Preferences" icon={HeartHandshake}>
        <DetailList
          items={[
            { label: 'Age range', value: ageRange(profile.agePreferenceMin, profile.agePreferenceMax) },
            { label: 'Location', value: profile.locationPreference?.length ? profile.locationPreference.join(', ') : null },
            { label: 'Education', value: profile.educationPreference },
            { label: 'Profession', value: profile.professionPreference },
          ]}
        />
      </ProfileSection>

      <NriDetailsCard profile={profile} editable={isOwner && nriEditable} />
    </div>
  );
}
