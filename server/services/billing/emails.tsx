import { Text } from '@react-email/components';
import type { Translator } from '../../i18n';
import { EmailLayout, type RenderedEmail, paragraph, renderEmail } from '../email/templates';

/**
 * Billing emails (receipt, failed renewal) in the layout of every email, as HTML and a plain-text part. They are
 * transactional (about money the member paid or owes), so they carry no unsubscribe link.
 */
export function billingEmail(p: { t: Translator; subject: string; name: string; lines: string[]; action: { label: string; href: string } }): Promise<RenderedEmail> {
  return renderEmail(
    p.subject,
    <EmailLayout t={p.t} preview={p.lines[0] ?? p.subject} name={p.name} action={p.action} footer={p.t('server.email.billing.why')}>
      {p.lines.map((line) => (
        <Text key={line} style={paragraph}>
          {line}
        </Text>
      ))}
    </EmailLayout>,
  );
}
