import { LegalDocument, LegalSummary } from '../components/legal-document';
import { PRIVACY_INTRO, PRIVACY_SECTIONS } from '../legal/privacy-text';
import { useT } from '../../../i18n/use-t';

/** /privacy-policy: a summary in the member's language, then the binding English policy. */
export function PrivacyPolicyPage() {
  const t = useT();
  return (
    <LegalDocument title={t('legal.privacy.title')} intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS}>
      <LegalSummary
        id="privacy-summary-title"
        points={[
          t('legal.privacy.summary.collect'),
          t('legal.privacy.summary.neverSold'),
          t('legal.privacy.summary.cards'),
          t('legal.privacy.summary.photos'),
          t('legal.privacy.summary.documents'),
          t('legal.privacy.summary.yourData'),
        ]}
      />
    </LegalDocument>
  );
}
