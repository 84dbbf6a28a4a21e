import nodemailer from 'nodemailer';
import { outboxLog, writeOutbox, type TransportDeps } from './outbox.ts';

export interface MailMessage {
  to: string;
  purpose: string;
  subject: string;
  text: string;
  /** the one-time code the text carries: the outbox transport logs it outside production */
  code?: string;
}

/** Delivers one email; throws when the transport refused it. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The transport named by MAIL_TRANSPORT: real SMTP, the outbox folder (stamped by the app's clock), or standard output. */
export function createMailer(deps: TransportDeps): Mailer {
  const { config, log } = deps;
  if (config.mail.transport === 'smtp') {
    const transport = nodemailer.createTransport(config.mail.smtpUrl!);
    return {
      async send(message) {
        await transport.sendMail({
          from: config.mail.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
        log.info({ channel: 'email', purpose: message.purpose }, 'mail sent over SMTP');
      },
    };
  }
  if (config.mail.transport === 'file') {
    return {
      async send({ code, ...message }) {
        const file = await writeOutbox(config.dataDir, { channel: 'email', ...message }, deps.clock);
        const line = outboxLog(config, 'email', message.purpose, file, code);
        log.info(line.fields, line.message);
      },
    };
  }
  return {
    async send(message) {
      // The console transport is a delivery channel for development: the text goes to stdout, not the log.
      console.log(`--- email to ${message.to}: ${message.subject}\n${message.text}\n---`);
    },
  };
}
