import { describe, expect, it } from 'vitest';
import { truncate } from './text';

describe('truncate', () => {
  it('leaves short text alone', () => {
    expect(truncate('Reef Rescue', 50)).toBe('Reef Rescue');
    expect(truncate('x'.repeat(50), 50)).toBe('x'.repeat(50));
  });

  it('cuts long text to at most max characters, ending with an ellipsis', () => {
    expect(truncate('x'.repeat(81), 80)).toBe(`${'x'.repeat(79)}…`);
    expect(truncate('Breakfast in schools for every child', 12)).toBe('Breakfast i…');
    expect(truncate('Breakfast in schools', 11)).toBe('Breakfast…');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncate('Whānau 🌿🌿🌿', 8)).toBe('Whānau…');
    expect(Array.from(truncate('🌿'.repeat(10), 5))).toHaveLength(5);
  });
});
