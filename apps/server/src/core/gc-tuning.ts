import { setFlagsFromString } from 'node:v8';

/**
 * V8's allocation-site pretenuring is off for the server (decision 0069). After a burst that
 * kept many objects of one allocation site alive across scavenges (thousands of sockets
 * authenticating at once), V8 allocated everything from such sites straight into the old space
 * from then on: every query's row description and result, dead a few milliseconds later, so a
 * major GC followed every ~25 s at 333 parking changes a second, each with a burst of slow
 * calls. Without pretenuring they die young (bench/realtime: 7.5 → 1.2 MB/s into the old space).
 *
 * Imported first by main.ts, before the server allocates anything of its own.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
