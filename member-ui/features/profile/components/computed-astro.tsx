import type { ProfileView } from '../../../../contracts/views';
import { DetailList } from '../../../components/profile/profile-section';
import type { ProfileFieldName } from './profile-fields';
import { useT } from '../../../i18n/use-t';
import { optionLabel } from '../../../i18n/option-label';

const ASTRO_FIELDS: readonly ProfileFieldName[] = ['zodiacSign', 'rashi', 'nakshatra', 'manglik'];

/**
 * Whether `field` is one the server computes for this profile: once birth date, time and place resolve, rashi,
 * nakshatra, Manglik and the western sign come from the chart (the entries count only without a birth time), so
 * the editor shows them instead of offering inputs that would change nothing.
 */
export function isComputedAstro(profile: ProfileView, field: ProfileFieldName): boolean {
  return profile.astroSource?.rashi === 'computed' && ASTRO_FIELDS.includes(field);
}

/** The four computed values, read-only, with why. */
export function ComputedAstro({ profile }: { profile: ProfileView }) {
  const t = useT();
  const option = (list: string, value: string | null) => (value ? optionLabel(list, value) : null);
  return (
    <section className="computed-astro" aria-label={t('editor.fromBirth')}>
      <p className="computed-astro__title">{t('editor.fromBirth')}</p>
      <DetailList
        items={[
          { label: t('profile.zodiac'), value: option('zodiac', profile.zodiacSign) },
          { label: t('profile.rashi'), value: option('rashi', profile.rashi) },
          { label: t('profile.nakshatra'), value: option('nakshatra', profile.nakshatra) },
          { label: t('profile.manglik'), value: profile.manglik === null ? null : t(profile.manglik ? 'common.yes' : 'common.no') },
        ]}
      />
      <p className="computed-astro__note">{t('editor.fromBirthNote')}</p>
    </section>
  );
}
