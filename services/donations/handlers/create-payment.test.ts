import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@giving/shared/ids';
import type { HttpEvent } from '@giving/shared/lambda/http';
import { API_PREFIX, ENV } from '@giving/shared/manifest';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { dynamoCharityDirectory } from '../adapters/dynamo-charities';
import { DONOR_FROM_SIGN_IN_MESSAGE } from '@giving/shared/contracts/donations';
import { dynamoPaymentRepository } from '../adapters/dynamo-payments';
import { CHARITY_MISSING_MESSAGE, CHARITY_WRONG_COUNTRY_MESSAGE, SIGN_IN_WITHOUT_EMAIL_MESSAGE } from '../domain/payments';
import { TRANSACTION_FEE_CHANGED_MESSAGE } from '@giving/shared/contracts/payment-gateway';
import { aCharity, aCharityRequest, aMemberRequest, aRequest, gatewaySettings } from '../domain/test-support';
import { handler, member } from './create-payment';
import { handler as paymentGateway } from './payment-gateway';

/** The request contract at the edge: POST /donations/payments for GIFT and CHARITY, field errors in the spec's words. */
let charities: ReturnType<typeof dynamoCharityDirectory>;
let payments: ReturnType<typeof dynamoPaymentRepository>;

beforeAll(async () => {
  const tables = await testTables([donations]);
  charities = dynamoCharityDirectory(tables.client, tables.tableName('donations'));
  payments = dynamoPaymentRepository(tables.client, tables.tableName('donations'));
  // The handler builds its adapters from the environment on first use, as in Lambda.
  Object.assign(process.env, {
    [ENV.tableName('donations')]: tables.tableName('donations'),
    AWS_ENDPOINT_URL_DYNAMODB: tables.endpoint,
    AWS_REGION: 'ap-southeast-2',
    AWS_ACCESS_KEY_ID: tables.accessKeyId,
    AWS_SECRET_ACCESS_KEY: 'local',
    [ENV.paymentGatewaySettings]: JSON.stringify(gatewaySettings),
  });
});

async function post(body: unknown, key = `key-${newId()}`) {
  const event = {
    version: '2.0',
    routeKey: `POST ${API_PREFIX}/donations/payments`,
    rawPath: `${API_PREFIX}/donations/payments`,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { requestId: newId(), http: { method: 'POST', path: `${API_PREFIX}/donations/payments` } },
  } as unknown as HttpEvent;
  const response = await handler(event);
  return {
    status: response.statusCode,
    json: JSON.parse(response.body as string) as { trackingNumber?: string; detail?: string; errors?: { field: string; message: string }[] },
  };
}

