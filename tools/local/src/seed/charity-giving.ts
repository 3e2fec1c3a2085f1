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
 * The demo's past donations, one list for every side that shows them: donations' records (each charity's donation
 * report and remittance, a signed-in donor's own history) and, through seedSite, accounts' (the site's stats and
 * ticker, the donor's tally and badges), so the demo agrees with itself. Kiwi Coast Rescue (the demo charity admin's)
 * has two months of gifts and general donations, one anonymous and one from Dana, signed in; a few other charities
 * have recent gifts so each country's ticker has some. Written as RecordDonation writes them, counted in each
 * charity's ledger as the donations stream would count them (the stream then finds them counted), with one payout by
 * the back office covering everything before this month.
 */
type Donor = readonly [firstName: string, lastName: string] | { member: 'donor' };
interface PastDonation {
  charityUrl: string;
  daysAgo: number;
  productUrl?: string;
  quantity?: number;
  amountCents?: number;
  donor: Donor;
  isAnonymous?: boolean;
}
export const PAST_DONATIONS: readonly PastDonation[] = [
  { charityUrl: 'kiwi-coast-rescue', daysAgo: 1, productUrl: 'feed-a-kiwi-chick', quantity: 2, donor: ['Aroha', 'Ngata'] },
  { charityUrl: 'kiwi-coast-rescue', daysAgo: 3, amountCents: 5000, donor: { member: 'donor' } },
  { charityUrl: 'kiwi-coast-rescue', daysAgo: 6, productUrl: 'buy-a-predator-trap', quantity: 1, donor: ['Tom', 'Fraser'], isAnonymous: true },
  { charityUrl: 'kiwi-coast-rescue', daysAgo: 11, productUrl: 'night-of-kiwi-monitoring', quantity: 1, donor: ['Mere', 'Tawhiri'] },
  { charityUrl: 'kiwi-coast-rescue', daysAgo: 17, productUrl: 'feed-a-kiwi-chick', quantity: 4, donor: ['Hamish', 'Boyd'] },
  { charityUrl: 'kiwi-coast-rescue', daysAgo: 26, amountCents: 2000, donor: ['Priya', 'Sharma'] },
  { charityUrl: 'kiwi-coast-rescue', daysAgo: 34, productUrl: 'buy-a-predator-trap', quantity: 2, donor: ['Liam', 'Chen'] },
  { charityUrl: 'kiwi-coast-rescue', daysAgo: 41, productUrl: 'feed-a-kiwi-chick', quantity: 1, donor: ['Sophie', 'Martin'] },
  { charityUrl: 'kiwi-coast-rescue', daysAgo: 48, amountCents: 10_000, donor: ['Rangi', 'Walker'], isAnonymous: true },
  { charityUrl: 'kiwi-coast-rescue', daysAgo: 57, productUrl: 'night-of-kiwi-monitoring', quantity: 1, donor: ['Olivia', 'Brown'] },
  { charityUrl: 'harbour-city-food-bank', daysAgo: 2, productUrl: 'family-food-parcel', quantity: 1, donor: ['Ana', 'Fifita'] },
  { charityUrl: 'reef-guardians-australia', daysAgo: 1, productUrl: 'grow-a-coral-fragment', quantity: 2, donor: ['Jack', 'Nguyen'] },
  { charityUrl: 'outback-flying-books', daysAgo: 2, productUrl: 'book-bundle', quantity: 1, donor: ['Chloe', 'Wilson'] },
  { charityUrl: 'sydney-street-meals', daysAgo: 4, productUrl: 'serve-a-hot-meal', quantity: 5, donor: ['Ethan', 'Kaur'] },
];

/** A demo member who gave signed in (their history is keyed by their member id). */
export interface SeedDonor {
  memberId: string;
  email: string;
  firstName: string;
  lastName: string;
}

export async function seedCharityGiving(client: DynamoDBDocumentClient, tableName: string, members: { donor: SeedDonor }, now: Date): Promise<Donation[]> {
  const directory = dynamoCharityDirectory(client, tableName);
  const catalog = dynamoGiftCatalog(client, tableName);
  const ledger = dynamoCharityLedger(client, tableName);
  // Each charity's donations one after another (they move its ledger), the charities side by side.
  const byCharity = await Promise.all([...new Set(PAST_DONATIONS.map((past) => past.charityUrl))].map(async (charityUrl) => {
    const seeded: Donation[] = [];
    const charity = await directory.getByUrl(charityUrl);
    if (!charity) throw new Error(`no seeded charity ${charityUrl}`);
    const gifts = await catalog.listByCharity(charityUrl, 24);
    const currency = COUNTRIES[charity.country].currency;
    const timeZone = COUNTRY_TIME_ZONES[charity.country];
    const thisMonth = localMonth(now, timeZone);
    let owedBeforeThisMonth = 0;

    for (const past of PAST_DONATIONS.filter((p) => p.charityUrl === charityUrl)) {
      const completedAt = new Date(now.getTime() - past.daysAgo * 24 * 60 * 60 * 1000 - 3 * 60 * 60 * 1000);
      const gift = past.productUrl ? gifts.find((g) => g.productUrl === past.productUrl) : undefined;
      if (past.productUrl && !gift) throw new Error(`no seeded gift ${past.productUrl}`);
      const quantity = past.quantity ?? 1;
      const amount = gift ? multiplyMoney(gift.price, quantity) : money(past.amountCents ?? 0, currency);
      const tip = money(past.daysAgo % 2 === 0 ? 200 : 0, currency);
      const donationId = newId(completedAt.getTime());
      const member = 'member' in past.donor ? members[past.donor.member] : undefined;
      const [firstName, lastName] = member ? [member.firstName, member.lastName] : (past.donor as readonly [string, string]);
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
        isAnonymous: past.isAnonymous ?? false,
        receiptName: `${firstName} ${lastName}`,
        donorEmail: member ? member.email : `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.${charity.country === 'au' ? 'com.au' : 'nz'}`,
        donorName: `${firstName} ${lastName}`,
        // A signed-in donor's donation is theirs: it shows in their history (keyed by member id) and counts for them.
        ...(member ? { memberId: member.memberId } : {}),
        paymentType: 'CARD',
        card: { cardType: 'visa', last4: '4242' },
        chargeId: `ch_seed_${donationId}`,
        completedAt: completedAt.toISOString(),
      };
      await client.send(new PutCommand({ TableName: tableName, Item: donationItem(donation), ConditionExpression: 'attribute_not_exists(pk)' }));
      await countDonation({ ledger }, donation);
      seeded.push(donation);
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
    return seeded;
  }));
  return byCharity.flat();
}
