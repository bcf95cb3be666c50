import { Link } from '@tanstack/react-router';
import ChevronDown from 'lucide-react/icons/chevron-down';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Mail from 'lucide-react/icons/mail';
import * as Accordion from 'radix-ui/accordion';
import type { ReactNode } from 'react';
import { WIZARD_STEP_TITLES } from '../../../../contracts/profile-draft';
import { paths } from '../../../lib/paths';
import { ContactForm } from '../components/contact-form';
import { SUPPORT_EMAIL } from '../lib/support';

const stepList = WIZARD_STEP_TITLES.map((title, index) => `${index + 1}. ${title}`).join(', ');

const FAQ: ReadonlyArray<{ id: string; question: string; badge?: string; answer: ReactNode }> = [
  {
    id: 'create-profile',
    question: 'How do I create a profile?',
    answer: (
      <p>
        After signing up, open{' '}
        <Link to={paths.createProfile} className="text-link">
          Create Profile
        </Link>{' '}
        and follow the {WIZARD_STEP_TITLES.length} steps: {stepList} (up to three photos). What you enter is saved as you go, so you can close the page or switch
        to another device and carry on at the same step; "Start over" clears the draft. After the profile is
        created you can add height, family details and more from your profile page.
      </p>
    ),
  },
  {
    id: 'kundali',
    question: 'How does Kundali matching work?',
    answer: (
      <p>
        We calculate the traditional 36-point Ashtakoot score from both members' birth date, time and place,
        together with Manglik status and zodiac compatibility. The more complete your astrology details, the more
        accurate the result. Premium and Elite members also receive an in-depth analysis on the Compatibility
        page.
      </p>
    ),
  },
  {
    id: 'upgrade',
    question: 'How do I upgrade my subscription?',
    answer: (
      <p>
        Go to{' '}
        <Link to={paths.subscription} className="text-link">
          Subscription Plans
        </Link>{' '}
        and choose Premium or Elite. Payment is taken securely by card and plans renew monthly until you cancel.
        If you were one of our first 500 members, Premium is already yours free for a year.
      </p>
    ),
  },
  {
    id: 'for-child',
    question: 'Can I create a profile for my son or daughter?',
    badge: 'For parents',
    answer: (
      <p>
        Yes. In step 2 of Create Profile set <strong>Profile Created By</strong> to{' '}
        <strong>Parent / Guardian</strong>, enter your son's or daughter's own name, then your name, relationship
        and contact number. The profile then shows a <span className="faq-badge">Parent-Managed</span>{' '}
        badge so other families know who they are speaking with. Please make sure your son or daughter agrees to
        the profile.
      </p>
    ),
  },
  {
    id: 'delete',
    question: 'How do I delete my account?',
    answer: (
      <p>
        Open Settings and choose Delete Account. You will be asked to type "delete my account" and your password.
        Your personal data is anonymised, your profile leaves search and matches, your messages are deleted and
        any subscription is cancelled. You can download a copy of your data from Settings first.
      </p>
    ),
  },
];

/** /help: FAQ, the support contact and the contact form. */
export function HelpPage() {
  return (
    <section className="page help" aria-labelledby="help-title">
      <header className="page__header">
        <h1 id="help-title" className="page__title">
          Help &amp; Support
        </h1>
        <p className="page__subtitle">Answers to common questions, and a direct line to our team.</p>
      </header>

      <section className="help__section" aria-labelledby="faq-title">
        <h2 id="faq-title" className="help__heading">
          Frequently Asked Questions
        </h2>
        <Accordion.Root type="single" collapsible className="faq">
          {FAQ.map((entry) => (
            <Accordion.Item key={entry.id} value={entry.id} className="faq__item">
              <Accordion.Header className="faq__header">
                <Accordion.Trigger className="faq__trigger">
                  <span className="faq__question">
                    {entry.question}
                    {entry.badge ? <span className="faq-badge faq-badge--gold">{entry.badge}</span> : null}
                  </span>
                  <ChevronDown size={18} aria-hidden="true" className="faq__chevron" />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="faq__content">{entry.answer}</Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </section>

      <section className="help__section support-card" aria-labelledby="support-title">
        <LifeBuoy size={28} aria-hidden="true" className="support-card__icon" />
        <div>
          <h2 id="support-title" className="help__heading">
            Contact Support
          </h2>
          <p className="support-card__text">
            We reply within one working day; Premium and Elite members are answered first.
          </p>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="support-card__email">
            <Mail size={16} aria-hidden="true" />
            {SUPPORT_EMAIL}
          </a>
        </div>
      </section>

      <section className="help__section card" aria-labelledby="contact-title">
        <h2 id="contact-title" className="help__heading">
          Send us a message
        </h2>
        <ContactForm />
      </section>
    </section>
  );
}
