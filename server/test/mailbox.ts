import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A reply refusing a mail, as a mail server sends it (550 "5.1.1 No such user here", 451 "try later"). */
export interface SmtpRefusal {
  code: number;
  text: string;
}

export interface MailboxOptions {
  /** asked at RCPT TO for each recipient (lower-cased): a refusal, or null to accept it */
  refuseRecipient?: (address: string) => SmtpRefusal | null;
  /** asked once a message is received, with its first recipient: a refusal, or null to keep it */
  refuseMessage?: (to: string) => SmtpRefusal | null;
  /** the port to listen on, for a mail server that comes up late (default: any free one) */
  port?: number;
}

/** A real SMTP server on loopback for a test file: every message it accepts, parsed, in `inbox`. */
export interface Mailbox {
  inbox: ParsedMail[];
  /** every recipient it was asked about (RCPT TO), accepted or refused, lower-cased, in order */
  recipients: string[];
  /** the `SMTP_URL` to give the app */
  url: string;
  close(): Promise<void>;
}

const refused = (refusal: SmtpRefusal) => Object.assign(new Error(refusal.text), { responseCode: refusal.code });

export async function startMailbox(options: MailboxOptions = {}): Promise<Mailbox> {
  const inbox: ParsedMail[] = [];
  const recipients: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      recipients.push(to);
      const refusal = options.refuseRecipient?.(to);
      callback(refusal ? refused(refusal) : undefined);
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo[0]?.address.toLowerCase() ?? '';
      simpleParser(stream)
        .then((mail) => {
          const refusal = options.refuseMessage?.(to);
          if (refusal) return callback(refused(refusal));
          inbox.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { inbox, recipients, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
