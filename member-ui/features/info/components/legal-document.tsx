import { Link } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { DEFAULT_LANGUAGE } from '../../../../contracts/i18n/languages';
import { useLanguage } from '../../../i18n/i18n-provider';
import { useT } from '../../../i18n/use-t';
import { dayMonthYear } from '../../../lib/format';
import { paths } from '../../../lib/paths';

/** The day the terms and the privacy policy took effect. */
export const LEGAL_EFFECTIVE_DATE = '2025-04-09';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** "In short": the document's main points in the member's language. */
export function LegalSummary({ id, points }: { id: string; points: readonly string[] }) {
  const t = useT();
  return (
    <aside className="legal__summary" aria-labelledby={id}>
      <h2 id={id} className="legal__summary-title">
        {t('legal.inShort')}
      </h2>
      <ul>
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </aside>
  );
}

/**
 * Privacy policy and terms: the summary (`children`) in the member's language, then the full text in English, the
 * binding one (DECISIONS.md, "Language"); in Hindi or Tamil a line between them says so. A way back to "/".
 */
export function LegalDocument({
  title,
  intro,
  sections,
  children,
}: {
  title: string;
  intro: ReactNode;
  sections: ReadonlyArray<LegalSection>;
  children?: ReactNode;
}) {
  const t = useT();
  const { language } = useLanguage();
  const effective = dayMonthYear(new Date(`${LEGAL_EFFECTIVE_DATE}T00:00:00Z`), true);
  return (
    <article className="legal" aria-labelledby="legal-title">
      <header className="legal__header">
        <h1 id="legal-title" className="page__title">
          {title}
        </h1>
        <p className="legal__date">{t('legal.lastUpdated', { date: effective })}</p>
      </header>
      {children}
      {language !== DEFAULT_LANGUAGE ? (
        <p className="legal__date legal__binding">
          {t('legal.binding')}
        </p>
      ) : null}
      <div className="legal__intro" lang="en">
        {intro}
      </div>
      <nav className="legal__toc" aria-label={t('legal.contents')}>
        <ol lang="en">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} className="legal__section" aria-labelledby={`${section.id}-title`} lang="en">
          <h2 id={`${section.id}-title`} className="legal__heading">
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
      <Link to={paths.home} className="btn btn--outline btn--md legal__back">
        <ArrowLeft size={16} aria-hidden="true" />
        {t('legal.backHome')}
      </Link>
    </article>
  );
}
