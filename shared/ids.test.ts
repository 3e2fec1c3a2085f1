import { describe, expect, it } from 'vitest';
import { ID_TIME_LENGTH, idFor, idTime, isId, newId, seededTail } from './ids';

describe('newId', () => {
  it('makes valid, unique, time-ordered ULIDs', () => {
    const ids = Array.from({ length: 2000 }, () => newId());
    expect(ids.every(isId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('carries the time it was made at, even a time before ids already made', () => {
    newId();
    expect(idTime(newId(Date.parse('2026-11-21T09:00:00Z'))).toISOString()).toBe('2026-11-21T09:00:00.000Z');
    expect(idTime(newId(Date.parse('2000-01-01T00:00:00Z'))).toISOString()).toBe('2000-01-01T00:00:00.000Z');
    const later = Date.now() + 60_000;
    expect(idTime(newId(later)).getTime()).toBe(later);
  });

  it('spreads its random part over the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 500 }, () => newId().slice(10)).join(''));
    expect(seen.size).toBe(32);
  });
});

describe('idFor', () => {
  it('makes a valid ULID at the given time whose tail depends only on the seed', () => {
    const at = Date.parse('2026-11-25T09:00:00Z');
    const id = idFor('key-1', at);
    expect(isId(id)).toBe(true);
    expect(idTime(id).getTime()).toBe(at);
    expect(idFor('key-1', at + 5000).slice(ID_TIME_LENGTH)).toBe(id.slice(ID_TIME_LENGTH));
    expect(id.slice(ID_TIME_LENGTH)).toBe(seededTail('key-1'));
    expect(seededTail('key-2')).not.toBe(seededTail('key-1'));
  });

  it('spreads its tails over the whole alphabet and does not repeat them', () => {
    const tails = Array.from({ length: 2000 }, (_, i) => seededTail(`seed-${i}`));
    expect(new Set(tails).size).toBe(tails.length);
    expect(tails.every((tail) => /^[0-9A-HJKMNP-TV-Z]{16}$/.test(tail))).toBe(true);
    expect(new Set(tails.join('')).size).toBe(32);
  });
});
