import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EmploymentType, MemberProfile } from '@giving/shared/contracts/accounts';
import { COUNTRIES } from '@giving/shared/countries';
import { newId } from '@giving/shared/ids';
import { tableName } from '@giving/shared/manifest';
import { dynamoCharityDirectory } from '../../../../services/accounts/adapters/dynamo-charities';
import { dynamoInvitationStore } from '../../../../services/accounts/adapters/dynamo-invitations';
import { dynamoMemberDirectory } from '../../../../services/accounts/adapters/dynamo-members';
import { dynamoMembershipStore } from '../../../../services/accounts/adapters/dynamo-memberships';
import { dynamoWorkplaceStore } from '../../../../services/accounts/adapters/dynamo-workplaces';
import { INVITATION_DAYS } from '../../../../services/accounts/domain/invitations';
import type { TenantSummary } from '../../../../services/accounts/domain/people';
import { dynamoCharityDirectory as donationsCharityDirectory } from '../../../../services/donations/adapters/dynamo-charities';
import { dynamoGiftCatalog } from '../../../../services/donations/adapters/dynamo-gifts';
import { dynamoTenantRoleDirectory } from '../../../../services/donations/adapters/dynamo-tenant-roles';
import { dynamoMembershipDirectory as donationsMembershipDirectory } from '../../../../services/donations/adapters/dynamo-memberships';
import { createUsers, type RunningCognito } from '../cognito';
import { REGION } from '../config';
import { giftSvg, logoSvg } from './artwork';
import { seedCharityGiving } from './charity-giving';
import { seedSite } from './site';
import { seedVouchers } from './vouchers';
import { seedMatching } from './matching';
import { seedWorkplace, type WorkplaceSeedMember } from './workplace';
import { seedFundraising } from './fundraising';
import { seedVolunteering, type VolunteeringSeedCharity, type VolunteeringSeedMember } from './volunteering';
import { CHARITIES, CHARITY_ADMIN_OF, DEMO_PASSWORD, DEMO_USERS, WORKPLACE, type DemoRole } from './data';

/**
 * Seeds the demo: charities and their gifts (through each service's own adapters), artwork in the media
 * bucket, the Tasman Engineering workplace, and one signed-in user per role in Cognito.
 */
export interface SeedTargets {
  documentClient: DynamoDBDocumentClient;
  tablePrefix?: string;
  s3: { endpoint: string; bucket: string; publicBaseUrl: string };
  cognito: RunningCognito;
}

