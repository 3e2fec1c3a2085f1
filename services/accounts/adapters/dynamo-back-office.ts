import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { auditPut } from './dynamo-audit';
import type { CharityProfile, MemberSummary, Workplace } from '@giving/shared/contracts/accounts';
import { ADMINISTRATOR } from '@giving/shared/permissions';
import type { BackOfficeStore } from '../domain/back-office';
import { countAll, listPage, queryAll } from './dynamo-pages';
import { transactWrite } from './dynamo-transact';
import { indexKeys, keys } from './keys';

type Item = Record<string, unknown>;

const LIST = {
  charity: indexKeys.list('CHARITY', '').gsi3pk,
  member: indexKeys.list('MEMBER', '').gsi3pk,
  workplace: indexKeys.list('WORKPLACE', '').gsi3pk,
};

const toCharity = (item: Item): CharityProfile => {
  const charity: CharityProfile = {
    id: item.id as string,
    name: item.name as string,
    charityUrl: item.charityUrl as string,
    country: item.country as CharityProfile['country'],
    logoImageUrl: (item.logoImageUrl as string | undefined) ?? '',
    description: (item.description as string | undefined) ?? '',
    causes: (item.causes as string[] | undefined) ?? [],
  };
  for (const field of ['bannerImageUrl', 'registrationNumber', 'website', 'location'] as const) {
    if (typeof item[field] === 'string') charity[field] = item[field];
  }
  if (typeof item.taxApproved === 'boolean') charity.taxApproved = item.taxApproved;
  return charity;
};

const toMember = (item: Item): MemberSummary => ({
  id: item.id as string,
  email: item.email as string,
  firstName: (item.firstName as string | undefined) ?? '',
  lastName: (item.lastName as string | undefined) ?? '',
  adminRoles: (item.adminRoles as string[] | undefined) ?? [],
  createdAt: (item.createdAt as string | undefined) ?? '',
});

const toWorkplace = (item: Item): Workplace => ({
  id: item.id as string,
  name: item.name as string,
  country: item.country as Workplace['country'],
  ...(typeof item.logo === 'string' ? { logo: item.logo } : {}),
  businessUnits: (item.businessUnits as Workplace['businessUnits'] | undefined) ?? [],
  memberCount: Number(item.memberCount ?? 0),
  createdAt: (item.createdAt as string | undefined) ?? '',
});

/** The back office's lists and counts (gsi3 LIST#<kind>), new charities and workplaces, and the Administrator role. */
export function dynamoBackOfficeStore(client: DynamoDBDocumentClient, tableName: string): BackOfficeStore {
  const onList = (gsi3pk: string) => ({
    TableName: tableName,
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi3pk } as Record<string, unknown>,
  });
  const administrators = {
    ...onList(LIST.member),
    FilterExpression: 'contains(adminRoles, :admin)',
    ExpressionAttributeValues: { ':pk': LIST.member, ':admin': ADMINISTRATOR },
  };

  return {
    async dashboardCounts() {
      const [charities, members, admins, workplaces, pendingContent] = await Promise.all([
        countAll(client, onList(LIST.charity)),
        countAll(client, onList(LIST.member)),
        countAll(client, administrators),
        countAll(client, onList(LIST.workplace)),
        countAll(client, onList(indexKeys.contentByStatus('Proposed', '').gsi3pk)),
      ]);
      return { charities, members, admins, workplaces, pendingContent };
    },

    async listCharities(request) {
      const page = await listPage(client, { tableName, gsi3pk: LIST.charity, ...request });
      return { ...page, items: page.items.map(toCharity) };
    },

    async createCharity(charity, createdAt) {
      // Charities listed before URL claims existed have no claim item: refuse their URLs too.
      const listed = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
          ExpressionAttributeValues: { ':pk': `CHARITYURL#${charity.charityUrl}`, ':sk': 'CHARITY' },
          Limit: 1,
        }),
      );
      if ((listed.Items?.length ?? 0) > 0) return 'urlTaken';
      const outcome = await transactWrite(client, [
        {
          Put: {
            TableName: tableName,
            Item: { ...keys.charityUrlClaim(charity.charityUrl), charityId: charity.id, claimedAt: createdAt },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: {
              ...keys.charityProfile(charity.id),
              gsi1pk: `CHARITYURL#${charity.charityUrl}`,
              gsi1sk: 'CHARITY',
              gsi2pk: `COUNTRY#${charity.country}`,
              gsi2sk: `CHARITY#${charity.name.toLowerCase()}`,
              ...indexKeys.list('CHARITY', charity.name.toLowerCase()),
              ...charity,
              adminCount: 0,
              createdAt,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]);
      if (outcome.ok) return 'created';
      if (outcome.failed.includes(0)) return 'urlTaken';
      throw new Error(`charity id ${charity.id} already exists`);
    },

    async listMembers(request) {
      const page = await listPage(client, { tableName, gsi3pk: LIST.member, ...request });
      return { ...page, items: page.items.map(toMember) };
    },

    async listAdministrators() {
      return (await queryAll(client, administrators)).map(toMember);
    },

    async getMember(memberId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.memberProfile(memberId), ConsistentRead: true }));
      return result.Item ? toMember(result.Item) : undefined;
    },

    async setAdminRole(memberId, role, held, actor) {
      // DynamoDB cannot remove a list element by value: write the whole list, only if it is still the one read.
      for (let attempt = 0; attempt < 10; attempt++) {
        const current = (await client.send(new GetCommand({ TableName: tableName, Key: keys.memberProfile(memberId), ConsistentRead: true }))).Item;
        if (!current) return undefined;
        const roles = Array.isArray(current.adminRoles) ? (current.adminRoles as string[]) : undefined;
        if ((roles ?? []).includes(role) === held) return toMember(current);
        const next = held ? [...(roles ?? []), role] : (roles ?? []).filter((r) => r !== role);
        const at = new Date();
        const outcome = await transactWrite(client, [
          {
            Update: {
              TableName: tableName,
              Key: keys.memberProfile(memberId),
              UpdateExpression: 'SET adminRoles = :next, adminRolesChangedAt = :now',
              ConditionExpression: roles ? 'adminRoles = :read' : 'attribute_exists(pk) AND attribute_not_exists(adminRoles)',
              ExpressionAttributeValues: { ':next': next, ':now': Math.floor(at.getTime() / 1000), ...(roles ? { ':read': roles } : {}) },
            },
          },
          auditPut(tableName, {
            memberId,
            at: at.toISOString(),
            action: held ? 'AdministratorGranted' : 'AdministratorRevoked',
            actor: actor ?? { name: 'Koha' },
            changes: [{ field: 'Platform roles', from: (roles ?? []).join(', '), to: next.join(', ') }],
          }),
        ]);
        if (outcome.ok) return toMember({ ...current, adminRoles: next });
      }
      throw new Error(`member ${memberId}: admin roles kept changing`);
    },

    async listWorkplaces() {
      return (await queryAll(client, onList(LIST.workplace))).map(toWorkplace);
    },

    async createWorkplace(workplace) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.workplace(workplace.id), ...indexKeys.list('WORKPLACE', workplace.name.toLowerCase()), ...workplace, adminCount: 0 },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },
  };
}
