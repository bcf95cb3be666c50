import { Link } from '@tanstack/react-router';
import ChevronDown from 'lucide-react/icons/chevron-down';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Mail from 'lucide-react/icons/mail';
import * as Accordion from 'radix-ui/accordion';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { WIZARD_STEP_TITLES } from '../../../../contracts/profile-draft';
import type { MessageId } from '../../../i18n/catalogue';
import { currentIntl, translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';
import { paths } from '../../../lib/paths';
import { ContactForm } from '../components/contact-form';
import { SUPPORT_EMAIL } from '../lib/support';

/** The wizard's steps as the FAQ lists them: "1. Photos, 2. Basic Information, …", each title in the app's language. */
function stepList(): string {
  const messages = currentIntl().messages;
  return WIZARD_STEP_TITLES.map((title, index) => {
    const id = `help.step.${index + 1}`;
    return `${index + 1}. ${id in messages ? translate(id as MessageId) : title}`;
  }).join(', ');
}

const link = (to: string) => (chunks: ReactNode[]) => (
  <Link to={to} className="text-link">
    {chunks}
  </Link>
);

/** Each question and answer is `help.faq.<id>.question` / `.answer` in the catalogues; the answers' links and emphasis are tags. */
const FAQ: ReadonlyArray<{ id: string; badge?: MessageId; values?: () => Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)> }> = [
  { id: 'create', values: () => ({ link: link(paths.createProfile), count: WIZARD_STEP_TITLES.length, steps: stepList() }) },
  { id: 'kundali' },
  { id: 'upgrade', values: () => ({ link: link(paths.subscription) }) },
  {
    id: 'forChild',
    badge: 'help.faq.forChild.badge',
    values: () => ({ strong: (chunks: ReactNode[]) => <strong>{chunks}</strong>, badge: (chunks: ReactNode[]) => <span className="faq-badge">{chunks}</span> }),
  },
  { id: 'delete' },
];

/** /help: FAQ, the support contact and the contact form. */
export function HelpPage() {
  const t = useT();
  return (
    <section className="page help" aria-labelledby="help-title">
      <header className="page__header">
        <h1 id="help-title" className="page__title">
          {t('help.title')}
        </h1>
        <p className="page__subtitle">{t('help.subtitle')}</p>
      </header>

      <section className="help__section" aria-labelledby="faq-title">
        <h2 id="faq-title" className="help__heading">
          {t('help.faqTitle')}
        </h2>
        <Accordion.Root type="single" collapsible className="faq">
          {FAQ.map((entry) => (
            <Accordion.Item key={entry.id} value={entry.id} className="faq__item">
              <Accordion.Header className="faq__header">
                <Accordion.Trigger className="faq__trigger">
                  <span className="faq__question">
                    {t(`help.faq.${entry.id}.question` as MessageId)}
                    {entry.badge ? <span className="faq-badge faq-badge--gold">{t(entry.badge)}</span> : null}
                  </span>
                  <ChevronDown size={18} aria-hidden="true" className="faq__chevron" />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="faq__content">
                <p>
                  <FormattedMessage id={`help.faq.${entry.id}.answer` as MessageId} values={entry.values?.()} />
                </p>
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </section>

      <section className="help__section support-card" aria-labelledby="support-title">
        <LifeBuoy size={28} aria-hidden="true" className="support-card__icon" />
        <div>
          <h2 id="support-title" className="help__heading">
            {t('help.contactSupport')}
          </h2>
          <p className="support-card__text">{t('help.replyTime')}</p>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="support-card__email">
            <Mail size={16} aria-hidden="true" />
            {SUPPORT_EMAIL}
          </a>
        </div>
      </section>

      <section className="help__section card" aria-labelledby="contact-title">
        <h2 id="contact-title" className="help__heading">
          {t('help.sendUs')}
        </h2>
        <ContactForm />
      </section>
    </section>
  );
}
