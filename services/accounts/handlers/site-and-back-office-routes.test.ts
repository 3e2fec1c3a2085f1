import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONATIONS_SOURCE } from '@giving/shared/events/donations';
import { newId } from '@giving/shared/ids';
import type { HttpEvent, HttpHandler } from '@giving/shared/lambda/http';
import { API_PREFIX, ENV } from '@giving/shared/manifest';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { testUserPool } from '../../../tools/local/src/testing/user-pool';
import accounts from '../service';
import { createCharity, revokeAdmin } from './back-office';
import { createBadge, deleteBadge, updateEmailTemplate } from './back-office-content';
import { approve } from './content-approval';
import { handler as logout } from './logout';
import { handler as recordDonationActivity } from './record-donation-activity';
import { getMenuLinks, getSiteConfig, putMenuLinks } from './site';
import { getRecentActivity, getSiteStats } from './site-activity';

beforeAll(async () => {
  const tables = await testTables([accounts]);
  // The handlers build their adapters from the environment on first use, as in Lambda.
  Object.assign(process.env, {
    [ENV.tableName('accounts')]: tables.tableName('accounts'),
    AWS_ENDPOINT_URL_DYNAMODB: tables.endpoint,
    AWS_REGION: 'ap-southeast-2',
    AWS_ACCESS_KEY_ID: tables.accessKeyId,
    AWS_SECRET_ACCESS_KEY: 'local',
    [ENV.mailFrom]: 'Koha <test@koha.test>',
    [ENV.siteUrl]: 'https://koha.test',
  });
  // Guards confirm an administrator's group with the user pool: cognito-local holds the test's administrator.
  pool = await testUserPool();
  Object.assign(process.env, pool.environment);
  ADMIN.username = await pool.member(ADMIN.sub, 'alex.morgan@koha.test', ['Administrator']);
});

afterAll(async () => {
  await pool?.stop();
});

let pool: Awaited<ReturnType<typeof testUserPool>>;

const ADMIN = { sub: '0f6a3f4e-5b1c-4c7e-9a52-0d6c1b2e3f41', groups: '[Administrator]', username: '' };
const DONOR = { sub: '5a1e8c2d-7f34-4b9a-8e61-3c2b1a0f9e87', groups: '[]' };

/** An HTTP API (payload 2.0) event for a manifest route, e.g. call(putMenuLinks, 'PUT', '/accounts/site/menu-links', {...}). */
async function call(
  handler: HttpHandler,
  method: string,
  route: string,
  options: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; as?: { sub: string; groups: string; username?: string } } = {},
) {
  const path = route.replace(/\{(\w+)\}/g, (_, name: string) => options.params?.[name] ?? '');
  const event = {
    version: '2.0',
    routeKey: `${method} ${API_PREFIX}${route}`,
    rawPath: `${API_PREFIX}${path}`,
    rawQueryString: new URLSearchParams(options.query).toString(),
    headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
    queryStringParameters: options.query,
    pathParameters: options.params,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    isBase64Encoded: false,
    requestContext: {
      requestId: newId(),
      http: { method, path: `${API_PREFIX}${path}` },
      ...(options.as ? { authorizer: { jwt: { claims: { sub: options.as.sub, 'cognito:groups': options.as.groups, 'cognito:username': options.as.username ?? options.as.sub } } } } : {}),
    },
  } as unknown as HttpEvent;
  const response = await handler(event);
  return { ...response, json: typeof response.body === 'string' ? (JSON.parse(response.body) as Record<string, unknown>) : undefined };
}

describe('site routes', () => {
  it('logout clears the session and return cookies and goes to the site root', async () => {
    const response = await call(logout, 'GET', '/account/logout');
    expect(response.statusCode).toBe(302);
    expect(response.headers?.location).toBe('/');
    expect(response.cookies).toEqual([
      'koha_session=; Path=/; Max-Age=0; Secure; SameSite=Lax',
      'koha_return=; Path=/; Max-Age=0; Secure; SameSite=Lax',
    ]);
    expect(response.body).toBeUndefined();
  });

  it('answers site config, stats and the ticker publicly, cached briefly, and names a bad country', async () => {
    const config = await call(getSiteConfig, 'GET', '/accounts/site', { query: { country: 'nz' } });
    expect(config.statusCode).toBe(200);
    expect(config.headers?.['cache-control']).toBe('public, max-age=60');
    expect(config.json).toMatchObject({ country: 'nz', currency: 'NZD' });
    const stats = await call(getSiteStats, 'GET', '/accounts/site/stats', { query: { country: 'au' } });
    expect(stats.headers?.['cache-control']).toBe('public, max-age=15');
    expect(stats.json).toEqual({ overallDonations: { cents: 0, currency: 'AUD' }, activeUsers: 0, overallVolunteeredHours: 0 });
    const bad = await call(getRecentActivity, 'GET', '/accounts/site/recent', { query: { country: 'uk' } });
    expect(bad.statusCode).toBe(400);
    expect((bad.json?.errors as { field: string }[])[0]?.field).toBe('query.country');
  });

  it('lets only content admins replace menu links, and validates them', async () => {
    const links = { items: [{ name: 'Charities', path: '/nz/charities' }] };
    expect((await call(putMenuLinks, 'PUT', '/accounts/site/menu-links', { query: { country: 'nz' }, body: links })).statusCode).toBe(401);
    expect((await call(putMenuLinks, 'PUT', '/accounts/site/menu-links', { query: { country: 'nz' }, body: links, as: DONOR })).statusCode).toBe(403);
    const bad = await call(putMenuLinks, 'PUT', '/accounts/site/menu-links', {
      query: { country: 'nz' },
      body: { items: [{ name: 'Evil', path: 'javascript:alert(1)' }] },
      as: ADMIN,
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json?.errors as { field: string }[])[0]?.field).toBe('body.items.0.path');
    const saved = await call(putMenuLinks, 'PUT', '/accounts/site/menu-links', { query: { country: 'nz' }, body: links, as: ADMIN });
    expect(saved.statusCode).toBe(200);
    expect(saved.json).toEqual(links);
    expect((await call(getMenuLinks, 'GET', '/accounts/site/menu-links', { query: { country: 'nz' } })).json).toEqual(links);
  });
});

