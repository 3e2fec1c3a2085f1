import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { newId } from '@giving/shared/ids';
import { money } from '@giving/shared/money';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { dynamoVoucherRepository } from '../adapters/dynamo-vouchers';
import { issueMatchedVoucher, matchedVoucherId, matchedVoucherMail } from './matched-vouchers';
import { voucherCodeBook } from './vouchers';

const codes = voucherCodeBook('test-voucher-code-key-0123456789');
const clock = fixedClock(new Date('2026-11-26T09:00:00Z'));
let vouchers: ReturnType<typeof dynamoVoucherRepository>;

beforeAll(async () => {
  const tables = await testTables([donations]);
  vouchers = dynamoVoucherRepository(tables.client, tables.tableName('donations'));
});

const aMatch = (overrides: Record<string, unknown> = {}) => ({
  campaignId: newId(),
  workplaceId: newId(),
  donationId: newId(),
  memberId: 'member-wiremu',
  amount: money(1250, 'NZD'),
  matchType: 'Voucher' as const,
  givingType: 'CreditCard' as const,
  charityName: 'Kiwi Coast Rescue',
  member: { email: 'wiremu@tasman.example', firstName: 'Wiremu' },
  workplaceName: 'Tasman Engineering',
  campaignName: 'Give twice',
  matchedAt: '2026-11-26T08:59:00.000Z',
  ...overrides,
});

describe('a match paid as a gift voucher', () => {
  it("gives the member a voucher worth the bonus, once however often the match comes; it is theirs and the workplace's", async () => {
    const match = aMatch();
    const first = await issueMatchedVoucher({ vouchers, codes, clock }, match);
    const again = await issueMatchedVoucher({ vouchers, codes, clock }, match);
    expect(first?.voucherId).toBe(matchedVoucherId(match));
    expect(again?.codeHash).toBe(first?.codeHash);
    expect(first).toMatchObject({ value: money(1250, 'NZD'), balance: money(1250, 'NZD'), buyer: { email: 'wiremu@tasman.example', memberId: 'member-wiremu' } });
    expect((await vouchers.listByBuyerEmail('wiremu@tasman.example')).filter((v) => v.voucherId === first?.voucherId)).toHaveLength(1);
    expect((await vouchers.listByWorkplace(match.workplaceId, {}, 50)).items.map((v) => v.voucherId)).toEqual([first?.voucherId]);
  });

  it('moves to the next code when another voucher has it, and gives nothing for a donation match or without an e-mail', async () => {
    const match = aMatch();
    const squatter = await issueMatchedVoucher({ vouchers, codes, clock }, aMatch());
    // Another voucher already holds the code this match would get first.
    await vouchers.issue({ ...squatter!, voucherId: 'squatter', codeHash: codes.hash(codes.codeFor(matchedVoucherId(match), 0)) });
    expect((await issueMatchedVoucher({ vouchers, codes, clock }, match))?.codeVariant).toBe(1);
    expect(await issueMatchedVoucher({ vouchers, codes, clock }, aMatch({ matchType: 'Donation' }))).toBeUndefined();
    expect(await issueMatchedVoucher({ vouchers, codes, clock }, aMatch({ member: undefined }))).toBeUndefined();
  });

  it("e-mails the member the code, naming the workplace, the charity and the campaign", async () => {
    const match = aMatch();
    const voucher = (await issueMatchedVoucher({ vouchers, codes, clock }, match))!;
    const mail = matchedVoucherMail(match, voucher, 'ABCD2345', 'https://koha.example');
    expect(mail.to).toBe('wiremu@tasman.example');
    expect(mail.subject).toBe('Tasman Engineering matched your donation with a Koha gift voucher');
    expect(mail.text).toContain('Tasman Engineering matched your donation to Kiwi Coast Rescue (Give twice) with a $12.50 Koha gift voucher');
    expect(mail.text).toContain('Voucher code: ABCD2345');
  });
});
