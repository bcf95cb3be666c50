import { LegalDocument, LegalSummary } from '../components/legal-document';
import { TERMS_INTRO, TERMS_SECTIONS } from '../legal/terms-text';
import { useT } from '../../../i18n/use-t';

/** /terms: a summary in the member's language, then the binding English terms. */
export function TermsPage() {
  const t = useT();
  return (
    <LegalDocument title={t('legal.terms.title')} intro={TERMS_INTRO} sections={TERMS_SECTIONS}>
      <LegalSummary
        id="terms-summary-title"
        points={[t('legal.terms.summary.age'), t('legal.terms.summary.respect'), t('legal.terms.summary.renewal'), t('legal.terms.summary.parents'), t('legal.terms.summary.links')]}
      />
    </LegalDocument>
  );
}
