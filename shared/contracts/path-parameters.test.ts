import { describe, expect, it } from 'vitest';
import { newId } from '../ids';
import { isPathParameterName, PATH_PARAMETERS, parameterMustBeDefined, pathParameterNames, pathParameters } from './path-parameters';

const MALFORMED = ['a'.repeat(2000), 'ünïcødé', '../', '..%2F', '\u0000', ' ', '', `${newId()} `, 'kiwi_coast', 'Kiwi'];
/** Also slug-shaped, so only for ids: a ULID is upper case and exactly 26 characters. */
const MALFORMED_IDS = ['x'.repeat(26), newId().toLowerCase(), `${newId()}0`, 'NOSUCHID'];

describe('the path parameter table', () => {
  it('accepts what the platform makes: ULIDs, Cognito subs and slugs', () => {
    expect(PATH_PARAMETERS.charityId.safeParse(newId()).success).toBe(true);
    expect(PATH_PARAMETERS.memberId.safeParse('7d0b7f0e-3c44-4a8e-9f0e-1a2b3c4d5e6f').success).toBe(true);
    expect(PATH_PARAMETERS.charityUrl.safeParse('kiwi-coast-rescue').success).toBe(true);
    expect(PATH_PARAMETERS.templateName.safeParse('badge-awarded').success).toBe(true);
  });

  it.each(Object.keys(PATH_PARAMETERS))('refuses malformed and 2,000-character values of %s', (name) => {
    const schema = PATH_PARAMETERS[name as keyof typeof PATH_PARAMETERS];
    const isSlug = /Url$|Name$/.test(name);
    for (const value of isSlug ? MALFORMED : [...MALFORMED, ...MALFORMED_IDS]) expect([value.slice(0, 30), schema.safeParse(value).success]).toEqual([value.slice(0, 30), false]);
  });

  it("says a missing parameter must be defined, in the spec's words", () => {
    const result = pathParameters('charityId', 'giftId').safeParse({ charityId: newId() });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['giftId', parameterMustBeDefined('giftId')]]);
    expect(parameterMustBeDefined('opportunityId')).toBe("The parameter 'opportunityId' must be defined.");
    expect(PATH_PARAMETERS.charityId.safeParse('').error?.issues[0]?.message).toBe("The parameter 'charityId' must be defined.");
    expect(PATH_PARAMETERS.charityId.safeParse('kiwi').error?.issues[0]?.message).toBe('Invalid charity.');
  });

  it('reads parameter names from a route path', () => {
    expect(pathParameterNames('/donations/charity/{charityId}/gifts/{giftId}/image')).toEqual(['charityId', 'giftId']);
    expect(isPathParameterName('charityId')).toBe(true);
    expect(isPathParameterName('toString')).toBe(false);
  });
});