describe('back-office routes', () => {
  it('creates a charity (201) and refuses its URL again (409)', async () => {
    const body = { name: 'Tūī Trust', charityUrl: 'tui-trust', country: 'nz', description: 'Birds.' };
    const made = await call(createCharity, 'POST', '/accounts/backoffice/charities', { body, as: ADMIN });
    expect(made.statusCode).toBe(201);
    expect(made.json).toMatchObject({ name: 'Tūī Trust', logoImageUrl: '' });
    const again = await call(createCharity, 'POST', '/accounts/backoffice/charities', { body, as: ADMIN });
    expect(again.statusCode).toBe(409);
    expect(again.json).toMatchObject({ code: 'Conflict', detail: 'That charity URL is already taken.' });
    expect((await call(createCharity, 'POST', '/accounts/backoffice/charities', { body, as: DONOR })).statusCode).toBe(403);
  });

  it('creates badges (201) and deletes them (204, no body)', async () => {
    const made = await call(createBadge, 'POST', '/accounts/backoffice/badges', { body: { name: 'Kind', description: 'One.', icon: '💚', donationCount: 1 }, as: ADMIN });
    expect(made.statusCode).toBe(201);
    const removed = await call(deleteBadge, 'DELETE', '/accounts/backoffice/badges/{badgeId}', { params: { badgeId: made.json?.id as string }, as: ADMIN });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBeUndefined();
  });

  it('refuses unknown placeholders (400 naming body.body) and unknown templates (404)', async () => {
    const bad = await call(updateEmailTemplate, 'PUT', '/accounts/backoffice/email-templates/{templateName}', {
      params: { templateName: 'badge-awarded' },
      body: { subject: 'Hi', body: 'Hello {{lastName}}' },
      as: ADMIN,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json?.errors).toEqual([{ field: 'body.body', message: 'Unknown placeholder {{lastName}}.' }]);
    const missing = await call(updateEmailTemplate, 'PUT', '/accounts/backoffice/email-templates/{templateName}', {
      params: { templateName: 'nope' },
      body: { subject: 'Hi', body: 'Hello' },
      as: ADMIN,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('never lets administrators remove their own role, and answers 404 for unknown content', async () => {
    const self = await call(revokeAdmin, 'DELETE', '/accounts/backoffice/admins/{memberId}', { params: { memberId: ADMIN.sub }, as: ADMIN });
    expect(self.statusCode).toBe(409);
    expect(self.json?.detail).toBe('You cannot remove your own administrator role.');
    const unknown = await call(approve, 'POST', '/accounts/backoffice/content/{contentId}/approve', { params: { contentId: newId() }, as: ADMIN });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('record-donation-activity subscription', () => {
  it('records a DonationCompleted from its queue once, however often it is delivered', async () => {
    const data = {
      donationId: newId(),
      trackingNumber: newId(),
      pageType: 'CHARITY',
      country: 'au',
      charity: { id: 'c1', name: 'Reef Guardians Australia', charityUrl: 'reef-guardians-australia' },
      quantity: 3,
      amount: { cents: 9000, currency: 'AUD' },
      tip: { cents: 500, currency: 'AUD' },
      total: { cents: 9500, currency: 'AUD' },
      paymentType: 'CARD',
      isAnonymous: true,
      receiptName: 'Anon',
      completedAt: '2026-04-01T08:00:00.000Z',
    };
    const record = (messageId: string) => ({
      messageId,
      body: JSON.stringify({
        source: DONATIONS_SOURCE,
        'detail-type': 'DonationCompleted',
        detail: { metadata: { id: newId(), name: 'DonationCompleted', version: 1, source: DONATIONS_SOURCE, occurredAt: data.completedAt }, data },
      }),
    });
    const event = { Records: [record('m1'), record('m2')] } as unknown as SQSEvent;
    expect(await recordDonationActivity(event)).toEqual({ batchItemFailures: [] });
    expect(await recordDonationActivity(event)).toEqual({ batchItemFailures: [] });
    const stats = await call(getSiteStats, 'GET', '/accounts/site/stats', { query: { country: 'au' } });
    expect((stats.json?.overallDonations as { cents: number }).cents).toBe(9000);
    const recent = await call(getRecentActivity, 'GET', '/accounts/site/recent', { query: { country: 'au' } });
    expect(recent.json?.items).toEqual([
      {
        kind: 'donation',
        id: data.donationId,
        charityName: 'Reef Guardians Australia',
        charityUrl: 'reef-guardians-australia',
        donationAmount: { cents: 9000, currency: 'AUD' },
        donationDate: data.completedAt,
      },
    ]);
  });
});
