import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { dynamoCharityCopy, dynamoTenantRoleCopy } from '@giving/shared/dynamo-copies';
import { newId } from '@giving/shared/ids';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { dynamoPayrollPledgeRepository } from '../../../../services/donations/adapters/dynamo-payroll-pledges';
import {
  dynamoEligibilityStore,
  dynamoEmployeeStore,
  dynamoFileStructureStore,
  dynamoPayCycleStore,
  dynamoPledgeStore,
  dynamoWorkplaceProfileStore,
} from '../../../../services/workplace/adapters/dynamo-workplace';
import { PRESETS } from '../../../../services/workplace/domain/file-structures';
import { addDays, currentPeriod } from '../../../../services/workplace/domain/pay-periods';
import type { PledgeRecord } from '../../../../services/workplace/domain/ports';

/** The lowest version, so the events the accounts stream publishes for the seed win. */
const SEEDED_VERSION = '0'.repeat(40);
const DAY = 86_400_000;
export const DEMO_PAY_CYCLE_NAME = 'Fortnightly staff';
export const DEMO_FILE_STRUCTURE_NAME = 'KeyPay deductions';
export const DEMO_FINANCE_CONTACT = 'payroll@tasman-engineering.co.nz';

export interface WorkplaceSeedMember {
  memberId: string;
  firstName: string;
  lastName: string;
  email: string;
  roles: string[];
  employmentType: 'Permanent' | 'Contractor' | 'Casual';
  businessUnitId?: string;
  employeeNumber: string;
  /** What they give from each pay (or once): to a charity, or a gift of it. */
  pledges: { charity: { id: string; name: string; charityUrl: string; registrationNumber?: string }; gift?: { id: string; title: string; productUrl: string }; cents: number; frequency: 'OnceOff' | 'EveryPayCycle' }[];
}

export interface WorkplaceSeed {
  workplace: { id: string; name: string; country: CountryCode; businessUnits: { id: string; name: string }[] };
  members: WorkplaceSeedMember[];
  /** Who uploaded the demo's eligibility file (the workplace admin). */
  uploadedBy: string;
  now: Date;
}

/**
 * Workplace giving's demo (issue 15 item 12): Tasman Engineering pays fortnightly, with a KeyPay structure and a cut-off
 * at this very minute (pay day two days away), so the first run of the produce schedule after start-up makes the
 * batch and e-mails finance; three employees give from their pay. The pledges are written where donations keeps them
 * (the members' upcoming donations) and in workplace's copy, with workplace's copies of the roles and employees, so the
 * console works the moment the demo is up; the services' own events then replace the copies (same values).
 */
