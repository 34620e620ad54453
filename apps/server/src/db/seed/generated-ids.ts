/**
 * Ids of the charge points the scale-test generator makes (`npm run seed -- --locations N`)
 * start so. The in-process sandbox simulators leave them alone (ocpp/sandbox.ts).
 */
export const GENERATED_CHARGE_POINT_PREFIX = 'HU-GEN-';
