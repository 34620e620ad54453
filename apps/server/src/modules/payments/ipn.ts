import type { FastifyInstance } from 'fastify';
import { ipnEvents } from '../../db/schema/payments.js';
import { cancelReplacedCards } from './card-duplicates.js';
import { releaseRegistrationHold, settlePayment, type PaymentDeps } from './payments.js';
import { ipnReply, readIpn } from './simplepay/callbacks.js';

export const IPN_PATH = '/api/v1/simplepay/ipn';

/**
 * SimplePay's IPN. The raw body is verified before a byte of it is believed and kept as
 * evidence either way. A valid IPN settles the payment (idempotently: SimplePay retries for
 * days until it gets the signed echo with receiveDate) and is answered at once.
 */
export function registerIpnRoute(app: FastifyInstance, deps: PaymentDeps) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(IPN_PATH, async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const signature = req.headers.signature;
      const check = readIpn(
        deps.gateway.secretKey,
        raw,
        Array.isArray(signature) ? signature[0] : signature,
      );
      await deps.db.insert(ipnEvents).values({
        rawBody: raw.slice(0, 64 * 1024),
        signatureValid: check.ok || check.reason === 'body',
        orderRef: check.ok ? check.ipn.orderRef : null,
        transactionId: check.ok ? check.ipn.transactionId : null,
        status: check.ok ? check.ipn.status : null,
      });
      if (!check.ok) {
        req.log.warn({ reason: check.reason }, 'IPN rejected');
        return reply.status(check.reason === 'signature' ? 401 : 400).send({ error: check.reason });
      }
      const { ipn } = check;
      if (ipn.merchant !== deps.gateway.merchant)
        return reply.status(400).send({ error: 'merchant' });
      const settled = await settlePayment(deps.db, ipn.orderRef, {
        status: ipn.status,
        transactionId: ipn.transactionId,
        cardMask: ipn.cardMask,
        expiry: ipn.expiry,
      });
      if (!settled) req.log.warn({ orderRef: ipn.orderRef }, 'IPN for an unknown order');
      const answer = ipnReply(deps.gateway.secretKey, raw);
      if (settled) {
        // Releasing a card check hold is a call back to SimplePay: after the answer, retried by reconciliation.
        setImmediate(() => void releaseRegistrationHold(deps, settled).catch(() => {}));
        // A late IPN may have told the card of a registration settled earlier (decision 0055).
        if (settled.purpose === 'card_registration')
          setImmediate(() => void cancelReplacedCards(deps, settled.userId).catch(() => {}));
      }
      return reply.header('Signature', answer.signature).type('application/json').send(answer.body);
    });
  });
}
