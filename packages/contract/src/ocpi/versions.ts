import { z } from 'zod';

/** The versions an OCPI party may announce; we implement 2.2.1 only. */
export const ocpiVersionNumbers = ['2.0', '2.1', '2.1.1', '2.2', '2.2.1'] as const;
export type OcpiVersionNumber = (typeof ocpiVersionNumbers)[number];
export const OCPI_VERSION = '2.2.1' satisfies OcpiVersionNumber;

/** Module identifiers of OCPI 2.2.1 (version_information_endpoint, ModuleID). */
export const ocpiModuleIds = [
  'cdrs',
  'chargingprofiles',
  'commands',
  'credentials',
  'hubclientinfo',
  'locations',
  'sessions',
  'tariffs',
  'tokens',
] as const;
export type OcpiModuleId = (typeof ocpiModuleIds)[number];

/** Which side of a functional module an endpoint is (InterfaceRole). */
export const ocpiInterfaceRoles = ['SENDER', 'RECEIVER'] as const;
export type OcpiInterfaceRole = (typeof ocpiInterfaceRoles)[number];

const urlSchema = z.string().url().max(255);

/**
 * One entry of a versions list. `version` stays a string: a partner may announce versions newer
 * than this list, which we skip rather than refuse.
 */
export const ocpiVersionSchema = z.object({
  version: z.string().min(1),
  url: urlSchema,
});
export type OcpiVersion = z.infer<typeof ocpiVersionSchema>;

export const ocpiVersionListSchema = z.array(ocpiVersionSchema);

/** An endpoint of a version's details; a module id we do not know is kept as a plain string. */
export const ocpiEndpointSchema = z.object({
  identifier: z.string().min(1),
  role: z.enum(ocpiInterfaceRoles),
  url: urlSchema,
});
export type OcpiEndpoint = z.infer<typeof ocpiEndpointSchema>;

export const ocpiVersionDetailsSchema = z.object({
  version: z.string().min(1),
  endpoints: z.array(ocpiEndpointSchema).min(1),
});
export type OcpiVersionDetails = z.infer<typeof ocpiVersionDetailsSchema>;
