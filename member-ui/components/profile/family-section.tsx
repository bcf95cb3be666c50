import Home from 'lucide-react/icons/house';
import type { ProfileView } from '../../../contracts/views';
import { humanize } from './labels';
import { DetailList, ProfileSection } from './profile-section';
import { useT } from '../../i18n/use-t';
import { translate } from '../../i18n/translate';
import { optionLabel } from '../../i18n/option-label';

/** "2 (1 married)", "None"; null while not answered. */
export function siblingsOf(count: number | null, married: number | null): string | null {
  if (count === null || count === undefined) return null;
  if (count === 0) return translate('profile.none');
  return married === null || married === undefined ? String(count) : translate('profile.siblingsMarried', { count, married });
}

type FamilyFields = Pick<
  ProfileView,
  'familyBackground' | 'fatherOccupation' | 'motherOccupation' | 'brothers' | 'brothersMarried' | 'sisters' | 'sistersMarried' | 'siblingDetails' | 'familyLocation' | 'familyType' | 'familyValues'
>;

/** The family as families read it: the background in the member's words, then the details they ask first. */
export function FamilySection({ profile }: { profile: FamilyFields }) {
  const t = useT();
  // A value of one of the contracts' lists, in the app's language (English: its readable form).
  const option = (list: string, value: string | null | undefined) => (value ? optionLabel(list, value, humanize(value) ?? value) : null);
  return (
    <ProfileSection title={t('profile.familyBackground')} icon={Home}>
      <p className={profile.familyBackground ? 'profile-section__text' : 'profile-section__text profile-section__text--empty'}>
        {profile.familyBackground || t('profile.noFamily')}
      </p>
      <DetailList
        items={[
          { label: t('profile.fatherOccupation'), value: profile.fatherOccupation },
          { label: t('profile.motherOccupation'), value: profile.motherOccupation },
          { label: t('profile.brothers'), value: siblingsOf(profile.brothers, profile.brothersMarried) },
          { label: t('profile.sisters'), value: siblingsOf(profile.sisters, profile.sistersMarried) },
          ...(profile.siblingDetails ? [{ label: t('profile.aboutSiblings'), value: profile.siblingDetails }] : []),
          { label: t('profile.familyLocation'), value: profile.familyLocation },
          { label: t('profile.familyType'), value: option('familyType', profile.familyType) },
          { label: t('profile.familyValues'), value: option('familyValues', profile.familyValues) },
        ]}
      />
    </ProfileSection>
  );
}
