import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import { invalidParameters, OcpiError } from '../roaming/errors.js';
import type { EmspEmulatorContext } from './context.js';

/** The CPO party the URL names: only the platform's own (it may push only its own objects). */
export function cpoParty(ctx: EmspEmulatorContext, request: FastifyRequest) {
  const p = request.params as { country_code?: string; party_id?: string };
  const countryCode = (p.country_code ?? '').toUpperCase();
  const partyId = (p.party_id ?? '').toUpperCase();
  const ours = ctx.config.ocpiParty;
  if (countryCode !== ours.countryCode.toUpperCase() || partyId !== ours.partyId.toUpperCase())
    throw new OcpiError(
      403,
      ocpiStatus.CLIENT_ERROR,
      'these credentials may only push objects of their own country_code and party_id',
    );
  return { countryCode, partyId };
}

/** The request body read with a contract schema; an invalid one is a 2001 naming the first problem. */
export function bodyOf<S extends z.ZodType>(schema: S, request: FastifyRequest): z.infer<S> {
  const parsed = schema.safeParse(request.body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    throw invalidParameters(`Invalid object: ${where}${first?.message ?? 'missing'}`);
  }
  return parsed.data as z.infer<S>;
}

/** A PATCH body: an object with last_updated (the fields it changes). */
export function patchOf(request: FastifyRequest): Record<string, unknown> & {
  last_updated: string;
} {
  const b = request.body;
  if (!b || typeof b !== 'object' || Array.isArray(b))
    throw invalidParameters('a PATCH needs a JSON object');
  const lu = (b as { last_updated?: unknown }).last_updated;
  if (typeof lu !== 'string' || Number.isNaN(Date.parse(lu)))
    throw invalidParameters('a PATCH needs last_updated');
  return b as Record<string, unknown> & { last_updated: string };
}

/** A PUT whose body names another object than the URL. */
export function sameId(urlId: string, bodyId: string, what: string): void {
  if (urlId !== bodyId) throw invalidParameters(`the ${what} in the body is not the URL's`);
}

export const unknownLocation = () =>
  new OcpiError(404, ocpiStatus.UNKNOWN_LOCATION, 'Unknown location');
export const unknownObject = (what: string) =>
  new OcpiError(404, ocpiStatus.CLIENT_ERROR, `Unknown ${what}`);
