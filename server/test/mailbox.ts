import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback for a test file: every message it accepts, parsed, in `inbox`. */
export interface Mailbox {
  inbox: ParsedMail[];
  /** the `SMTP_URL` to give the app */
  url: string;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const inbox: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { inbox, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
