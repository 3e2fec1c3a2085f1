import { describe, expect, it } from 'vitest';
import { DUPLICATE_RECIPIENT, TOO_MANY_RECIPIENTS } from '@giving/shared/contracts/vouchers';
import { NO_PEOPLE_YET, orderFieldFor, parsePeopleLines, toOrderDraft, workplaceVoucherOrderFormSchema } from './workplace-voucher-order-schema';

const issues = (people: { email: string; name: string }[], voucherValue = '25') =>
  workplaceVoucherOrderFormSchema.safeParse({ voucherValue, people, message: '' }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('parsePeopleLines', () => {
  it('reads an address a line, or a name and its address, as people write and copy them', () => {
    expect(
      parsePeopleLines(
        [
          'aroha@example.com',
          '  Ben Tui <ben@example.com>  ',
          '',
          '"Liu, Grace" <grace@example.com>; Tama <tama@example.com>',
          'Hine Walker\thine@example.com',
          'mere@example.com\tMere Tipene',
          '<sam@example.com>',
          'not an address',
        ].join('\r\n'),
      ),
    ).toEqual([
      { email: 'aroha@example.com' },
      { email: 'ben@example.com', name: 'Ben Tui' },
      { email: 'grace@example.com', name: 'Liu, Grace' },
      { email: 'tama@example.com', name: 'Tama' },
      { email: 'hine@example.com', name: 'Hine Walker' },
      { email: 'mere@example.com', name: 'Mere Tipene' },
      { email: 'sam@example.com' },
      { email: 'not an address' },
    ]);
    expect(parsePeopleLines(' \n\n ')).toEqual([]);
  });
});

describe('the order form schema', () => {
  it('flags every wrong address and each repeat (whatever its case) on its row, together', () => {
    expect(
      issues([
        { email: 'aroha@example.com', name: '' },
        { email: 'nope', name: '' },
        { email: ' AROHA@example.com', name: 'Aroha' },
        { email: 'nope', name: '' },
      ]),
    ).toEqual([
      ['people.1.email', 'Invalid Email!'],
      ['people.3.email', 'Invalid Email!'],
      ['people.2.email', DUPLICATE_RECIPIENT],
      ['people.3.email', DUPLICATE_RECIPIENT],
    ]);
  });

  it('asks for someone, and for at most 99', () => {
    expect(issues([])).toEqual([['people', NO_PEOPLE_YET]]);
    const people = (n: number) => Array.from({ length: n }, (_, i) => ({ email: `p${i}@example.com`, name: '' }));
    expect(issues(people(99))).toEqual([]);
    expect(issues(people(100))).toEqual([['people', TOO_MANY_RECIPIENTS]]);
  });

  it('makes the API request: the value in cents, names only where given, the message only when there is one', () => {
    const values = workplaceVoucherOrderFormSchema.parse({
      voucherValue: '25.5',
      people: [
        { email: ' aroha@example.com ', name: ' Aroha Ngata ' },
        { email: 'ben@example.com', name: '  ' },
      ],
      message: '  ',
    });
    expect(toOrderDraft(values, 'nz')).toEqual({
      country: 'nz',
      voucherValue: 2550,
      recipients: [{ email: 'aroha@example.com', name: 'Aroha Ngata' }, { email: 'ben@example.com' }],
    });
  });

  it('places the API’s field errors on the form’s fields', () => {
    expect(['voucherValue', 'message', 'recipients', 'recipients.3.email', 'recipients.0.name', 'card.token', 'country'].map(orderFieldFor)).toEqual([
      'voucherValue',
      'message',
      'people',
      'people.3.email',
      'people.0.name',
      undefined,
      undefined,
    ]);
  });
});
