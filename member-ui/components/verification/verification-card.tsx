import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import BadgeCheck from 'lucide-react/icons/badge-check';
import { type FormEvent, useState } from 'react';
import { ID_DOCUMENT_TYPES } from '../../../contracts/enums';
import { api, isApiError, request } from '../../lib/api-client';
import { sessionQueryKey } from '../../lib/session';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { SelectField } from '../ui/select-field';
import { toast } from '../ui/toast';

interface VerificationStatus {
  status: 'not_submitted' | 'pending' | 'approved' | 'rejected';
  rejectionReason: string | null;
  documentType: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
}

const DOCUMENT_LABELS: Record<(typeof ID_DOCUMENT_TYPES)[number], string> = {
  passport: 'Passport',
  national_id: 'National ID card',
  driving_licence: 'Driving licence',
  residence_permit: 'Residence permit',
};

const STATUS_TEXT: Record<VerificationStatus['status'], string> = {
  not_submitted: 'Not submitted',
  pending: 'Pending review',
  approved: 'Verified',
  rejected: 'Not approved',
};

export const verificationKey = ['/api/verification'] as const;

/**
 * Identity verification for members: a selfie and a photo of an ID document, reviewed by the Saathi team.
 * Shown on the profile's Account tab and in Settings → Security.
 */
export function VerificationCard() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: verificationKey, queryFn: () => api.get<VerificationStatus>('/api/verification') });
  const [documentType, setDocumentType] = useState<string>('passport');
  const [selfie, setSelfie] = useState<File | null>(null);
  const [document, setDocument] = useState<File | null>(null);

  const submit = useMutation({
    mutationFn: async () => {
      const form = new FormData();
      form.append('documentType', documentType);
      if (selfie) form.append('selfie', selfie);
      if (document) form.append('document', document);
      const res = await request('POST', '/api/verification', { body: form, headers: { Accept: 'application/json' } });
      return (await res.json()) as VerificationStatus;
    },
    onSuccess: (data) => {
      queryClient.setQueryData(verificationKey, data);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      setSelfie(null);
      setDocument(null);
      toast({ title: 'Verification submitted', description: 'Our team usually reviews requests within two working days.', variant: 'success' });
    },
    onError: (error) =>
      toast({ title: 'Submission failed', description: (isApiError(error) && error.serverMessage) || 'Please try again later.', variant: 'destructive' }),
  });

  const current = status.data;
  const canSubmit = current && (current.status === 'not_submitted' || current.status === 'rejected');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!selfie || !document) {
      toast({ title: 'Add both photos', description: 'Please add a selfie and a photo of your ID document.', variant: 'destructive' });
      return;
    }
    submit.mutate();
  }

  return (
    <Card className="verification-card" aria-labelledby="verification-title">
      <div className="verification-card__header">
        <BadgeCheck size={22} aria-hidden="true" />
        <h2 id="verification-title" className="card__title">
          Identity verification
        </h2>
        {current ? <Badge tone={current.status === 'approved' ? 'success' : current.status === 'rejected' ? 'saffron' : 'neutral'}>{STATUS_TEXT[current.status]}</Badge> : null}
      </div>
      {status.isError ? <p className="card__text">We couldn't load your verification status.</p> : null}
      {current?.status === 'approved' ? <p className="card__text">Your identity is verified. Members see the Verified badge on your profile.</p> : null}
      {current?.status === 'pending' ? (
        <p className="card__text">Thank you. Your photos are with our reviewers; you'll get a notification when they decide.</p>
      ) : null}
      {current?.status === 'rejected' ? (
        <p className="card__text">
          Your last request was not approved{current.rejectionReason ? `: ${current.rejectionReason}` : ''}. You can send new photos below.
        </p>
      ) : null}
      {canSubmit ? (
        <form className="form verification-card__form" onSubmit={handleSubmit}>
          <p className="card__text">
            Verified members get more replies. Send a selfie and a photo of an ID document; only our reviewers see them, and they are deleted once
            reviewed.
          </p>
          <SelectField
            label="ID document"
            name="documentType"
            value={documentType}
            onChange={(e) => setDocumentType(e.target.value)}
            options={ID_DOCUMENT_TYPES.map((value) => ({ value, label: DOCUMENT_LABELS[value] }))}
          />
          <label className="field">
            <span className="field__label">Selfie</span>
            <input type="file" name="selfie" accept="image/jpeg,image/png,image/gif,image/webp,image/heic,image/heif,.heic,.heif" onChange={(e) => setSelfie(e.target.files?.[0] ?? null)} />
          </label>
          <label className="field">
            <span className="field__label">Photo of your ID document</span>
            <input type="file" name="document" accept="image/jpeg,image/png,image/gif,image/webp,image/heic,image/heif,.heic,.heif" onChange={(e) => setDocument(e.target.files?.[0] ?? null)} />
          </label>
          <Button type="submit" block disabled={submit.isPending}>
            {submit.isPending ? 'Submitting...' : 'Submit for verification'}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
