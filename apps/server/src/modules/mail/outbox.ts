import type { Lang } from '@voltpark/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { mailOutbox, type MailAttachment } from '../../db/schema/accounts.js';
import { renderMail, type MailTemplate } from './templates.js';

/** Renders a mail in the recipient's language and stores it; delivery happens in the background. */
export async function queueMail(db: DbOrTx, to: string, lang: Lang, mail: MailTemplate) {
  return (await queueMailOnce(db, to, lang, mail, null))!;
}

/**
 * Like queueMail, but a mail with the same `dedupeKey` is stored only once (a replayed event
 * sends nothing more). Returns the new mail's id, or null when it was queued before.
 */
export async function queueMailOnce(
  db: DbOrTx,
  to: string,
  lang: Lang,
  mail: MailTemplate,
  dedupeKey: string | null,
  attachments: MailAttachment[] | null = null,
): Promise<number | null> {
  const rendered = renderMail(mail, lang);
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: to,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      template: mail.template,
      lang,
      dedupeKey,
      attachments,
    })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  return row?.id ?? null;
}

export function listMailbox(db: Db, limit = 100) {
  return db
    .select({
      id: mailOutbox.id,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}

export async function readMail(db: Db, id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}
