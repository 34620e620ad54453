import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { MailAttachment } from '../../db/schema/accounts.js';

interface PendingMail {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
  attachments: MailAttachment[] | null;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

const BATCH = 20;
const MAX_ATTEMPTS = 12;

/**
 * Sends queued mails over SMTP_URL. A short statement leases a batch (claimed with FOR UPDATE
 * SKIP LOCKED, so replicas never take the same rows) for five minutes; sending happens outside
 * any transaction. A crash mid-send lets the lease lapse and the mail is tried again; a failure
 * backs off exponentially.
 */
export async function deliverPendingMail(
  db: Db,
  send: (m: OutgoingMail) => Promise<void>,
  log: FastifyBaseLogger,
): Promise<number> {
  const result = await db.execute(sql`
    update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '5 minutes'
    where id in (
      select id from mail_outbox
      where sent_at is null and next_attempt_at <= now() and attempts < ${MAX_ATTEMPTS}
      order by id limit ${BATCH} for update skip locked)
    returning id, to_address, subject, text_body, html_body, attempts, attachments`);
  const rows = (result as unknown as { rows: PendingMail[] }).rows;
  let delivered = 0;
  for (const m of rows) {
    try {
      await send({
        to: m.to_address,
        subject: m.subject,
        text: m.text_body,
        html: m.html_body,
        attachments: m.attachments ?? [],
      });
      await db.execute(
        sql`update mail_outbox set sent_at = now(), last_error = null where id = ${m.id}`,
      );
      delivered++;
    } catch (err) {
      const waitSeconds = Math.min(3600, 30 * 2 ** (m.attempts - 1));
      log.warn({ mailId: m.id, err: (err as Error).message }, 'mail delivery failed');
      await db.execute(sql`
        update mail_outbox set last_error = ${(err as Error).message.slice(0, 500)},
        next_attempt_at = now() + make_interval(secs => ${waitSeconds}) where id = ${m.id}`);
    }
  }
  return delivered;
}

export function smtpSender(smtpUrl: string, from: string) {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (m: OutgoingMail) => {
    await transport.sendMail({
      from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      attachments: (m.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, 'base64'),
      })),
    });
  };
}

/** Runs delivery every few seconds until stopped. */
export function startMailDelivery(db: Db, smtpUrl: string, from: string, log: FastifyBaseLogger) {
  const send = smtpSender(smtpUrl, from);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverPendingMail(db, send, log)
      .catch((err: unknown) => log.error({ err }, 'mail delivery round failed'))
      .finally(() => {
        running = false;
      });
  }, 5000);
  timer.unref();
  return () => clearInterval(timer);
}
