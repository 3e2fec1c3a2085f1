import { describe, expect, it } from 'vitest';
import { listText, whoText } from './console-text';

const units = new Map([
  ['eng', 'Engineering'],
  ['sales', 'Sales'],
  ['ops', 'Operations'],
]);
const who = (memberType: 'Employee' | 'Any', employmentTypes: ('Permanent' | 'Contractor' | 'Casual')[], businessUnitIds: string[], names: ReadonlyMap<string, string> | 'unknown' = units) =>
  whoText({ memberType, restrictions: { employmentTypes, businessUnitIds } }, names === 'unknown' ? undefined : names);

describe('who a campaign matches', () => {
  it('says everyone when nothing is restricted, and permanent staff for a staff campaign', () => {
    expect(who('Any', [], [])).toBe('Everyone');
    expect(who('Employee', [], [])).toBe('Permanent staff');
    expect(who('Employee', ['Permanent'], [])).toBe('Permanent staff');
  });

  it('names the employment types and business units, in the order they are offered', () => {
    expect(who('Employee', [], ['eng'])).toBe('Permanent staff in Engineering');
    expect(who('Any', ['Casual', 'Contractor'], [])).toBe('Contract and casual staff');
    expect(who('Any', ['Permanent', 'Contractor', 'Casual'], ['eng', 'sales', 'ops'])).toBe('Permanent, contract and casual staff in Engineering, Sales and Operations');
    expect(who('Any', [], ['sales', 'gone'])).toBe('Everyone in Sales and a removed business unit');
  });

  it('counts the business units while their names are not known', () => {
    expect(who('Any', [], ['eng'], 'unknown')).toBe('Everyone in one business unit');
    expect(who('Employee', [], ['eng', 'sales'], 'unknown')).toBe('Permanent staff in 2 business units');
  });

  it('says no one is matched when a staff campaign is restricted to other employment types', () => {
    expect(who('Employee', ['Contractor'], [])).toBe('No one: a staff campaign matches permanent employees only');
  });

  it('lists words in plain English', () => {
    expect(listText([])).toBe('');
    expect(listText(['a'])).toBe('a');
    expect(listText(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
