import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Text } from '@react-email/components';
import { render } from '@react-email/render';

/** The kinds of email a member gets; account kinds carry no unsubscribe link (they cannot be turned off). */
export type TemplateKind = 'new_match' | 'new_message' | 'password_reset' | 'confirm_email';

export interface TemplateInput {
  kind: TemplateKind;
  /** The recipient's first name, as shown in the greeting. */
  name: string;
  /** Public URL of the deployment (no trailing slash): every link in an email must be absolute. */
  publicUrl: string;
  /** In-app path the main button opens, e.g. `/matches` or `/chat/12`. */
  path: string;
  /** The other member's first name for match/message emails. */
  otherName?: string;
  /** Absolute one-click unsubscribe URL; required for every non-account kind. */
  unsubscribeUrl?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const COPY: Record<TemplateKind, (input: TemplateInput) => { subject: string; lead: string; action: string }> = {
  new_match: (i) => ({ subject: `You and ${i.otherName ?? 'a member'} are a match`, lead: `You and ${i.otherName ?? 'a member'} liked each other. Say hello while it is fresh.`, action: 'Open your matches' }),
  new_message: (i) => ({ subject: `New message from ${i.otherName ?? 'a match'}`, lead: `${i.otherName ?? 'A match'} wrote to you on Saathi.`, action: 'Read the message' }),
  password_reset: () => ({ subject: 'Reset your Saathi password', lead: 'Someone asked to reset your password. If it was not you, ignore this email.', action: 'Choose a new password' }),
  confirm_email: () => ({ subject: 'Confirm your email for Saathi', lead: 'Confirm this address so we can reach you about matches and messages.', action: 'Confirm my email' }),
};

const ACCOUNT_KINDS: ReadonlySet<TemplateKind> = new Set(['password_reset', 'confirm_email']);

function Layout(props: { preview: string; name: string; lead: string; action: string; href: string; unsubscribeUrl?: string }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: '#f6f1ea', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 }}>
        <Container style={{ maxWidth: '560px', margin: '0 auto', padding: '24px 16px', backgroundColor: '#ffffff' }}>
          <Heading as="h1" style={{ fontSize: '20px', color: '#8a1c3c' }}>Saathi</Heading>
          <Text style={{ fontSize: '16px' }}>Namaste {props.name},</Text>
          <Text style={{ fontSize: '16px', lineHeight: '24px' }}>{props.lead}</Text>
          <Link href={props.href} style={{ display: 'inline-block', padding: '12px 20px', backgroundColor: '#8a1c3c', color: '#ffffff', borderRadius: '6px', fontSize: '16px' }}>
            {props.action}
          </Link>
          {props.unsubscribeUrl ? (
            <>
              <Hr />
              <Text style={{ fontSize: '12px', color: '#666666' }}>
                You get this email because of your notification settings. <Link href={props.unsubscribeUrl}>Unsubscribe from these emails</Link>
              </Text>
            </>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/** Renders one email to an HTML part and a plain-text part from the same React template. */
export async function renderEmail(input: TemplateInput): Promise<RenderedEmail> {
  if (!ACCOUNT_KINDS.has(input.kind) && !input.unsubscribeUrl) {
    throw new Error(`A ${input.kind} email needs an unsubscribe link`);
  }
  const copy = COPY[input.kind](input);
  const href = `${input.publicUrl.replace(/\/+$/, '')}${input.path.startsWith('/') ? input.path : `/${input.path}`}`;
  const element = <Layout preview={copy.lead} name={input.name} lead={copy.lead} action={copy.action} href={href} unsubscribeUrl={input.unsubscribeUrl} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: copy.subject, html, text };
}
