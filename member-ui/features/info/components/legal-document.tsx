import { Link } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { paths } from '../../../lib/paths';

export const LEGAL_EFFECTIVE_DATE = 'April 9, 2025';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Privacy policy and terms: static text dated April 9, 2025, with a way back to "/". */
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
  return (
    <article className="legal" aria-labelledby="legal-title">
      <header className="legal__header">
        <h1 id="legal-title" className="page__title">
          {title}
        </h1>
        <p className="legal__date">Last updated: {LEGAL_EFFECTIVE_DATE}</p>
      </header>
      <div className="legal__intro">{intro}</div>
      {children}
      <nav className="legal__toc" aria-label="Contents">
        <ol>
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
        <section key={section.id} id={section.id} className="legal__section" aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`} className="legal__heading">
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
      <Link to={paths.home} className="btn btn--outline btn--md legal__back">
        <ArrowLeft size={16} aria-hidden="true" />
        Back to Home
      </Link>
    </article>
  );
}
