import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import { newId } from '@giving/shared/ids';
import { dynamoCampaignStore, dynamoWorkplaceNames } from '../../../../services/matching/adapters/dynamo-campaigns';
import { todayIn } from '../../../../services/matching/domain/campaigns';
import type { StoredCampaign } from '../../../../services/matching/domain/ports';
import { NO_RESTRICTIONS } from '@giving/shared/contracts/matching';

export interface MatchingSeed {
  workplace: { id: string; name: string; country: CountryCode };
  /** The workplace's demo members and their roles (matching's copy, for the console's tenant checks). */
  members: { memberId: string; roles: string[] }[];
  /** The gift the demo campaign matches. */
  gift: { id: string; title: string };
  now: Date;
}

const DAY = 24 * 60 * 60 * 1000;
/** The lowest version, so the WorkplaceMembershipChanged events the accounts stream publishes for the seed win. */
const SEEDED_VERSION = '0'.repeat(40);
export const DEMO_CAMPAIGN_NAME = 'Kiwi chick match';

/**
 * Matching's demo: Tasman Engineering matches its staff's gifts of "Feed a kiwi chick for a week" dollar for dollar,
 * up to $500.00 each, from a month ago to a year ahead, so the gift page shows its banner at once. Matching's copies
 * of the workplace's roles and name are written too (lowest version), so its console works the moment the demo is up.
 */
export async function seedMatching(client: DynamoDBDocumentClient, tableName: string, seed: MatchingSeed) {
  const roles = dynamoTenantRoleCopy(client, tableName);
  for (const member of seed.members) {
    await roles.saveWorkplaceMembership({ memberId: member.memberId, workplaceId: seed.workplace.id, workplaceName: seed.workplace.name, roles: member.roles, version: SEEDED_VERSION });
  }
  await dynamoWorkplaceNames(client, tableName).save({ id: seed.workplace.id, name: seed.workplace.name, version: SEEDED_VERSION });
  const at = seed.now.toISOString();
  const campaign: StoredCampaign = {
    id: newId(seed.now.getTime()),
    workplace: { id: seed.workplace.id, name: seed.workplace.name },
    name: DEMO_CAMPAIGN_NAME,
    description: 'Every gift our people give to feed a kiwi chick is doubled, until the crèche is full.',
    givingType: 'Any',
    recurrenceType: 'Any',
    matchRatio: 1,
    memberCap: 50_000,
    entryCap: 0,
    campaignCap: 1_000_000,
    currency: COUNTRIES[seed.workplace.country].currency,
    matchType: 'Donation',
    memberType: 'Employee',
    moduleType: 'DollarHandle',
    items: [{ id: seed.gift.id, name: seed.gift.title }],
    startsOn: todayIn(seed.workplace.country, new Date(seed.now.getTime() - 30 * DAY)),
    endsOn: todayIn(seed.workplace.country, new Date(seed.now.getTime() + 365 * DAY)),
    active: true,
    restrictions: { ...NO_RESTRICTIONS },
    country: seed.workplace.country,
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  await dynamoCampaignStore(client, tableName).create(campaign);
  return { campaigns: 1 };
}
