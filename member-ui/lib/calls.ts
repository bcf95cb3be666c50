import { useMutation, useQuery } from '@tanstack/react-query';
import { atom, useSetAtom } from 'jotai';
import type { CallView, CallsWithView } from '../../contracts/calls';
import { api } from './api-client';

/**
 * What the chat, a match's profile and the call layer share about video calls: the call on screen (one at a time),
 * starting one, and whether a member may be called. The call layer (features/calls) shows whatever call this holds.
 */
export const currentCallAtom = atom<CallView | null>(null);

export const callsWithPath = (otherId: number) => `/api/calls/with/${otherId}`;

/** GET /api/calls/with/{userId}: may they be called now, and the calls between the two (for the chat's lines). */
export function useCallsWith(otherId: number, enabled = true) {
  return useQuery({
    queryKey: [callsWithPath(otherId)],
    queryFn: ({ signal }) => api.get<CallsWithView>(callsWithPath(otherId), { signal }),
    enabled,
    staleTime: 0,
  });
}

/** POST /api/calls {calleeId}: rings them; the call layer takes over the screen. */
export function useStartCall() {
  const setCall = useSetAtom(currentCallAtom);
  return useMutation({
    mutationFn: (calleeId: number) => api.post<CallView>('/api/calls', { json: { calleeId } }),
    onSuccess: (call) => setCall(call),
  });
}
