import { useQuery } from '@tanstack/react-query';
import type { FamilyConsent } from '../../contracts/family';
import { api } from './api-client';

/** A profile the member helps with as family (GET /api/family). */
export interface HelpedProfile {
  profileId: number;
  candidateName: string | null;
  relation: string;
  consent: FamilyConsent;
  /** whether the member may share the profile outside Saathi now (share links) */
  mayShare: boolean;
}

/**
 * The profiles the member helps with as family: the Family screen lists them, and home points a family member
 * without a profile of their own there. Under the family screen's query key, so its changes refresh it too.
 */
export function useHelpedProfiles(enabled = true) {
  return useQuery({ queryKey: ['family', 'helped'], queryFn: ({ signal }) => api.get<HelpedProfile[]>('/api/family', { signal }), enabled });
}
