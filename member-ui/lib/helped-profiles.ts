import { useQuery } from '@tanstack/react-query';
import type { SubscriptionTier } from '../../contracts/enums';
import type { FamilyConsent } from '../../contracts/family';
import { api } from './api-client';

/** What the server's policy lets a helper do for the candidate now (GET /api/family decides it). */
export interface HelperMay {
  edit: boolean;
  search: boolean;
  like: boolean;
  /** suggest matches to the candidate (a suggestion they decide on) */
  suggest: boolean;
  /** save to the candidate's one shortlist */
  shortlist: boolean;
  message: boolean;
  share: boolean;
}

/** A profile the member helps with as family (GET /api/family). */
export interface HelpedProfile {
  profileId: number;
  /** the profile's member account: the candidate's once they accepted */
  candidateUserId: number;
  /** the candidate's plan: it governs what the helper may use for them (search filters) */
  candidateTier: SubscriptionTier;
  candidateName: string | null;
  relation: string;
  consent: FamilyConsent;
  /** whether the member may share the profile outside Saathi now (share links) */
  mayShare: boolean;
  may: HelperMay;
}

const HELPED_STALE_MS = 30_000;

/**
 * The profiles the member helps with as family: the Family screen lists them, and helper mode acts for one of them.
 * Under the family screen's query key, so its changes refresh it too.
 */
export function useHelpedProfiles(enabled = true) {
  return useQuery({
    queryKey: ['family', 'helped'],
    queryFn: ({ signal }) => api.get<HelpedProfile[]>('/api/family', { signal }),
    enabled,
    // Read by every screen in helper mode: once per half minute is enough (a change on the Family page refreshes it).
    staleTime: HELPED_STALE_MS,
  });
}
