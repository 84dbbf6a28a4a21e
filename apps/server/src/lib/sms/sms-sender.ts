import { outboxLog, writeOutbox, type TransportDeps } from '../mail/outbox.ts';

export interface SmsMessage {
  to: string;
  purpose: string;
  text: string;
  /** the one-time code the text carries: the outbox transport logs it outside production */
  code?: string;
}

/** Delivers one text message; throws when the transport refused it. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

const WEBHOOK_TIMEOUT_MS = 10_000;

/** The transport named by SMS_TRANSPORT: a JSON webhook (the operator's SMS gateway), the outbox, or stdout. */
export function createSmsSender(deps: TransportDeps): SmsSender {
  const { config, log } = deps;
  if (config.sms.transport === 'webhook') {
    const url = config.sms.webhookUrl!;
    return {
      async send(message) {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: message.to, text: message.text, purpose: message.purpose }),
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        });
        if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
        log.info({ channel: 'sms', purpose: message.purpose }, 'sms handed to the webhook');
      },
    };
  }
  if (config.sms.transport === 'file') {
    return {
      async send({ code, ...message }) {
        const file = await writeOutbox(config.dataDir, { channel: 'sms', subject: '', ...message }, deps.clock);
        const line = outboxLog(config, 'sms', message.purpose, file, code);
        log.info(line.fields, line.message);
      },
    };
  }
  return {
    async send(message) {
      // Development delivery channel: the text goes to stdout, never into the structured log.
      console.log(`--- sms to ${message.to}\n${message.text}\n---`);
    },
  };
}