describe('POST /donations/payments', () => {
  it('accepts a general donation to a known charity (202)', async () => {
    const charity = aCharity();
    await charities.save(charity);
    const response = await post(aCharityRequest(charity.id));
    expect(response.status).toBe(202);
    expect(response.json.trackingNumber).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('CHARITY takes charityId, not giftId, and a quantity of exactly 1', async () => {
    const { charityId: _charityId, ...withoutCharity } = aCharityRequest('c1');
    const response = await post({ ...withoutCharity, giftId: '01KDEM0GFT0000000000000002', quantity: 2 });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual(
      expect.arrayContaining([
        { field: 'body.charityId', message: 'Required Field!' },
        { field: 'body.quantity', message: 'Invalid Input!' },
      ]),
    );
    expect((await post(aCharityRequest(''))).json.errors).toEqual([{ field: 'body.charityId', message: 'Required Field!' }]);
  });

  it('names each bad field of a CHARITY request as the gift path does', async () => {
    const response = await post({ ...aCharityRequest('c1'), donationAmount: 99, supportingAmount: 300, receiptName: ' ', donor: { firstName: '', lastName: 'D', email: 'x' } });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual(
      expect.arrayContaining([
        { field: 'body.donationAmount', message: 'Invalid Amount!' },
        { field: 'body.receiptName', message: 'Required Field!' },
        { field: 'body.donor.firstName', message: 'Required Field!' },
        { field: 'body.donor.email', message: 'Invalid Email!' },
        expect.objectContaining({ field: 'body.supportingAmount' }),
      ]),
    );
  });

  it('refuses an unknown page type, naming pageType', async () => {
    const response = await post({ ...aRequest('g1'), pageType: 'SHOP' });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([{ field: 'body.pageType', message: 'Invalid Input!' }]);
  });

  it('an unknown charity is 404 and one from another country 400, both naming charityId', async () => {
    const unknown = await post(aCharityRequest('01KDEM0CHR0000000000000009'));
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors).toEqual([{ field: 'body.charityId', message: CHARITY_MISSING_MESSAGE }]);
    // Not an id at all (2,000 characters): refused at the edge, before any look-up.
    const malformed = await post(aCharityRequest('C'.repeat(2000)));
    expect([malformed.status, malformed.json.errors]).toEqual([400, [{ field: 'body.charityId', message: 'Invalid Input!' }]]);

    const australian = aCharity({ country: 'au' });
    await charities.save(australian);
    const wrongCountry = await post(aCharityRequest(australian.id));
    expect(wrongCountry.status).toBe(400);
    expect(wrongCountry.json.errors).toEqual([{ field: 'body.charityId', message: CHARITY_WRONG_COUNTRY_MESSAGE }]);
  });

  it('requires transactionFeeCents (400 naming it) and answers a stale one with 409 and the spec’s detail, storing nothing', async () => {
    const { transactionFeeCents: _fee, ...withoutFee } = aRequest('01KDEM0GFT0000000000000001');
    const missing = await post(withoutFee);
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([{ field: 'body.transactionFeeCents', message: 'Invalid transaction fee.' }]);

    const key = `key-${newId()}`;
    const stale = await post(aRequest('01KDEM0GFT0000000000000001', { transactionFeeCents: 199 }), key);
    expect(stale.status).toBe(409);
    expect(stale.json.detail).toBe(TRANSACTION_FEE_CHANGED_MESSAGE);
    expect(stale.json.errors).toEqual([{ field: 'body.transactionFeeCents', message: TRANSACTION_FEE_CHANGED_MESSAGE }]);
    expect(await payments.findByKey(key)).toBeUndefined();
    // The same key with the right fee is a new request, accepted.
    expect((await post(aRequest('01KDEM0GFT0000000000000001'), key)).status).toBe(202);
  });

  it('GIFT keeps working unchanged: giftId and any quantity', async () => {
    expect((await post(aRequest('01KDEM0GFT0000000000000001', { quantity: 3 }))).status).toBe(202);
    const { giftId: _giftId, ...withoutGift } = aRequest('01KDEM0GFT0000000000000001');
    expect((await post(withoutGift)).json.errors).toEqual([{ field: 'body.giftId', message: 'Required Field!' }]);
  });
});

/** The signed-in twin: POST /donations/me/payments, as HTTP API's JWT authorizer hands it the verified claims. */
const DANA = { sub: 'sub-dana', email: 'dana.donor@demo.koha.nz', email_verified: 'true', given_name: 'Dana', family_name: 'Whitfield', token_use: 'id' };

async function postAsMember(body: unknown, claims: Record<string, string> | null = DANA, key = `key-${newId()}`) {
  const path = `${API_PREFIX}/donations/me/payments`;
  const event = {
    version: '2.0',
    routeKey: `POST ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { requestId: newId(), http: { method: 'POST', path }, ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}) },
  } as unknown as HttpEvent;
  const response = await member(event);
  return { status: response.statusCode, json: JSON.parse(response.body as string) as { trackingNumber?: string; detail?: string; errors?: { field: string; message: string }[] } };
}

describe('POST /donations/me/payments', () => {
  it('accepts a gift without donor fields and stores the donor and member id from the token (202)', async () => {
    const response = await postAsMember(aMemberRequest('01KDEM0GFT0000000000000001'));
    expect(response.status).toBe(202);
    expect(await payments.get(response.json.trackingNumber as string)).toMatchObject({
      memberId: 'sub-dana',
      donor: { email: 'dana.donor@demo.koha.nz', firstName: 'Dana', lastName: 'Whitfield' },
    });
  });

  it('refuses an anonymous caller (401) before reading the body', async () => {
    const response = await postAsMember({ not: 'even valid' }, null);
    expect(response.status).toBe(401);
    expect(response.json).not.toHaveProperty('errors');
  });

  it('refuses a body that names a donor, naming body.donor', async () => {
    const response = await postAsMember(aRequest('01KDEM0GFT0000000000000001'));
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([{ field: 'body.donor', message: DONOR_FROM_SIGN_IN_MESSAGE }]);
  });

  it('still requires a receipt name and checks every other field as the guest route does', async () => {
    const response = await postAsMember({ ...aMemberRequest('01KDEM0GFT0000000000000001'), receiptName: ' ', quantity: 0 });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual(
      expect.arrayContaining([
        { field: 'body.receiptName', message: 'Required Field!' },
        { field: 'body.quantity', message: 'Invalid Input!' },
      ]),
    );
  });

  it('a token without an e-mail is a 400 that says why', async () => {
    const { email: _email, ...withoutEmail } = DANA;
    const response = await postAsMember(aMemberRequest('01KDEM0GFT0000000000000001'), withoutEmail);
    expect(response.status).toBe(400);
    expect(response.json.detail).toBe(SIGN_IN_WITHOUT_EMAIL_MESSAGE);
  });

  it('a general donation to a charity works the same way', async () => {
    const charity = aCharity();
    await charities.save(charity);
    const { donor: _donor, ...request } = aCharityRequest(charity.id);
    expect((await postAsMember(request)).status).toBe(202);
  });

  it('checks the transaction fee as the guest route does (409 on a stale one)', async () => {
    const response = await postAsMember(aMemberRequest('01KDEM0GFT0000000000000001', { transactionFeeCents: 0 }));
    expect(response.status).toBe(409);
    expect(response.json.detail).toBe(TRANSACTION_FEE_CHANGED_MESSAGE);
  });
});

describe('GET /donations/payment-gateway', () => {
  async function get(query: string) {
    const path = `${API_PREFIX}/donations/payment-gateway`;
    const event = {
      version: '2.0',
      routeKey: `GET ${path}`,
      rawPath: path,
      rawQueryString: query,
      queryStringParameters: Object.fromEntries(new URLSearchParams(query)),
      headers: {},
      isBase64Encoded: false,
      requestContext: { requestId: newId(), http: { method: 'GET', path } },
    } as unknown as HttpEvent;
    const response = await paymentGateway(event);
    return { status: response.statusCode, headers: response.headers ?? {}, json: JSON.parse(response.body as string) as Record<string, unknown> };
  }

  it('answers each country’s fees and merchant account (nz: the Trust, au: the platform), cacheable for 5 minutes', async () => {
    const nz = await get('country=nz');
    expect(nz.status).toBe(200);
    expect(nz.json).toEqual({
      country: 'nz',
      currency: 'NZD',
      transactionProcessingFees: { percentBasisPoints: 190, fixedCents: 30 },
      apiAccounts: [{ accountType: 'Trust', clientKey: 'ck_test_trust' }],
    });
    expect(nz.headers['cache-control']).toBe('public, max-age=300');
    expect((await get('country=au')).json).toEqual({
      country: 'au',
      currency: 'AUD',
      transactionProcessingFees: { percentBasisPoints: 175, fixedCents: 30 },
      apiAccounts: [{ accountType: 'Platform', clientKey: 'pk_test_platform' }],
    });
  });

  it('names the country when it is missing or unknown (400)', async () => {
    for (const query of ['', 'country=uk']) {
      const response = await get(query);
      expect(response.status).toBe(400);
      expect(response.json.errors).toEqual([expect.objectContaining({ field: 'query.country' })]);
    }
  });
});
