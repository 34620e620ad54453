import {
  OCPI_VERSION,
  ocpiVersionDetailsSchema,
  ocpiVersionListSchema,
  type OcpiEndpoint,
} from '@voltpark/contract/ocpi/versions';
import { PeerCallError, peerCall, successData } from './client.js';

/** A platform's 2.2.1 endpoints, read over HTTP from its versions list with a token it gave. */
export async function readPlatformEndpoints(
  versionsUrl: string,
  token: string,
  opts: { timeoutMs: number; correlationId: string },
): Promise<{ endpoints: OcpiEndpoint[]; credentialsUrl: string }> {
  const get = async (url: string, what: string) =>
    successData(
      await peerCall(
        { method: 'GET', url, token, correlationId: opts.correlationId },
        opts.timeoutMs,
      ),
      what,
    );
  const list = ocpiVersionListSchema.safeParse(await get(versionsUrl, 'versions list'));
  if (!list.success) throw new PeerCallError('the versions list is not a list of versions');
  const v = list.data.find((x) => x.version === OCPI_VERSION);
  if (!v) throw new PeerCallError(`the platform does not offer OCPI ${OCPI_VERSION}`);
  const details = ocpiVersionDetailsSchema.safeParse(await get(v.url, 'version details'));
  if (!details.success || details.data.version !== OCPI_VERSION)
    throw new PeerCallError(`the ${OCPI_VERSION} details are not OCPI version details`);
  const credentials = details.data.endpoints.find((e) => e.identifier === 'credentials');
  if (!credentials) throw new PeerCallError('the platform has no credentials endpoint');
  return { endpoints: details.data.endpoints, credentialsUrl: credentials.url };
}
