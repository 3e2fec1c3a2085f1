import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { fixedClock } from '@giving/shared/clock';
import { COUNTRIES } from '@giving/shared/countries';
import { newId } from '@giving/shared/ids';
import { COUNTRY_TIME_ZONES, localMonth } from '@giving/shared/local-time';
import { money, multiplyMoney } from '@giving/shared/money';
import { dynamoCharityDirectory } from '../../../../services/donations/adapters/dynamo-charities';
import { dynamoCharityLedger } from '../../../../services/donations/adapters/dynamo-charity-ledger';
import { dynamoGiftCatalog } from '../../../../services/donations/adapters/dynamo-gifts';
import { donationItem } from '../../../../services/donations/adapters/dynamo-payments';
import { countDonation, recordPayout } from '../../../../services/donations/domain/charity-reports';
import type { Donation } from '../../../../services/donations/domain/ports';

/**
 * The demo charity's past donations, so its donation report and remittance have something to show: completed
 * donations over the last two months (gifts and general donations, one anonymous), written as RecordDonation writes
 * them, counted in the charity's ledger as the donations stream would count them (the stream then finds them
 * counted), and one payout by the back office covering everything before this month.
 */
const PAST_GIFTS = [
  { daysAgo: 1, productUrl: 'feed-a-kiwi-chick', quantity: 2, donor: ['Aroha', 'Ngata'] },
  { daysAgo: 3, amountCents: 5000, donor: ['Dana', 'Whitfield'] },
  { daysAgo: 6, productUrl: 'buy-a-predator-trap', quantity: 1, donor: ['Tom', 'Fraser'], isAnonymous: true },
  { daysAgo: 11, productUrl: 'night-of-kiwi-monitoring', quantity: 1, donor: ['Mere', 'Tawhiri'] },
  { daysAgo: 17, productUrl: 'feed-a-kiwi-chick', quantity: 4, donor: ['Hamish', 'Boyd'] },
  { daysAgo: 26, amountCents: 2000, donor: ['Priya', 'Sharma'] },
  { daysAgo: 34, productUrl: 'buy-a-predator-trap', quantity: 2, donor: ['Liam', 'Chen'] },
  { daysAgo: 41, productUrl: 'feed-a-kiwi-chick', quantity: 1, donor: ['Sophie', 'Martin'] },
  { daysAgo: 48, amountCents: 10_000, donor: ['Rangi', 'Walker'], isAnonymous: true },
  { daysAgo: 57, productUrl: 'night-of-kiwi-monitoring', quantity: 1, donor: ['Olivia', 'Brown'] },
] as const;

export async function seedCharityGiving(client: DynamoDBDocumentClient, tableName: string, charityUrl: string, now: Date) {
  const charity = await dynamoCharityDirectory(client, tableName).getByUrl(charityUrl);
  if (!charity) throw new Error(`no seeded charity ${charityUrl}`);
  const gifts = await dynamoGiftCatalog(client, tableName).listByCharity(charityUrl, 24);
  const ledger = dynamoCharityLedger(client, tableName);
  const currency = COUNTRIES[charity.country].currency;
  const timeZone = COUNTRY_TIME_ZONES[charity.country];
  const thisMonth = localMonth(now, timeZone);
  let owedBeforeThisMonth = 0;

  for (const past of PAST_GIFTS) {
    const completedAt = new Date(now.getTime() - past.daysAgo * 24 * 60 * 60 * 1000 - 3 * 60 * 60 * 1000);
    const gift = 'productUrl' in past ? gifts.find((g) => g.productUrl === past.productUrl) : undefined;
    if ('productUrl' in past && !gift) throw new Error(`no seeded gift ${past.productUrl}`);
    const quantity = 'quantity' in past ? past.quantity : 1;
    const amount = gift ? multiplyMoney(gift.price, quantity) : money('amountCents' in past ? past.amountCents : 0, currency);
    const tip = money(past.daysAgo % 2 === 0 ? 200 : 0, currency);
    const donationId = newId(completedAt.getTime());
    const [firstName, lastName] = past.donor;
    const donation: Donation = {
      donationId,
      trackingNumber: donationId,
      pageType: gift ? 'GIFT' : 'CHARITY',
      country: charity.country,
      priced: {
        amount,
        tip,
        total: money(amount.cents + tip.cents, currency),
        charity: { id: charity.id, name: charity.name, charityUrl: charity.charityUrl, logoImageUrl: charity.logoImageUrl },
        ...(gift ? { gift: { id: gift.id, title: gift.title, productUrl: gift.productUrl } } : {}),
      },
      quantity,
      isAnonymous: 'isAnonymous' in past ? past.isAnonymous : false,
      receiptName: `${firstName} ${lastName}`,
      donorEmail: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.nz`,
      donorName: `${firstName} ${lastName}`,
      paymentType: 'CARD',
      card: { cardType: 'visa', last4: '4242' },
      chargeId: `ch_seed_${donationId}`,
      completedAt: completedAt.toISOString(),
    };
    await client.send(new PutCommand({ TableName: tableName, Item: donationItem(donation), ConditionExpression: 'attribute_not_exists(pk)' }));
    await countDonation({ ledger }, donation);
    if (localMonth(completedAt, timeZone) < thisMonth) owedBeforeThisMonth += amount.cents;
  }

  if (owedBeforeThisMonth > 0) {
    const firstOfMonth = `${thisMonth}-01`;
    await recordPayout(
      { ledger, charities: { getById: async () => charity }, clock: fixedClock(now), newId: () => newId() },
      charity.id,
      { amount: owedBeforeThisMonth, reference: `Koha remittance ${firstOfMonth}`, paidAt: firstOfMonth },
      `seed-payout-${charity.id}`,
      'alex.morgan@koha.nz',
    );
  }
  return { donations: PAST_GIFTS.length };
}