export async function seedDemoData(targets: SeedTargets) {
  const prefix = targets.tablePrefix ?? 'giving';
  const accountsTable = tableName('accounts', prefix);
  const charities = dynamoCharityDirectory(targets.documentClient, accountsTable);
  const gifts = dynamoGiftCatalog(targets.documentClient, tableName('donations', prefix));
  // Donations' copy of each charity is written here too, so the demo takes general donations the moment it is up;
  // the lowest version, so the CharityProfilePublished events the accounts stream publishes for these writes win.
  const donationsCharities = donationsCharityDirectory(targets.documentClient, tableName('donations', prefix));
  const seededVersion = '0'.repeat(40);
  const s3 = new S3Client({
    endpoint: targets.s3.endpoint,
    region: REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: targets.s3.bucket })).catch((error: Error) => {
    if (error.name !== 'BucketAlreadyOwnedByYou' && error.name !== 'BucketAlreadyExists') throw error;
  });
  const upload = async (key: string, svg: string) => {
    await s3.send(new PutObjectCommand({ Bucket: targets.s3.bucket, Key: key, Body: svg, ContentType: 'image/svg+xml' }));
    return `${targets.s3.publicBaseUrl}/${key}`;
  };

  const charityTenants = new Map<string, TenantSummary>();
  const volunteeringCharities: VolunteeringSeedCharity[] = [];
  const giftIds = new Map<string, string>(); // '<charityUrl>/<productUrl>' -> gift id
  // The charities are written side by side (a platform starts sooner: every acceptance file starts one); each gift is
  // stamped as if they had been written one after another, so lists ordered by creation read as before.
  const seededAt = Date.now();
  const firstGiftOf = CHARITIES.map((_, index) => CHARITIES.slice(0, index).reduce((count, charity) => count + charity.gifts.length, 0));
  const seededCharities = await Promise.all(
    CHARITIES.map(async (seed, charityIndex) => {
      const id = newId();
      const logoImageUrl = await upload(`charities/${seed.charityUrl}/logo.svg`, logoSvg(seed.name, seed.colour));
      await charities.put({
        id,
        name: seed.name,
        charityUrl: seed.charityUrl,
        country: seed.country,
        logoImageUrl,
        description: seed.description,
        causes: seed.causes,
        registrationNumber: seed.registrationNumber,
        taxApproved: seed.taxApproved,
        website: seed.website,
        location: seed.location,
      });
      await donationsCharities.save({
        id,
        name: seed.name,
        charityUrl: seed.charityUrl,
        country: seed.country,
        logoImageUrl,
        isActive: true,
        registrationNumber: seed.registrationNumber,
        taxApproved: seed.taxApproved,
        version: seededVersion,
      });
      const giftIdsOfCharity: [string, string][] = [];
      for (const [giftIndex, gift] of seed.gifts.entries()) {
        const imageUrl = await upload(`gifts/${seed.charityUrl}/${gift.productUrl}.svg`, giftSvg(gift.title, seed.colour, gift.motif));
        const giftId = newId();
        giftIdsOfCharity.push([`${seed.charityUrl}/${gift.productUrl}`, giftId]);
        await gifts.put(
          {
            id: giftId,
            title: gift.title,
            description: gift.description,
            imageUrl,
            iconUrl: imageUrl,
            productUrl: gift.productUrl,
            price: { cents: gift.priceCents, currency: COUNTRIES[seed.country].currency },
            isActive: gift.isActive ?? true,
            charity: { id, name: seed.name, charityUrl: seed.charityUrl, logoImageUrl },
          },
          new Date(seededAt + (firstGiftOf[charityIndex] ?? 0) + giftIndex),
        );
      }
      return { seed, id, logoImageUrl, giftIdsOfCharity };
    }),
  );
  for (const { seed, id, logoImageUrl, giftIdsOfCharity } of seededCharities) {
    charityTenants.set(seed.charityUrl, { kind: 'charity', id, name: seed.name, logo: logoImageUrl, country: seed.country });
    volunteeringCharities.push({ id, name: seed.name, charityUrl: seed.charityUrl, logoImageUrl, country: seed.country });
    for (const [key, giftId] of giftIdsOfCharity) giftIds.set(key, giftId);
  }
  const giftCount = giftIds.size;

  const subs = await createUsers(
    targets.cognito,
    DEMO_USERS.map((user) => ({ email: user.email, password: DEMO_PASSWORD, givenName: user.givenName, familyName: user.familyName, groups: user.adminRoles })),
  );

  // The workplace, the demo members and their memberships, through the accounts service's own adapters: members are
  // stored as on their first sign-in (each counted once as an active user), memberships as accepting an invitation
  // would store them (keeping the tenants' memberCount and adminCount).
  const now = new Date();
  const members = dynamoMemberDirectory(targets.documentClient, accountsTable);
  const memberships = dynamoMembershipStore(targets.documentClient, accountsTable);
  const workplaceId = newId();
  const businessUnits = WORKPLACE.businessUnits.map((name) => ({ id: newId(), name }));
  await dynamoWorkplaceStore(targets.documentClient, accountsTable).create({
    id: workplaceId,
    name: WORKPLACE.name,
    country: WORKPLACE.country,
    businessUnits,
    createdAt: now.toISOString(),
  });
  const workplace: TenantSummary = { kind: 'workplace', id: workplaceId, name: WORKPLACE.name, country: WORKPLACE.country };
  const charityTenant = (charityUrl: string): TenantSummary => {
    const charity = charityTenants.get(charityUrl);
    if (!charity) throw new Error(`no seeded charity ${charityUrl}`);
    return charity;
  };
  const profiles = new Map<DemoRole, MemberProfile>();
  for (const user of DEMO_USERS) {
    const memberId = subs.get(user.email);
    if (!memberId) throw new Error(`no Cognito user for ${user.email}`);
    const member = await members.signIn({
      id: memberId,
      email: user.email,
      firstName: user.givenName,
      lastName: user.familyName,
      adminRoles: user.adminRoles,
      createdAt: now.toISOString(),
    });
    profiles.set(user.role, member);
    const membership = WORKPLACE.members[user.role];
    if (membership) {
      const businessUnitId = businessUnits.find((unit) => unit.name === membership.businessUnit)?.id;
      for (const role of membership.roles) {
        await memberships.join(workplace, { member, role, employmentType: membership.employmentType as EmploymentType, businessUnitId }, now);
      }
      // Donations' copy of the membership (it gates payment methods and payroll), at the lowest version like the
      // charity copies above, so payroll works the moment the demo is up; WorkplaceMembershipChanged then replaces it.
      await donationsMembershipDirectory(targets.documentClient, tableName('donations', prefix)).save({
        memberId,
        workplaceId,
        workplaceName: WORKPLACE.name,
        roles: membership.roles,
        version: seededVersion,
      });
    }
    const charityUrl = CHARITY_ADMIN_OF[user.role];
    if (charityUrl) {
      await memberships.join(charityTenant(charityUrl), { member, role: 'Charity.Admin' }, now);
      // Donations' copy of the charity role (its charity console routes check it), lowest version like the copies above.
      await dynamoTenantRoleDirectory(targets.documentClient, tableName('donations', prefix)).saveCharityMembership({
        memberId,
        charityId: charityTenant(charityUrl).id,
        roles: ['Charity.Admin'],
        version: seededVersion,
      });
    }
  }

  // One invitation waiting on the donor's dashboard: Kiwi Coast Rescue asks Dana to join as a member.
  const inviter = profiles.get('charityAdmin');
  const invitee = DEMO_USERS.find((user) => user.role === 'donor');
  if (inviter && invitee) {
    const kiwi = charityTenant(CHARITY_ADMIN_OF.charityAdmin as string);
    await dynamoInvitationStore(targets.documentClient, accountsTable).create({
      id: newId(),
      tenant: { kind: 'charity', id: kiwi.id, name: kiwi.name },
      email: invitee.email.toLowerCase(),
      role: 'Charity.Member',
      status: 'Pending',
      invitedBy: inviter.email,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000).toISOString(),
    });
  }
  // Past donations (the charities' donation reports and remittance, Dana's own history), and a payout.
  const danaProfile = profiles.get('donor');
  if (!danaProfile) throw new Error('no seeded donor');
  const pastDonations = await seedCharityGiving(
    targets.documentClient,
    tableName('donations', prefix),
    { donor: { memberId: danaProfile.id, email: danaProfile.email, firstName: danaProfile.firstName, lastName: danaProfile.lastName } },
    now,
  );
  // Dana's gift vouchers, so the checkout can be paid by voucher at once.
  const dana = DEMO_USERS.find((user) => user.role === 'donor');
  if (dana) await seedVouchers(targets.documentClient, tableName('donations', prefix), { email: dana.email, firstName: dana.givenName, lastName: dana.familyName }, now);
  // Volunteering: opportunities, templates and applications, with volunteering's copies of the charities and roles.
  const volunteers = new Map<string, VolunteeringSeedMember>();
  for (const user of DEMO_USERS) {
    const profile = profiles.get(user.role);
    if (!profile) continue;
    const charityUrl = CHARITY_ADMIN_OF[user.role];
    volunteers.set(user.role, {
      id: profile.id,
      email: user.email.toLowerCase(),
      firstName: user.givenName,
      lastName: user.familyName,
      workplaceRoles: WORKPLACE.members[user.role]?.roles ?? [],
      charityRoles: charityUrl ? [{ charityId: charityTenant(charityUrl).id, roles: ['Charity.Admin'] }] : [],
    });
  }
  const volunteering = await seedVolunteering(targets.documentClient, tableName('volunteering', prefix), {
    charities: volunteeringCharities,
    workplace: { id: workplaceId, name: WORKPLACE.name },
    members: volunteers,
    now,
  });
  // Fundraising: events and pages in both countries, with gifts, comments and an invitation for Dana.
  await seedFundraising(targets.documentClient, tableName('fundraising', prefix), {
    charities: volunteeringCharities,
    workplace: { id: workplaceId, name: WORKPLACE.name },
    members: volunteers,
    now,
  });
  // Matching: Tasman Engineering's campaign on "Feed a kiwi chick for a week", with matching's copies of the workplace roles.
  const kiwiChick = giftIds.get('kiwi-coast-rescue/feed-a-kiwi-chick');
  if (!kiwiChick) throw new Error('no seeded gift kiwi-coast-rescue/feed-a-kiwi-chick');
  await seedMatching(targets.documentClient, tableName('matching', prefix), {
    workplace: { id: workplaceId, name: WORKPLACE.name, country: WORKPLACE.country },
    members: DEMO_USERS.flatMap((user) => {
      const profile = profiles.get(user.role);
      const roles = WORKPLACE.members[user.role]?.roles;
      return profile && roles ? [{ memberId: profile.id, roles }] : [];
    }),
    gift: { id: kiwiChick, title: 'Feed a kiwi chick for a week' },
    now,
  });
  // Workplace giving: a fortnightly pay cycle whose cut-off is now, a KeyPay structure, three employees' pledges.
  const charityOf = (charityUrl: string) => {
    const charity = CHARITIES.find((c) => c.charityUrl === charityUrl);
    return { id: charityTenant(charityUrl).id, name: charityTenant(charityUrl).name, charityUrl, ...(charity?.registrationNumber ? { registrationNumber: charity.registrationNumber } : {}) };
  };
  const PAYROLL_GIVING: Partial<Record<DemoRole, { employeeNumber: string; pledges: WorkplaceSeedMember['pledges'] }>> = {
    workplaceMember: {
      employeeNumber: 'TE-1042',
      pledges: [
        { charity: charityOf('kiwi-coast-rescue'), gift: { id: kiwiChick, title: 'Feed a kiwi chick for a week', productUrl: 'feed-a-kiwi-chick' }, cents: 2500, frequency: 'EveryPayCycle' },
        { charity: charityOf('harbour-city-food-bank'), cents: 1000, frequency: 'EveryPayCycle' },
      ],
    },
    workplaceAdmin: { employeeNumber: 'TE-1007', pledges: [{ charity: charityOf('harbour-city-food-bank'), cents: 5000, frequency: 'EveryPayCycle' }] },
    contentAdmin: { employeeNumber: 'TE-1113', pledges: [{ charity: charityOf('kiwi-coast-rescue'), cents: 2000, frequency: 'OnceOff' }] },
  };
  await seedWorkplace(
    targets.documentClient,
    { workplace: tableName('workplace', prefix), donations: tableName('donations', prefix), accounts: accountsTable },
    {
      workplace: { id: workplaceId, name: WORKPLACE.name, country: WORKPLACE.country, businessUnits },
      members: DEMO_USERS.flatMap((user): WorkplaceSeedMember[] => {
        const profile = profiles.get(user.role);
        const membership = WORKPLACE.members[user.role];
        const giving = PAYROLL_GIVING[user.role];
        if (!profile || !membership || !giving) return [];
        const businessUnitId = businessUnits.find((unit) => unit.name === membership.businessUnit)?.id;
        return [
          {
            memberId: profile.id,
            firstName: profile.firstName,
            lastName: profile.lastName,
            email: profile.email,
            roles: membership.roles,
            employmentType: membership.employmentType as EmploymentType,
            ...(businessUnitId ? { businessUnitId } : {}),
            employeeNumber: giving.employeeNumber,
            pledges: giving.pledges,
          },
        ];
      }),
      uploadedBy: DEMO_USERS.find((user) => user.role === 'workplaceAdmin')?.email ?? '',
      now,
    },
  );
  s3.destroy();
  // The site's stats, ticker and the donors' tallies and badges, from the same past donations.
  await seedSite(targets.documentClient, accountsTable, new Date(), pastDonations);
  return { charities: CHARITIES.length, gifts: giftCount, users: DEMO_USERS.length, workplaceId, volunteering };
}
