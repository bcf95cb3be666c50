/**
 * The Privacy Policy in English: the binding text, whatever the language of the page (DECISIONS.md, "Language").
 * The page puts a summary in the member's language above it (legal.privacy.*); this file stays English on purpose
 * and is not in the English-literals guard's list.
 */
import { Link } from '@tanstack/react-router';
import { paths } from '../../../lib/paths';
import type { LegalSection } from '../components/legal-document';
import { SUPPORT_EMAIL } from '../lib/support';

export const PRIVACY_SECTIONS: ReadonlyArray<LegalSection> = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        Saathi ("Saathi", "we", "us") is a matrimonial and matchmaking service for Indians living abroad and for
        the parents and families who search with them. This policy explains what personal information we collect
        when you use the Saathi website and apps, why we collect it, who we share it with and the choices you
        have.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect the information you give us and a small amount of information created as you use Saathi:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your full name, email address, username and password (stored only
            as a one-way hash).
          </li>
          <li>
            <strong>Profile information:</strong> gender, date of birth, location, education, profession,
            religion, mother tongue, diet, family background, partner preferences and your "about me" text. For
            profiles created by a parent or guardian, the parent's name, relationship and contact details.
          </li>
          <li>
            <strong>Photos:</strong> up to three profile photos. We re-encode every upload and remove embedded
            metadata such as GPS location before storing it.
          </li>
          <li>
            <strong>Birth details:</strong> birth time and birth place, together with astrological details such as
            rashi and nakshatra, used to calculate Kundali compatibility.
          </li>
          <li>
            <strong>Identity documents:</strong> if you choose to get verified, a selfie and a photo of an
            identity document. These are seen only by our reviewers and are deleted once the review is complete;
            we keep only the outcome.
          </li>
          <li>
            <strong>Messages:</strong> the messages you exchange with other members, so that we can deliver them
            and investigate reports of abuse.
          </li>
          <li>
            <strong>Moods and cultural adaptation:</strong> the moods and assessments you choose to record. Your
            moods are private unless you turn on mood sharing; then those you do not mark private count towards mood
            compatibility. A mood's note is never shared.
          </li>
          <li>
            <strong>Usage and device information:</strong> likes, profile views, notifications, the time of your
            last activity, and technical data such as IP address and browser type, used to keep the service secure
            and working.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use your information',
    body: (
      <ul>
        <li>To create and show your profile to other members and suggest matches.</li>
        <li>To calculate match percentages, Kundali, mood and cultural compatibility.</li>
        <li>To deliver messages and notifications you have asked for.</li>
        <li>To process subscriptions and payments.</li>
        <li>To verify identities, prevent fraud and abuse, and enforce our Terms of Service.</li>
        <li>To answer your questions and improve Saathi.</li>
      </ul>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <p>
        Subscription payments are processed by our card payment provider. Your card number, expiry date and
        security code are entered directly with the provider and are never stored on Saathi's servers; we receive
        only a reference to the payment, its status and the plan you bought.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who can see your information',
    body: (
      <>
        <p>
          Your profile is visible to other signed-in members, subject to your privacy settings and any blocks. We
          do not sell your personal information.
        </p>
        <p>
          <strong>Shared profile links.</strong> When you create a share link for your profile, anyone holding the
          link can view the shared profile, without signing in, until the link expires or you deactivate it. Treat
          these links like a private document: share them only with people you trust. You can see how often each
          link was viewed and deactivate it at any time.
        </p>
        <p>
          We share information with service providers who help us run Saathi (hosting, email delivery and card
          payments), only as far as they need it, and with authorities when the law requires it.
        </p>
      </>
    ),
  },
  {
    id: 'your-controls',
    title: 'Your privacy controls',
    body: (
      <ul>
        <li>
          <strong>Photo blurring:</strong> blur your photos so that members see a blurred version until you
          connect. The clear photo is never sent to them.
        </li>
        <li>
          <strong>Online status and last seen:</strong> choose whether other members see them.
        </li>
        <li>
          <strong>Blocking and reporting:</strong> block any member so you disappear from each other's search,
          matches and messages, and report behaviour that breaks our rules.
        </li>
        <li>
          <strong>Data export:</strong> download all your data as a file from Settings.
        </li>
        <li>
          <strong>Deletion:</strong> delete your profile or your whole account from Settings. Deleting your account
          anonymises your personal data, removes you from search and matches, and deletes your messages and
          photos.
        </li>
      </ul>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep information',
    body: (
      <p>
        We keep your information while your account is active. After you delete your account we anonymise it
        straight away and keep only what the law requires us to keep, such as payment records, for as long as it
        requires. Identity documents are deleted as soon as verification has been reviewed.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We protect your information with encrypted connections, hashed passwords, access limited to the staff who
        need it and regular reviews of our safeguards. No service can be perfectly secure, so please use a strong
        password and tell us at once if you suspect misuse of your account.
      </p>
    ),
  },
  {
    id: 'age',
    title: 'Age requirement',
    body: (
      <p>
        Saathi is for adults looking for a marriage partner. Profiles are for people aged 18 or older, whether
        they create the profile themselves or a parent creates it for them. We remove profiles of anyone under 18.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy we will update the date above and, for important changes, let you know in the app
        or by email before the change takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about your privacy or requests about your data: email{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or use the form on our{' '}
        <Link to={paths.help}>Help page</Link>.
      </p>
    ),
  },
];

/** The opening paragraph of the binding text. */
export const PRIVACY_INTRO = (
  <p>
    Your trust matters more to us than anything else. This policy describes how Saathi handles your personal
    information.
  </p>
);
