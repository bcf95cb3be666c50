/**
 * The Terms of Service in English: the binding text, whatever the language of the page (DECISIONS.md, "Language").
 * The page puts a summary in the member's language above it (legal.terms.*); this file stays English on purpose and
 * is not in the English-literals guard's list.
 */
import { Link } from '@tanstack/react-router';
import { paths } from '../../../lib/paths';
import type { LegalSection } from '../components/legal-document';
import { SUPPORT_EMAIL } from '../lib/support';

// The spec embeds an external policy widget with a summary as fallback. Saathi loads no third-party scripts
// (Content Security Policy), so the full terms are written here.
export const TERMS_SECTIONS: ReadonlyArray<LegalSection> = [
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <p>
        You must be at least 18 years old and legally able to marry under the laws that apply to you to use
        Saathi or to be the subject of a profile. By creating an account you confirm that you meet these
        requirements and that you are not prohibited from using the service.
      </p>
    ),
  },
  {
    id: 'registration',
    title: 'Registration and your account',
    body: (
      <ul>
        <li>Give accurate, current and complete information when you register and keep it up to date.</li>
        <li>Keep one account per person, and keep your password confidential.</li>
        <li>You are responsible for everything done through your account; tell us at once if it is misused.</li>
        <li>Saathi is for people seeking marriage. It may not be used for commercial purposes or solicitation.</li>
      </ul>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions and payments',
    body: (
      <>
        <p>
          Every account starts on the free Tryme plan, which includes a limited number of new messages each month
          and basic search filters. Premium and Elite are paid monthly subscriptions with the benefits described
          on the Subscription Plans page. The first 500 registrations receive Premium free for one year.
        </p>
        <p>
          Paid plans are charged in advance through our card payment provider and renew automatically each month
          until you cancel. You may cancel at any time; the plan stays active until the end of the period already
          paid for. Except where the law requires otherwise, payments are non-refundable. We will tell you before
          any price change takes effect.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Profile sharing',
    body: (
      <p>
        You may create links to your profile that expire after a period you choose. Anyone holding a valid link can
        view the shared profile until it expires or you deactivate it. You are responsible for who you share links
        with; do not share other members' profiles or information outside Saathi.
      </p>
    ),
  },
  {
    id: 'parent-profiles',
    title: 'Profiles created by parents and guardians',
    body: (
      <p>
        A parent, guardian or close relative may create and manage a profile on behalf of an adult son, daughter
        or relative, but only with that person's knowledge and consent. The person managing the profile must
        identify themselves and their relationship, keep the information truthful, and remove the profile if
        consent is withdrawn. Saathi may ask for confirmation of consent at any time.
      </p>
    ),
  },
  {
    id: 'content',
    title: 'Your content and conduct',
    body: (
      <>
        <p>
          You keep ownership of the photos, text and messages you post, and give Saathi a licence to store,
          display and process them to run the service. You must have the right to post everything you upload.
        </p>
        <p>You agree not to:</p>
        <ul>
          <li>post false, misleading or another person's information or photos;</li>
          <li>harass, threaten, defame or discriminate against other members;</li>
          <li>ask members for money, or promote products, services or other websites;</li>
          <li>post sexual, violent, hateful or illegal content;</li>
          <li>scrape, copy or collect other members' information, or interfere with the service.</li>
        </ul>
        <p>
          We may review reported content and remove anything that breaks these terms. Please report members who
          break them from their profile or chat.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    body: (
      <p>
        You may delete your account at any time from Settings. We may suspend or close accounts that break these
        terms, put other members at risk, or that we are required to close by law. Where we close an account for a
        serious breach, no refund is due for the remaining subscription period.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and limitation of liability',
    body: (
      <>
        <p>
          Saathi introduces members to each other; we do not conduct background checks on every member, and
          verification confirms only that an identity document matched its holder at the time of review. Match
          percentages and Kundali results are guidance, not a guarantee of compatibility. Please take care when
          meeting anyone for the first time.
        </p>
        <p>
          The service is provided "as is". To the extent permitted by law, Saathi is not liable for indirect or
          consequential loss, or for the conduct of any member on or off the service, and our total liability to
          you is limited to the amount you paid us in the twelve months before the claim. Nothing in these terms
          limits liability that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and disputes',
    body: (
      <p>
        These terms are governed by the laws of India. Before starting any formal proceedings, please contact us so
        that we can try to resolve the matter informally. Courts in New Delhi have jurisdiction over disputes,
        without affecting any mandatory consumer protection rights you have where you live.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        We may update these terms; we will change the date above and notify you of important changes before they
        apply. Questions: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or our{' '}
        <Link to={paths.help}>Help page</Link>. See also our <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
      </p>
    ),
  },
];

/** The opening paragraph of the binding text. */
export const TERMS_INTRO = (
  <p>
    These terms are an agreement between you and Saathi. Please read them carefully: by creating an account
    or using Saathi you accept them.
  </p>
);
