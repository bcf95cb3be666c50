import { Body, Button, Container, Head, Hr, Html, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { ReactNode } from 'react';

/**
 * Billing emails (receipt, failed renewal) in the look of the notification emails, as HTML and a plain-text
 * part. They are transactional (about money the member paid or owes), so they carry no unsubscribe link.
 */
const colors = { maroon: '#7a1f3d', ink: '#2b2024', muted: '#6b5a60', cream: '#fbf6f2', border: '#eadfd8' };

function Layout({ preview, name, lines, action }: { preview: string; name: string; lines: ReactNode[]; action: { label: string; href: string } }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, background: colors.cream, fontFamily: 'Helvetica, Arial, sans-serif', color: colors.ink }}>
        <Container style={{ maxWidth: 480, margin: '0 auto', padding: '24px 16px' }}>
          <Text style={{ fontSize: 20, fontWeight: 700, color: colors.maroon, margin: '0 0 16px' }}>Saathi</Text>
          <Section style={{ background: '#ffffff', border: `1px solid ${colors.border}`, borderRadius: 12, padding: '20px 18px' }}>
            <Text style={{ fontSize: 16, margin: '0 0 12px' }}>Namaste {name},</Text>
            {lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of paragraphs
              <Text key={i} style={{ fontSize: 15, lineHeight: '22px', margin: '0 0 12px' }}>
                {line}
              </Text>
            ))}
            <Button href={action.href} style={{ background: colors.maroon, color: '#ffffff', borderRadius: 999, padding: '12px 22px', fontWeight: 700, fontSize: 15 }}>
              {action.label}
            </Button>
          </Section>
          <Hr style={{ borderColor: colors.border, margin: '20px 0 12px' }} />
          <Text style={{ fontSize: 12, color: colors.muted, margin: 0 }}>This email is about your Saathi subscription; it is sent for every payment.</Text>
        </Container>
      </Body>
    </Html>
  );
}

export async function billingEmail(p: { subject: string; name: string; lines: string[]; action: { label: string; href: string } }): Promise<{ subject: string; html: string; text: string }> {
  const element = <Layout preview={p.lines[0] ?? p.subject} name={p.name} lines={p.lines} action={p.action} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: p.subject, html, text };
}
