import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@giving/shared/ids';
import type { HttpEvent, HttpHandler } from '@giving/shared/lambda/http';
import { API_PREFIX, ENV } from '@giving/shared/manifest';
import { METHOD_NOT_ALLOWED_MESSAGES } from '@giving/shared/payment-methods';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { dynamoGiftCatalog } from '../adapters/dynamo-gifts';
import { dynamoMembershipDirectory } from '../adapters/dynamo-memberships';
import { aGift, aMemberRequest } from '../domain/test-support';
import { member as memberPayment } from './create-payment';
import { handler as paymentOptions } from './payment-options';
import { cancel, create, list } from './payroll-pledges';

/** The payroll and payment-method routes at the edge: field errors in the spec's words, 403s that say why. */
let memberships: ReturnType<typeof dynamoMembershipDirectory>;
const gift = aGift();

beforeAll(async () => {
  const tables = await testTables([donations]);
  memberships = dynamoMembershipDirectory(tables.client, tables.tableName('donations'));
  await dynamoGiftCatalog(tables.client, tables.tableName('donations')).put(gift);
  // The handlers build their adapters from the environment on first use, as in Lambda.
  Object.assign(process.env, {
    [ENV.tableName('donations')]: tables.tableName('donations'),
    AWS_ENDPOINT_URL_DYNAMODB: tables.endpoint,
    AWS_REGION: 'ap-southeast-2',
    AWS_ACCESS_KEY_ID: tables.accessKeyId,
    AWS_SECRET_ACCESS_KEY: 'local',
  });
});

type Answer = { status: number; json: Record<string, unknown> & { errors?: { field: string; message: string }[]; detail?: string } };

async function call(
  handler: HttpHandler,
  method: string,
  path: string,
  { memberId, body, key, query = '', pathParameters }: { memberId: string; body?: unknown; key?: string; query?: string; pathParameters?: Record<string, string> },
): Promise<Answer> {
  const event = {
    version: '2.0',
    routeKey: `${method} ${API_PREFIX}${path}`,
    rawPath: `${API_PREFIX}${path}`,
    rawQueryString: query,
    queryStringParameters: query ? Object.fromEntries(new URLSearchParams(query)) : undefined,
    pathParameters,
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: {
      requestId: newId(),
      http: { method, path: `${API_PREFIX}${path}` },
      authorizer: { jwt: { claims: { sub: memberId, email: 'wiremu.parata@tasman-engineering.co.nz', email_verified: 'true', given_name: 'Wiremu' } } },
    },
  } as unknown as HttpEvent;
  const response = await handler(event);
  return { status: response.statusCode ?? 0, json: response.body ? (JSON.parse(response.body) as Answer['json']) : {} };
}

async function aMember(roles: string[]) {
  const memberId = `sub-${newId()}`;
  await memberships.save({ memberId, workplaceId: newId(), workplaceName: 'Tasman Engineering', roles, version: '1'.padStart(40, '0') });
  return memberId;
}

const pledge = (overrides: Record<string, unknown> = {}) => ({
  pageType: 'GIFT',
  country: 'nz',
  productId: gift.id,
  productQuantity: 1,
  productAmount: 2500,
  donationFrequency: 'EveryPayCycle',
  anonymousDonation: false,
  ...overrides,
});

const PLEDGES = '/donations/me/payroll-pledges';

