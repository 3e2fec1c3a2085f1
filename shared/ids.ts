import { createHash } from 'node:crypto';
import { decodeTime, encodeTime, isValid, monotonicFactory, ulid } from 'ulid';

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

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The characters of an id after its 10 time characters: its 80 bits of randomness (or, for idFor, of its seed). */
export const ID_TIME_LENGTH = 10;

/**
 * An id whose 16 random characters are a hash of `seed`, with `now` as its time: the same seed always gives the same
 * tail, so a record can be keyed by the tail alone and found again from the seed (the payment API keys a payment by
 * its Idempotency-Key this way, in one conditional write). 80 bits of SHA-256: collisions are not a practical concern.
 */
export function idFor(seed: string, now: number = Date.now()): string {
  return encodeTime(now, ID_TIME_LENGTH) + seededTail(seed);
}

/** The tail idFor gives a seed (and the tail of an id: `id.slice(ID_TIME_LENGTH)`). */
export function seededTail(seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  let tail = '';
  // 16 characters x 5 bits = the digest's first 80 bits.
  for (let bit = 0; bit < 80; bit += 5) {
    const byte = bit >> 3;
    const pair = ((digest[byte] as number) << 8) | (digest[byte + 1] as number);
    tail += CROCKFORD[(pair >> (11 - (bit & 7))) & 31];
  }
  return tail;
}
