import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP-recommended minimum (19 MiB, 2 passes, 1 lane). */
// 2 = Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password: verifying against it costs the same as a real check, so a login
 * for an unknown e-mail takes as long as one with a wrong password (no user enumeration by timing).
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}