describe('POST /donations/me/payroll-pledges', () => {
  it('creates the pledge (201) and answers a retry with the same key the same', async () => {
    const memberId = await aMember(['WorkplaceGiver.Employee']);
    const key = `pledge-${newId()}`;
    const first = await call(create, 'POST', PLEDGES, { memberId, body: pledge(), key });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ status: 'Active', total: { cents: 2500, currency: 'NZD' } });
    const again = await call(create, 'POST', PLEDGES, { memberId, body: pledge(), key });
    expect(again).toEqual(first);
    const reused = await call(create, 'POST', PLEDGES, { memberId, body: pledge({ productQuantity: 2 }), key });
    expect(reused.status).toBe(422);
  });

  it('pledges a priced gift at its price: another amount is a 409 naming body.productAmount, and nothing is stored', async () => {
    const memberId = await aMember(['WorkplaceGiver.Employee']);
    const response = await call(create, 'POST', PLEDGES, { memberId, body: pledge({ productAmount: 1000 }), key: `pledge-${newId()}` });
    expect(response.status).toBe(409);
    expect(response.json).toMatchObject({ errors: [{ field: 'body.productAmount', message: MESSAGES.giftPriceChanged }] });
    expect((await call(list, 'GET', PLEDGES, { memberId })).json).toEqual({ items: [] });
  });

  it('names bad fields in the spec’s words (400) and writes nothing', async () => {
    const memberId = await aMember(['WorkplaceGiver.Employee']);
    const response = await call(create, 'POST', PLEDGES, {
      memberId,
      body: pledge({ productAmount: 99, productQuantity: 0, donationFrequency: 'Monthly' }),
      key: `pledge-${newId()}`,
    });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual(
      expect.arrayContaining([
        { field: 'body.productAmount', message: 'Invalid Amount!' },
        { field: 'body.productQuantity', message: 'Invalid Input!' },
        { field: 'body.donationFrequency', message: 'Invalid Input!' },
      ]),
    );
    expect((await call(list, 'GET', PLEDGES, { memberId })).json).toEqual({ items: [] });
  });

  it('needs an Idempotency-Key (400 naming the header)', async () => {
    const memberId = await aMember(['WorkplaceGiver.Employee']);
    const response = await call(create, 'POST', PLEDGES, { memberId, body: pledge() });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([{ field: 'Idempotency-Key', message: 'Required header.' }]);
  });

  it('refuses a member whose workplace roles do not allow payroll (403 saying why)', async () => {
    const memberId = await aMember(['Unknown.Role']);
    const response = await call(create, 'POST', PLEDGES, { memberId, body: pledge(), key: `pledge-${newId()}` });
    expect(response.status).toBe(403);
    expect(response.json.detail).toBe(METHOD_NOT_ALLOWED_MESSAGES.payroll);
  });
});

describe('DELETE /donations/me/payroll-pledges/{pledgeId}', () => {
  it('cancels (204), again is harmless, an unknown pledge is 404 and a malformed id 400', async () => {
    const memberId = await aMember(['WorkplaceGiver.Employee']);
    const created = await call(create, 'POST', PLEDGES, { memberId, body: pledge(), key: `pledge-${newId()}` });
    const pledgeId = created.json.pledgeId as string;
    const path = `${PLEDGES}/{pledgeId}`;
    expect((await call(cancel, 'DELETE', path, { memberId, pathParameters: { pledgeId } })).status).toBe(204);
    expect((await call(cancel, 'DELETE', path, { memberId, pathParameters: { pledgeId } })).status).toBe(204);
    expect((await call(list, 'GET', PLEDGES, { memberId })).json.items).toEqual([expect.objectContaining({ pledgeId, status: 'Cancelled' })]);
    expect((await call(cancel, 'DELETE', path, { memberId, pathParameters: { pledgeId: newId() } })).status).toBe(404);
    expect((await call(cancel, 'DELETE', path, { memberId, pathParameters: { pledgeId: 'nope' } })).status).toBe(400);
  });
});

describe('GET /donations/me/payment-options', () => {
  it('answers the member’s methods for the page type, and 400 naming query.pageType without one', async () => {
    const memberId = await aMember(['WorkplaceGiver.Employee']);
    const options = await call(paymentOptions, 'GET', '/donations/me/payment-options', { memberId, query: 'pageType=CHARITY' });
    expect(options.status).toBe(200);
    expect(options.json).toMatchObject({ card: true, voucher: true, payroll: true, recurring: true, workplace: { name: 'Tasman Engineering' } });
    const missing = await call(paymentOptions, 'GET', '/donations/me/payment-options', { memberId });
    expect(missing.status).toBe(400);
    expect(missing.json.errors?.[0]?.field).toBe('query.pageType');
  });
});

describe('POST /donations/me/payments (card) for a workplace member', () => {
  it('is refused with 403 when the workplace roles do not allow cards', async () => {
    const memberId = await aMember(['Unknown.Role']);
    const response = await call(memberPayment, 'POST', '/donations/me/payments', { memberId, body: aMemberRequest(gift.id), key: `card-${newId()}` });
    expect(response.status).toBe(403);
    expect(response.json.detail).toBe(METHOD_NOT_ALLOWED_MESSAGES.card);
  });
});
