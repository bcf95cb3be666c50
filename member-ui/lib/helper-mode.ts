import { useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { type HelpedProfile, useHelpedProfiles } from './helped-profiles';
import { useSessionUser } from './session';
import { translate } from '../i18n/translate';

/** The header with which a helper's requests act for the profile they help with (the server runs them as its account). */
export const ACTING_HEADER = 'X-Saathi-Acting-For';
export const actingFor = (profileId: number) => ({ [ACTING_HEADER]: String(profileId) });

/** The headers of a request made in helper mode (none outside it). */
export const actingHeaders = (profileId: number | null | undefined): Record<string, string> => (profileId ? actingFor(profileId) : {});

/**
 * Whose profile each account on this device last chose to work on: a helped profile's id, or 'self' for the
 * account's own profile. Kept per account, so a shared family tablet remembers each person's choice.
 */
const choiceAtom = atomWithStorage<Record<string, number | 'self'>>('saathi.helping', {}, undefined, { getOnInit: true });

export interface HelperMode {
  /** the profiles the account helps with (empty for most members) */
  profiles: HelpedProfile[];
  /** the profile being worked on, when the app acts for a candidate; null when it acts for the account itself */
  helping: HelpedProfile | null;
  /** the account has a profile of its own (it can switch back to it) */
  hasOwnProfile: boolean;
  /** still learning which profiles the account helps with */
  pending: boolean;
  /**
   * whom the app acts for is known already: the list has arrived, or it cannot change the answer (an account with a
   * profile of its own that has not switched to a profile it helps with works on its own), so screens need not wait
   */
  settled: boolean;
  choose: (choice: number | 'self') => void;
}

/**
 * Helper mode: an account that helps with profiles works on one of them. Without a profile of its own it always
 * works on one (the first until it chooses); with one, on its own until it switches.
 */
export function useHelperMode(): HelperMode {
  const user = useSessionUser();
  const helped = useHelpedProfiles(user !== null);
  const [choices, setChoices] = useAtom(choiceAtom);
  const profiles = user ? (helped.data ?? []) : [];
  const hasOwnProfile = user?.profileId != null;
  const chosen = user ? choices[String(user.id)] : undefined;
  const picked = typeof chosen === 'number' ? profiles.find((p) => p.profileId === chosen) : undefined;
  const helping = picked ?? (hasOwnProfile ? null : (profiles[0] ?? null));
  const choose = (choice: number | 'self') => {
    if (user) setChoices((all) => ({ ...all, [String(user.id)]: choice }));
  };
  const pending = user !== null && helped.isPending;
  const settled = !pending || (hasOwnProfile && typeof chosen !== 'number');
  return { profiles, helping: chosen === 'self' && hasOwnProfile ? null : helping, hasOwnProfile, pending, settled, choose };
}

/**
 * Who of the family gave a like, to the one looking (the server's `likedBy`: "you", "your father", "Arjun's
 * mother"): "Liked for Arjun by you", "Liked by your father". Null for the liker's own like.
 */
export function likedByText(likedBy: string | null | undefined, candidateName: string | null): string | null {
  if (!likedBy) return null;
  return likedBy === 'you' ? translate('like.likedForByYou', { name: candidateName ?? translate('helper.them') }) : translate('like.likedBy', { name: likedBy });
}

/**
 * Whose shortlist the app saves to and shows: in helper mode the candidate's (one per profile, shared with the family
 * the candidate lets shortlist; null when they do not), else the member's own (null without a profile).
 */
export function useShortlistOwner(): { profileId: number | null; candidateName: string | null; settled: boolean } {
  const user = useSessionUser();
  const { helping, settled } = useHelperMode();
  if (helping) return { profileId: helping.may.shortlist ? helping.profileId : null, candidateName: helping.candidateName ?? 'them', settled };
  return { profileId: user?.profileId ?? null, candidateName: null, settled };
}
