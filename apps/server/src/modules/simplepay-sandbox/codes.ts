/**
 * Error codes the emulator answers with (`{"errorCodes":[…]}`, HTTP 200, signed when the
 * merchant is known). Numbers follow SimplePay where NOTES.md names them; the rest are the
 * emulator's documented choice (see README.md in this folder).
 */
export const SandboxError = {
  /** Unexpected failure inside the emulator. */
  internal: 5000,
  /** `merchant` is not a merchant of this emulator (the answer cannot be signed). */
  unknownMerchant: 5010,
  /** No transaction with that transactionId / orderRef for this merchant. */
  transactionNotFound: 5011,
  /** `orderRef` already used by this merchant. */
  duplicateOrderRef: 5013,
  /** finish: `originalTotal` is not the held total, or `approveTotal` is above it / negative. */
  finishTotalMismatch: 5020,
  /** finish: this transaction was already finished (captured or released). */
  alreadyFinished: 5021,
  /** The operation is not allowed in the transaction's status (e.g. refund before FINISHED). */
  wrongStatus: 5022,
  /** Stored card: no such card (or its registration was never paid). */
  cardUnknown: 5040,
  /** Stored card: the secret code does not match. */
  cardWrongSecret: 5041,
  /** Stored card: the card has expired. */
  cardExpired: 5042,
  /** Stored card: the card was cancelled (cardcancel). */
  cardCancelled: 5043,
  /** Recurring token: unknown (or belongs to another merchant). */
  tokenUnknown: 5081,
  /** Recurring token: already used. */
  tokenUsed: 5082,
  /** Recurring token: past its `until`. */
  tokenExpired: 5083,
  /** Recurring token: cancelled (tokencancel, or its card was cancelled). */
  tokenCancelled: 5084,
  /** dorecurring: `total` is above the token's `maxAmount`. */
  tokenAmountTooHigh: 5085,
  /** Recurring token: the registration that issued it has not been paid (yet). */
  tokenNotActive: 5086,
  /** start: `recurring` is incomplete or invalid (times 1–100, until in the future, maxAmount > 0). */
  recurringInvalid: 5087,
  /** dorecurring / tokenquery / tokencancel: `token` missing. */
  tokenMissing: 5090,
  /** refund: `refundTotal` missing, not positive, or above the remaining total. */
  refundTotalInvalid: 5110,
  /** Neither `orderRef` nor `transactionId` given. */
  refMissing: 5111,
  /** `sdkVersion` missing. */
  sdkVersionMissing: 5113,
  /** `merchant` missing. */
  merchantMissing: 5201,
  /** `orderRef` missing. */
  orderRefMissing: 5213,
  /** `customerEmail` missing or not an e-mail address. */
  emailInvalid: 5219,
  /** `language` missing or not a SimplePay language. */
  languageInvalid: 5220,
  /** `currency` missing or not the merchant's currency. */
  currencyInvalid: 5223,
  /**
   * Any other missing or invalid field: total, timeout, url/urls, methods, cardId, cardSecret,
   * type, browser, originalTotal, approveTotal, transactionIds/orderRefs.
   */
  fieldInvalid: 5300,
  /** `Signature` header does not match the body. */
  badSignature: 5302,
  /** `Signature` header missing. */
  signatureMissing: 5303,
  /** The body is not a JSON object. */
  badJson: 5321,
  /** `cardId` missing (cardquery / cardcancel / do). */
  cardIdMissing: 5333,
} as const;

/** `r` codes of the back redirect (and of `resultCode` in the emulator's tables). */
export const BackResult = {
  success: 0,
  /** Declined: insufficient funds (test card 4000 0000 0000 0002). */
  insufficientFunds: 2013,
  /** The user pressed Cancel. */
  cancelledByUser: 2016,
  /** The user let the page time out, or `timeout` passed. */
  timeout: 2019,
  /** 3-D Secure authentication failed (challenge code 1111). */
  threeDsFailed: 2021,
  /** Declined: the card has expired (test card 4000 0000 0000 0069). */
  cardExpired: 2072,
} as const;
