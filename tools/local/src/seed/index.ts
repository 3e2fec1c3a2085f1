import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { COUNTRIES } from '@giving/shared/countries';
import { newId } from '@giving/shared/ids';
import { tableName } from '@giving/shared/manifest';
import { dynamoCharityDirectory } from '../../../../services/accounts/adapters/dynamo-charities';
import { dynamoGiftCatalog } from '../../../../services/donations/adapters/dynamo-gifts';
import { createUsers, type RunningCognito } from '../cognito';
import { REGION } from '../config';
import { giftSvg, logoSvg } from './artwork';
import { CHARITIES, CHARITY_ADMIN_OF, DEMO_PASSWORD, DEMO_USERS, WORKPLACE } from './data';

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

  const charityIds = new Map<string, string>();
  let giftCount = 0;
  for (const seed of CHARITIES) {
    const id = newId();
    charityIds.set(seed.charityUrl, id);
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
      website: seed.website,
      location: seed.location,
    });
    for (const gift of seed.gifts) {
      const imageUrl = await upload(`gifts/${seed.charityUrl}/${gift.productUrl}.svg`, giftSvg(gift.title, seed.colour, gift.motif));
      await gifts.put({
        id: newId(),
        title: gift.title,
        description: gift.description,
        imageUrl,
        iconUrl: imageUrl,
        productUrl: gift.productUrl,
        price: { cents: gift.priceCents, currency: COUNTRIES[seed.country].currency },
        isActive: gift.isActive ?? true,
        charity: { id, name: seed.name, charityUrl: seed.charityUrl, logoImageUrl },
      });
      giftCount++;
    }
  }

  const subs = await createUsers(
    targets.cognito,
    DEMO_USERS.map((user) => ({ email: user.email, password: DEMO_PASSWORD, givenName: user.givenName, familyName: user.familyName, groups: user.adminRoles })),
  );

  // Accounts records for the workplace and the demo members (the accounts service's console routes read them).
  const workplaceId = newId();
  const businessUnits = WORKPLACE.businessUnits.map((name) => ({ id: newId(), name }));
  const put = (item: Record<string, unknown>) => targets.documentClient.send(new PutCommand({ TableName: accountsTable, Item: item }));
  await put({ pk: `WORKPLACE#${workplaceId}`, sk: 'PROFILE', id: workplaceId, name: WORKPLACE.name, country: WORKPLACE.country, businessUnits });
  for (const user of DEMO_USERS) {
    const memberId = subs.get(user.email);
    if (!memberId) throw new Error(`no Cognito user for ${user.email}`);
    await put({
      pk: `MEMBER#${memberId}`,
      sk: 'PROFILE',
      id: memberId,
      email: user.email,
      firstName: user.givenName,
      lastName: user.familyName,
      adminRoles: user.adminRoles,
    });
    const membership = WORKPLACE.members[user.role];
    if (membership) {
      await put({
        pk: `WORKPLACE#${workplaceId}`,
        sk: `MEMBER#${memberId}`,
        gsi1pk: `MEMBER#${memberId}`,
        gsi1sk: `WORKPLACE#${workplaceId}`,
        memberId,
        workplaceId,
        roles: membership.roles,
        employmentType: membership.employmentType,
        businessUnitId: businessUnits.find((unit) => unit.name === membership.businessUnit)?.id,
      });
    }
    const charityUrl = CHARITY_ADMIN_OF[user.role];
    const charityId = charityUrl ? charityIds.get(charityUrl) : undefined;
    if (charityId) {
      await put({ pk: `CHARITY#${charityId}`, sk: `MEMBER#${memberId}`, gsi1pk: `MEMBER#${memberId}`, gsi1sk: `CHARITY#${charityId}`, memberId, charityId, roles: ['Charity.Admin'] });
    }
  }
  s3.destroy();
  return { charities: CHARITIES.length, gifts: giftCount, users: DEMO_USERS.length, workplaceId };
}
