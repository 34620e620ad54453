import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import type { OcpiCredentials, OcpiCredentialsRole } from '@voltpark/contract/ocpi/credentials';
import {
  OCPI_VERSION,
  ocpiVersionDetailsSchema,
  ocpiVersionListSchema,
  type OcpiEndpoint,
} from '@voltpark/contract/ocpi/versions';
import type { Config } from '../../config.js';
import { ocpiCall, OcpiUnreachableError, type OcpiClientDeps } from './client.js';
import { RoamingError } from './errors.js';

/** Our base address: the versions list. */
export const ocpiVersionsUrl = (config: Config) =>
  `${config.publicUrl.replace(/\/+$/, '')}/ocpi/versions`;
export const ocpiVersionUrl = (config: Config) =>
  `${config.publicUrl.replace(/\/+$/, '')}/ocpi/${OCPI_VERSION}`;

/** Our roles: one platform that is both CPO (our chargers) and eMSP (our drivers). */
export function ourRoles(config: Config): OcpiCredentialsRole[] {
  const r = config.roaming;
  const business_details = {
    name: r.businessName,
    ...(r.businessWebsite ? { website: r.businessWebsite } : {}),
  };
  return (['CPO', 'EMSP'] as const).map((role) => ({
    role,
    business_details,
    party_id: r.partyId,
    country_code: r.countryCode,
  }));
}

/** Our credentials for a partner, carrying the token it is to use with us. */
export function ourCredentials(config: Config, token: string): OcpiCredentials {
  return { token, url: ocpiVersionsUrl(config), roles: ourRoles(config) };
}

/** Why a partner's API could not be used; `statusCode` is the OCPI code to answer with. */
export class PartnerApiError extends RoamingError {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'PartnerApiError';
  }
}

export interface PartnerVersion {
  version: typeof OCPI_VERSION;
  endpoints: OcpiEndpoint[];
  credentialsUrl: string;
}

/** Reads a partner's versions and its 2.2.1 details with the token it gave us. */
export async function fetchPartnerVersion(
  deps: OcpiClientDeps,
  input: { versionsUrl: string; token: string; partnerId: number | null; correlationId: string },
): Promise<PartnerVersion> {
  const call = async (url: string, what: string) => {
    try {
      const a = await ocpiCall(deps, {
        partnerId: input.partnerId,
        method: 'GET',
        url,
        token: input.token,
        module: 'versions',
        correlationId: input.correlationId,
      });
      if (a.httpStatus !== 200 || a.envelope.status_code !== ocpiStatus.SUCCESS)
        throw new PartnerApiError(
          ocpiStatus.UNABLE_TO_USE_CLIENT_API,
          `the partner's ${what} answered HTTP ${a.httpStatus}, OCPI ${a.envelope.status_code}${
            a.envelope.status_message ? ` (${a.envelope.status_message})` : ''
          }`,
        );
      return a.envelope.data;
    } catch (err) {
      if (err instanceof OcpiUnreachableError)
        throw new PartnerApiError(
          ocpiStatus.UNABLE_TO_USE_CLIENT_API,
          `the partner's ${what}: ${err.message}`,
        );
      throw err;
    }
  };
  const list = ocpiVersionListSchema.safeParse(await call(input.versionsUrl, 'versions list'));
  if (!list.success)
    throw new PartnerApiError(
      ocpiStatus.UNABLE_TO_USE_CLIENT_API,
      "the partner's versions list is not a list of versions",
    );
  const ours = list.data.find((v) => v.version === OCPI_VERSION);
  if (!ours)
    throw new PartnerApiError(
      ocpiStatus.UNSUPPORTED_VERSION,
      `the partner offers OCPI ${list.data.map((v) => v.version).join(', ') || 'no version'}, not ${OCPI_VERSION}`,
    );
  const details = ocpiVersionDetailsSchema.safeParse(await call(ours.url, 'version details'));
  if (!details.success || details.data.version !== OCPI_VERSION)
    throw new PartnerApiError(
      ocpiStatus.UNABLE_TO_USE_CLIENT_API,
      `the partner's ${OCPI_VERSION} details are not OCPI version details`,
    );
  const credentials = details.data.endpoints.find((e) => e.identifier === 'credentials');
  if (!credentials)
    throw new PartnerApiError(
      ocpiStatus.NO_MATCHING_ENDPOINTS,
      'the partner has no credentials endpoint',
    );
  return {
    version: OCPI_VERSION,
    endpoints: details.data.endpoints,
    credentialsUrl: credentials.url,
  };
}

/** Whether a credentials object speaks for the party (country code and party id, any letter case). */
export function rolesInclude(
  roles: readonly OcpiCredentialsRole[],
  countryCode: string,
  partyId: string,
): boolean {
  return roles.some(
    (r) =>
      r.country_code.toUpperCase() === countryCode.toUpperCase() &&
      r.party_id.toUpperCase() === partyId.toUpperCase(),
  );
}
