import { decodeTime, isValid, monotonicFactory } from 'ulid';

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

const nextUlid = monotonicFactory(pooledRandom());

/** The one id generator: sortable ULIDs (time-ordered, 26 chars, Crockford base32). */
export function newId(now: number = Date.now()): string {
  return nextUlid(now);
}

export function isId(value: string): boolean {
  return isValid(value);
}

export function idTime(id: string): Date {
  return new Date(decodeTime(id));
}
