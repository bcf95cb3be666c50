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
import { useT } from '../../i18n/use-t';
import { optionLabel } from '../../i18n/option-label';
import type { MessageId } from '../../i18n/catalogue';

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

const STATUS_TEXT: Record<VerificationStatus['status'], MessageId> = {
  not_submitted: 'verify.notSubmitted',
  pending: 'verify.pending',
  approved: 'profile.verified',
  rejected: 'verify.rejected',
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
  const t = useT();

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
      toast({ title: t('verify.submitted'), description: t('verify.submittedText'), variant: 'success' });
    },
    onError: (error) =>
      toast({ title: t('verify.failed'), description: (isApiError(error) && error.serverMessage) || t('verify.tryLater'), variant: 'destructive' }),
  });

  const current = status.data;
  const canSubmit = current && (current.status === 'not_submitted' || current.status === 'rejected');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!selfie || !document) {
      toast({ title: t('verify.bothPhotos'), description: t('verify.bothPhotosText'), variant: 'destructive' });
      return;
    }
    submit.mutate();
  }

  return (
    <Card className="verification-card" aria-labelledby="verification-title">
      <div className="verification-card__header">
        <BadgeCheck size={22} aria-hidden="true" />
        <h2 id="verification-title" className="card__title">
          {t('verify.title')}
        </h2>
        {current ? <Badge tone={current.status === 'approved' ? 'success' : current.status === 'rejected' ? 'saffron' : 'neutral'}>{t(STATUS_TEXT[current.status])}</Badge> : null}
      </div>
      {status.isError ? <p className="card__text">{t('verify.loadFailed')}</p> : null}
      {current?.status === 'approved' ? <p className="card__text">{t('verify.approvedText')}</p> : null}
      {current?.status === 'pending' ? (
        <p className="card__text">{t('verify.pendingText')}</p>
      ) : null}
      {current?.status === 'rejected' ? (
        <p className="card__text">
          {current.rejectionReason ? t('verify.rejectedWhy', { reason: current.rejectionReason }) : t('verify.rejectedText')}
        </p>
      ) : null}
      {canSubmit ? (
        <form className="form verification-card__form" onSubmit={handleSubmit}>
          <p className="card__text">{t('verify.intro')}</p>
          <SelectField
            label={t('verify.document')}
            name="documentType"
            value={documentType}
            onChange={(e) => setDocumentType(e.target.value)}
            options={ID_DOCUMENT_TYPES.map((value) => ({ value, label: optionLabel('idDocument', value, DOCUMENT_LABELS[value]) }))}
          />
          <label className="field">
            <span className="field__label">{t('verify.selfie')}</span>
            <input type="file" name="selfie" accept="image/jpeg,image/png,image/gif,image/webp,image/heic,image/heif,.heic,.heif" onChange={(e) => setSelfie(e.target.files?.[0] ?? null)} />
          </label>
          <label className="field">
            <span className="field__label">{t('verify.documentPhoto')}</span>
            <input type="file" name="document" accept="image/jpeg,image/png,image/gif,image/webp,image/heic,image/heif,.heic,.heif" onChange={(e) => setDocument(e.target.files?.[0] ?? null)} />
          </label>
          <Button type="submit" block disabled={submit.isPending}>
            {submit.isPending ? t('verify.submitting') : t('verify.submit')}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
