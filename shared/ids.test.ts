import { describe, expect, it } from 'vitest';
import { idTime, isId, newId } from './ids';

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
