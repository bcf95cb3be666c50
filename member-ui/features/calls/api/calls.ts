import type { CallFamilyOption, CallView } from '../../../../contracts/calls';
import type { REPORT_REASONS } from '../../../../contracts/enums';
import { api } from '../../../lib/api-client';
import type { SignalBody } from '../webrtc/mesh';

/** The calls API (docs/calls.md), one function per request; the call layer keeps the answers in currentCallAtom. */

const base = (callId: number) => `/api/calls/${callId}`;

export const currentCall = () => api.get<{ call: CallView | null }>('/api/calls/current');
export const getCall = (callId: number) => api.get<CallView>(base(callId));
export const acceptCall = (callId: number) => api.post<CallView>(`${base(callId)}/accept`, { json: {} });
export const declineCall = (callId: number) => api.post<CallView>(`${base(callId)}/decline`, { json: {} });
export const hangUp = (callId: number) => api.post<CallView>(`${base(callId)}/hangup`, { json: {} });
export const sendSignal = (callId: number, to: number, body: SignalBody) => api.post<null>(`${base(callId)}/signal`, { json: { to, ...body } }).then(() => undefined);
export const familyOptions = (callId: number) => api.get<{ allowed: boolean; people: CallFamilyOption[] }>(`${base(callId)}/family`);
export const addFamily = (callId: number, userId: number) => api.post<CallView>(`${base(callId)}/family`, { json: { userId } });
export const reportFromCall = (callId: number, input: { reportedUserId: number; reason: (typeof REPORT_REASONS)[number]; details?: string }) =>
  api.post<{ id: number; message: string }>(`${base(callId)}/report`, { json: input });
