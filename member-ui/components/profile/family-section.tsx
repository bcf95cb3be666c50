import Home from 'lucide-react/icons/house';
import type { ProfileView } from '../../../contracts/views';
import { humanize } from './labels';
import { DetailList, ProfileSection } from './profile-section';

/** "2 (1 married)", "None"; null while not answered. */
export function siblingsOf(count: number | null, married: number | null): string | null {
  if (count === null || count === undefined) return null;
  if (count === 0) return 'None';
  return married === null || married === undefined ? String(count) : `${count} (${married} married)`;
}

type FamilyFields = Pick<
  ProfileView,
  'familyBackground' | 'fatherOccupation' | 'motherOccupation' | 'brothers' | 'brothersMarried' | 'sisters' | 'sistersMarried' | 'siblingDetails' | 'familyLocation' | 'familyType' | 'familyValues'
>;

/** The family as families read it: the background in the member's words, then the details they ask first. */
export function FamilySection({ profile }: { profile: FamilyFields }) {
  return (
    <ProfileSection title="Family Background" icon={Home}>
      <p className={profile.familyBackground ? 'profile-section__text' : 'profile-section__text profile-section__text--empty'}>
        {profile.familyBackground || 'No family information provided'}
      </p>
      <DetailList
        items={[
          { label: "Father's occupation", value: profile.fatherOccupation },
          { label: "Mother's occupation", value: profile.motherOccupation },
          { label: 'Brothers', value: siblingsOf(profile.brothers, profile.brothersMarried) },
          { label: 'Sisters', value: siblingsOf(profile.sisters, profile.sistersMarried) },
          ...(profile.siblingDetails ? [{ label: 'About the siblings', value: profile.siblingDetails }] : []),
          { label: 'Family lives in', value: profile.familyLocation },
          { label: 'Family type', value: humanize(profile.familyType) },
          { label: 'Family values', value: humanize(profile.familyValues) },
        ]}
      />
    </ProfileSection>
  );
}
