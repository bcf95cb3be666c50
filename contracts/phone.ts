import type { CountryCode } from 'libphonenumber-js';
import { isPossiblePhoneNumber } from 'libphonenumber-js';
import { countryCode } from './countries';
import { registerPhoneCheck } from './profile';

/**
 * A phone number as libphonenumber-js reads it: international (+44…), or national in the profile's country, of a
 * length that country's numbering plan allows. Possible rather than "valid": the plans' assigned ranges change
 * faster than any copy of them, and ranges reserved for examples (+44 7700 900…) must be accepted as well.
 */
export function isPhoneNumberText(text: string, country?: string | null): boolean {
  if (!/^\+?[\d\s().-]+$/.test(text)) return false;
  const region = countryCode(country ?? null) as CountryCode | null;
  try {
    return isPossiblePhoneNumber(text, region ?? undefined);
  } catch {
    return false;
  }
}

registerPhoneCheck(isPhoneNumberText);
