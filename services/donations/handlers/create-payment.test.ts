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
import { aCharity, aCharityRequest, aMemberRequest, aRequest } from '../domain/test-support';
import { handler, member } from './create-payment';

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
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
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
  return { status: response.statusCode, json: JSON.parse(response.body as string) as { trackingNumber?: string; errors?: { field: string; message: string }[] } };
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
    const response = await post({ ...withoutCharity, giftId: 'g1', quantity: 2 });
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
    const unknown = await post(aCharityRequest('no-such-charity'));
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors).toEqual([{ field: 'body.charityId', message: CHARITY_MISSING_MESSAGE }]);

    const australian = aCharity({ country: 'au' });
    await charities.save(australian);
    const wrongCountry = await post(aCharityRequest(australian.id));
    expect(wrongCountry.status).toBe(400);
    expect(wrongCountry.json.errors).toEqual([{ field: 'body.charityId', message: CHARITY_WRONG_COUNTRY_MESSAGE }]);
  });

  it('GIFT keeps working unchanged: giftId and any quantity', async () => {
    expect((await post(aRequest('gift-1', { quantity: 3 }))).status).toBe(202);
    const { giftId: _giftId, ...withoutGift } = aRequest('gift-1');
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
    const response = await postAsMember(aMemberRequest('gift-1'));
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
    const response = await postAsMember(aRequest('gift-1'));
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([{ field: 'body.donor', message: DONOR_FROM_SIGN_IN_MESSAGE }]);
  });

  it('still requires a receipt name and checks every other field as the guest route does', async () => {
    const response = await postAsMember({ ...aMemberRequest('gift-1'), receiptName: ' ', quantity: 0 });
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
    const response = await postAsMember(aMemberRequest('gift-1'), withoutEmail);
    expect(response.status).toBe(400);
    expect(response.json.detail).toBe(SIGN_IN_WITHOUT_EMAIL_MESSAGE);
  });

  it('a general donation to a charity works the same way', async () => {
    const charity = aCharity();
    await charities.save(charity);
    const { donor: _donor, ...request } = aCharityRequest(charity.id);
    expect((await postAsMember(request)).status).toBe(202);
  });
});
