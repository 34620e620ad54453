import { createRequire } from 'node:module';
import { createRPCError, createValidator } from 'ocpp-rpc';

const require = createRequire(import.meta.url);
const schema = require('ocpp-rpc/lib/schemas/ocpp1_6.json') as object[];

/** OCPP-J 1.6 spells these differently from later versions (errata v1.0 §5, as ocpp-rpc). */
const CODES_1_6: Record<string, string> = {
  FormatViolation: 'FormationViolation',
  OccurenceConstraintViolation: 'OccurrenceConstraintViolation',
};

type RpcError = Error & { rpcErrorCode?: string; details?: { errors?: unknown } };

/**
 * ocpp-rpc's OCPP 1.6 schema validation, but a failure's CALLERROR carries only its code and
 * the short schema message: ocpp-rpc would also send the validator's internals and echo the
 * whole payload in the details. The validator's errors stay on the error (`cause`) for the log.
 */
export function ocpp16Validator() {
  const validator = createValidator('ocpp1.6', schema);
  const validate = validator.validate.bind(validator);
  validator.validate = (schemaId: string, params: unknown) => {
    try {
      return validate(schemaId, params);
    } catch (e) {
      const err = e as RpcError;
      const code = err.rpcErrorCode ?? 'FormationViolation';
      const quiet = createRPCError(CODES_1_6[code] ?? code, err.message, {}) as RpcError;
      quiet.cause = err.details?.errors;
      throw quiet;
    }
  };
  return validator;
}
