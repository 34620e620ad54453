import { setFlagsFromString } from 'node:v8';

/**
 * The server's garbage collector settings (decision 0069), for calls that answer in steady
 * time on a small machine: a major GC's marking takes a CPU for itself, and every call running
 * meanwhile waits.
 *
 * - Allocation-site pretenuring off. After a burst that kept many objects of one allocation
 *   site alive across scavenges (thousands of sockets authenticating at once), V8 allocated
 *   everything from such sites straight into the old space from then on: every query's row
 *   description and result, dead a few milliseconds later. At 333 parking changes a second the
 *   old space grew 7.5 MB/s and a major GC followed every ~25 s; without pretenuring, 1.2 MB/s.
 * - The old space may grow to twice what the last major GC kept before the next one (V8 chose
 *   1.1× here, a major GC every ~9 s with 10,000 sockets). RSS peaked under 400 MB.
 *
 * Imported first by main.ts, before the server allocates anything of its own.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
setFlagsFromString('--heap-growing-percent=100');
