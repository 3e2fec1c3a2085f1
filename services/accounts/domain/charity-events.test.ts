import { describe, expect, it } from 'vitest';
import { profileVersion } from './charity-events';

describe('profileVersion', () => {
  it('orders stream sequence numbers as text the way they order as numbers', () => {
    const sequences = ['9', '10', '4000000000000000000123', '39999999999999999999999999999999999999', '100000000000000000000000000000000000000'];
    const versions = sequences.map(profileVersion);
    expect(versions.every((v) => v.length === 40)).toBe(true);
    expect([...versions].sort()).toEqual(versions);
  });
});