export async function seedWorkplace(client: DynamoDBDocumentClient, tables: { workplace: string; donations: string; accounts: string }, seed: WorkplaceSeed) {
  const { workplace, now } = seed;
  // Employee numbers are part of the member's employment record in accounts (its membership item), as an eligibility
  // file sets them; the membership's next WorkplaceMembershipChanged carries them to workplace's copy.
  for (const member of seed.members) {
    await client.send(
      new UpdateCommand({
        TableName: tables.accounts,
        Key: { pk: `WORKPLACE#${workplace.id}`, sk: `MEMBER#${member.memberId}` },
        UpdateExpression: 'SET employeeNumber = :number',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':number': member.employeeNumber },
      }),
    );
  }
  await dynamoWorkplaceProfileStore(client, tables.workplace).save({ id: workplace.id, name: workplace.name, country: workplace.country, businessUnits: workplace.businessUnits, version: SEEDED_VERSION });
  const roles = dynamoTenantRoleCopy(client, tables.workplace);
  const employees = dynamoEmployeeStore(client, tables.workplace);
  const charities = dynamoCharityCopy(client, tables.workplace);
  for (const member of seed.members) {
    await roles.saveWorkplaceMembership({ memberId: member.memberId, workplaceId: workplace.id, workplaceName: workplace.name, roles: member.roles, version: SEEDED_VERSION });
    await employees.save({
      memberId: member.memberId,
      workplaceId: workplace.id,
      workplaceName: workplace.name,
      roles: member.roles,
      firstName: member.firstName,
      lastName: member.lastName,
      email: member.email,
      employmentType: member.employmentType,
      ...(member.businessUnitId ? { businessUnitId: member.businessUnitId } : {}),
      employeeNumber: member.employeeNumber,
      version: SEEDED_VERSION,
    });
  }

  const at = now.toISOString();
  const structureId = newId(now.getTime());
  await dynamoFileStructureStore(client, tables.workplace).saveVersion({
    ...PRESETS.KEYPAY,
    name: DEMO_FILE_STRUCTURE_NAME,
    id: structureId,
    workplaceId: workplace.id,
    version: 1,
    createdAt: at,
    updatedAt: at,
  });

  // The cut-off is today at this minute, in the workplace's zone: the period ended two days ago, pay day is in two.
  const timeZone = COUNTRY_TIME_ZONES[workplace.country];
  const today = localDay(now, timeZone);
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
  const cycle = {
    id: newId(now.getTime()),
    workplaceId: workplace.id,
    name: DEMO_PAY_CYCLE_NAME,
    frequency: 'Fortnightly' as const,
    periodEnd: addDays(today, -2),
    payDate: addDays(today, 2),
    cutoffDaysBeforePayDate: 2,
    cutoffTime: clock,
    timeZone: timeZone as 'Pacific/Auckland',
    businessUnitIds: [],
    fileStructureId: structureId,
    financeContacts: [DEMO_FINANCE_CONTACT],
    createdAt: at,
    updatedAt: at,
  };
  const period = currentPeriod(cycle, now);
  await dynamoPayCycleStore(client, tables.workplace).save(cycle, { cutoffAt: period.cutoffAt, periodEnd: period.periodEnd });

  const donationsPledges = dynamoPayrollPledgeRepository(client, tables.donations);
  const pledges = dynamoPledgeStore(client, tables.workplace);
  const currency = COUNTRIES[workplace.country].currency;
  let n = 0;
  for (const member of seed.members) {
    for (const pledge of member.pledges) {
      n += 1;
      // Made a few weeks ago, before the cut-off: each is in the demo batch.
      const createdAt = new Date(now.getTime() - (30 - n) * DAY);
      const record: PledgeRecord = {
        pledgeId: newId(createdAt.getTime()),
        workplaceId: workplace.id,
        memberId: member.memberId,
        pageType: pledge.gift ? 'GIFT' : 'CHARITY',
        country: workplace.country,
        charity: { id: pledge.charity.id, name: pledge.charity.name, charityUrl: pledge.charity.charityUrl },
        ...(pledge.gift ? { gift: pledge.gift } : {}),
        quantity: 1,
        total: { cents: pledge.cents, currency },
        donationFrequency: pledge.frequency,
        isAnonymous: false,
        createdAt: createdAt.toISOString(),
      };
      await donationsPledges.createOnce(
        {
          pledgeId: record.pledgeId,
          memberId: member.memberId,
          pageType: record.pageType,
          country: workplace.country,
          workplace: { id: workplace.id, name: workplace.name },
          charity: record.charity,
          ...(record.gift ? { gift: record.gift } : {}),
          quantity: 1,
          amount: record.total,
          total: record.total,
          donationFrequency: record.donationFrequency,
          isAnonymous: false,
          status: 'Active',
          createdAt: record.createdAt,
        },
        `seed-pledge-${n}`,
        `seed-pledge-${n}`,
      );
      await pledges.save(record);
      await charities.save({ id: pledge.charity.id, name: pledge.charity.name, charityUrl: pledge.charity.charityUrl, country: workplace.country, logoImageUrl: '', isActive: true, ...(pledge.charity.registrationNumber ? { registrationNumber: pledge.charity.registrationNumber } : {}), version: SEEDED_VERSION });
    }
  }
  // HR's first eligibility file: the three employees, accepted (their employee numbers are the ones set above).
  const fileId = newId(now.getTime() - 7 * DAY);
  await dynamoEligibilityStore(client, tables.workplace).save({
    id: fileId,
    workplaceId: workplace.id,
    workplaceName: workplace.name,
    fileName: 'tasman-employees-november.csv',
    uploadedAt: new Date(now.getTime() - 7 * DAY).toISOString(),
    uploadedBy: seed.uploadedBy,
    status: 'Accepted',
    rowCount: seed.members.length,
    errorCount: 0,
    memberCount: seed.members.length,
    reportKey: `workplaces/${workplace.id}/eligibility/${fileId}/report.json`,
  });
  return { payCycleId: cycle.id, fileStructureId: structureId, cutoffAt: period.cutoffAt };
}
