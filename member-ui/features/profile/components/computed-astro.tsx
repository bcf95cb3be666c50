import type { ProfileView } from '../../../../contracts/views';
import { DetailList } from '../../../components/profile/profile-section';
import type { ProfileFieldName } from './profile-fields';

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
  return (
    <section className="computed-astro" aria-label="From your birth details">
      <p className="computed-astro__title">From your birth details</p>
      <DetailList
        items={[
          { label: 'Zodiac sign', value: profile.zodiacSign },
          { label: 'Rashi', value: profile.rashi },
          { label: 'Nakshatra', value: profile.nakshatra },
          { label: 'Manglik', value: profile.manglik === null ? null : profile.manglik ? 'Yes' : 'No' },
        ]}
      />
      <p className="computed-astro__note">
        Worked out from your birth date, time and place (Lahiri ayanamsa), and used everywhere on Saathi. To change them,
        correct your birth details.
      </p>
    </section>
  );
}
