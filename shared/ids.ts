import { decodeTime, isValid, monotonicFactory, ulid } from 'ulid';

/**
 * Random bytes drawn 256 at a time: the ulid package asks for one byte per character (16 calls per id), which
 * showed in profiles of the payment API. Each byte / 256 is uniform in [0, 1), as the package expects.
 */
function pooledRandom(): () => number {
  const pool = new Uint8Array(256);
  let next = pool.length;
  return () => {
    if (next === pool.length) {
      globalThis.crypto.getRandomValues(pool);
      next = 0;
    }
    return (pool[next++] as number) / 256;
  };
}

const random = pooledRandom();
const nextUlid = monotonicFactory(random);
let latest = 0;

/**
 * The one id generator: sortable ULIDs (time-ordered, 26 chars, Crockford base32). Ids made now are monotonic (ids
 * made in one millisecond still sort in order); an id for an earlier time (a seeded past donation, a fixed test clock)
 * carries that time rather than being pulled forward to the latest one.
 */
export function newId(now: number = Date.now()): string {
  if (now < latest) return ulid(now, random);
  latest = now;
  return nextUlid(now);
}

export function isId(value: string): boolean {
  return isValid(value);
}

export function idTime(id: string): Date {
  return new Date(decodeTime(id));
}
