import type { Severity } from '@voltpark/contract';

export interface FieldProblem {
  field: string;
  messageKey: string;
}

/**
 * An error the user can cause and should be told about. The error handler turns it into the
 * SPEC response shape with the message translated by X-Lang. Anything else becomes a 500.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    readonly options: {
      responseCode?: string;
      severity?: Severity;
      fields?: FieldProblem[];
      useAlert?: boolean;
      /** Values for `{{name}}` placeholders of the message text. */
      vars?: Record<string, string | number>;
    } = {},
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}

export const notFound = (messageKey = 'error.notFound') =>
  new ApiError(404, messageKey, { responseCode: 'NOT_FOUND' });
export const badRequest = (messageKey = 'error.badRequest', fields?: FieldProblem[]) =>
  new ApiError(400, messageKey, { responseCode: 'BAD_REQUEST', fields });
