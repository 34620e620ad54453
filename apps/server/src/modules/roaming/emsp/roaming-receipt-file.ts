import type { Lang } from '@voltpark/contract';
import type { InvoicingConfig } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { ApiError, notFound } from '../../../core/errors.js';
import { userOfToken } from '../../invoices/serving.js';
import { renderRoamingReceiptPdf } from './roaming-receipt-pdf.js';
import { roamingReceiptView } from './roaming-receipt-view.js';

/**
 * GET /api/file?type=roaming_receipt&name=<rowNumber>.pdf&token (decision 0057): the PDF of the
 * caller's roaming receipt, made when asked from the same view as the receipt page, so it shows
 * what the page shows (a rest paid later included). Someone else's and a made-up number answer
 * alike (404).
 */
export async function roamingReceiptPdfFor(
  db: Db,
  issuer: InvoicingConfig['seller'],
  name: string,
  token: string | undefined,
  headerUserId: number | null,
  lang: Lang,
): Promise<{ body: Buffer; filename: string }> {
  const userId = headerUserId ?? (token ? await userOfToken(db, token) : null);
  if (userId === null)
    throw new ApiError(401, 'error.unauthorized', { responseCode: 'UNAUTHORIZED' });
  const rowNumber = /^([1-9][0-9]{0,8})\.pdf$/.exec(name)?.[1];
  const receipt = rowNumber ? await roamingReceiptView(db, userId, Number(rowNumber)) : null;
  if (!receipt) throw notFound('file.notFound');
  return { body: await renderRoamingReceiptPdf(receipt, lang, issuer), filename: name };
}
