import { describe, expect, it } from 'vitest';
import type { DomainError } from '../errors';
import { newId } from '../ids';
import { defineService } from '../manifest';
import type { PermissionSource } from '../permissions';
import { manifestGuard, serviceRoute } from './authorize';
import { ok, type Caller, type HttpEvent } from './http';
import { logger } from './logger';

const manifest = defineService({
  service: 'accounts',
  routes: [
    { method: 'GET', path: '/open', handler: 'h', auth: { kind: 'public' }, summary: '.', access: {} },
    { method: 'GET', path: '/open/{charityUrl}', handler: 'h', auth: { kind: 'public' }, summary: '.', access: {} },
    { method: 'GET', path: '/mine', handler: 'h', auth: { kind: 'signedIn' }, summary: '.', access: {} },
    { method: 'GET', path: '/office', handler: 'h', auth: { kind: 'signedIn', anyOf: ['BackOffice_ViewMembers'] }, summary: '.', access: {} },
    { method: 'GET', path: '/vacancies', handler: 'h', auth: { kind: 'signedIn', anyOf: ['BackOffice_ViewVacancies'], deniedAs: 'Unauthorized' }, summary: '.', access: {} },
    {
      method: 'DELETE',
      path: '/charity/{charityId}/members/{memberId}',
      handler: 'h',
      auth: { kind: 'signedIn', anyOf: ['Charity_MemberManage'], tenant: { kind: 'charity', param: 'charityId' } },
      summary: '.',
      access: {},
    },
  ],
});

const KIWI = newId();
const OTHER = newId();
const lookedUp: string[] = [];
const source: PermissionSource = {
  siteFeatures: async () => [],
  tenantRoles: async (memberId, tenant) => {
    lookedUp.push(tenant.id);
    return memberId === 'sam' && tenant.id === KIWI ? ['Charity.Admin'] : [];
  },
  corporateRoles: async () => [],
};
/** The user pool's groups now (cognito-local's adapter is tested in caller-groups.test.ts). */
const pool = new Map<string, string[]>([['alex', ['Administrator']]]);
const groups = () => ({ groupsOf: async (username: string) => pool.get(username) ?? [] });
const guard = manifestGuard(manifest, () => source, { groups });
const MEMBER = '7d0b7f0e-3c44-4a8e-9f0e-1a2b3c4d5e6f';
const caller = (userId: string, groups: string[] = []): Caller => ({ userId, groups, claims: { sub: userId } });
const attempt = (routeKey: string, who?: Caller, pathParameters: Record<string, string> = {}) =>
  guard({ routeKey, caller: who, pathParameters, log: logger }).then(
    () => 'allowed',
    (error: { code?: string }) => error.code,
  );

describe('manifestGuard: the manifest entry is the policy', () => {
  it('lets anyone call a public route', async () => {
    expect(await attempt('GET /api/open')).toBe('allowed');
  });

  it('refuses signed-in routes to anonymous callers with 401', async () => {
    expect(await attempt('GET /api/mine')).toBe('Unauthorized');
    expect(await attempt('GET /api/mine', caller('dana'))).toBe('allowed');
  });

  it('refuses a route whose permission the caller lacks with 403', async () => {
    expect(await attempt('GET /api/office', caller('dana'))).toBe('Forbidden');
    expect(await attempt('GET /api/office', caller('alex', ['Administrator']))).toBe('allowed');
  });

  it('refuses with 401 where the policy says so (back-office volunteering calls, spec 1 §6)', async () => {
    expect(await attempt('GET /api/vacancies')).toBe('Unauthorized');
    expect(await attempt('GET /api/vacancies', caller('dana'))).toBe('Unauthorized');
    expect(await attempt('GET /api/vacancies', caller('alex', ['Administrator']))).toBe('allowed');
  });

  it("stops a charity's admin acting on another charity (no IDOR)", async () => {
    const key = 'DELETE /api/charity/{charityId}/members/{memberId}';
    expect(await attempt(key, caller('sam'), { charityId: KIWI, memberId: MEMBER })).toBe('allowed');
    expect(await attempt(key, caller('sam'), { charityId: OTHER, memberId: MEMBER })).toBe('Forbidden');
  });

  it('trusts a token’s Administrator group only while the user pool still has the member in it (revoked: refused at once)', async () => {
    expect(await attempt('GET /api/office', caller('blake', ['Administrator']))).toBe('Forbidden');
    expect(await attempt('GET /api/vacancies', caller('blake', ['Administrator']))).toBe('Unauthorized');
    pool.set('blake', ['Administrator']);
    expect(await attempt('GET /api/office', caller('blake', ['Administrator']))).toBe('allowed');
    pool.delete('blake');
    expect(await attempt('GET /api/office', caller('blake', ['Administrator']))).toBe('Forbidden');
  });

  it('fails closed when the user pool cannot be asked, or none is configured', async () => {
    const down = manifestGuard(manifest, () => source, { groups: () => ({ groupsOf: async () => Promise.reject(new Error('throttled')) }) });
    await expect(down({ routeKey: 'GET /api/office', caller: caller('alex', ['Administrator']), pathParameters: {}, log: logger })).rejects.toMatchObject({ code: 'Forbidden' });
    const none = manifestGuard(manifest, () => source, { groups: () => undefined });
    await expect(none({ routeKey: 'GET /api/office', caller: caller('alex', ['Administrator']), pathParameters: {}, log: logger })).rejects.toMatchObject({ code: 'Forbidden' });
    // A caller whose token names no group is never looked up.
    expect(await attempt('GET /api/mine', caller('dana'))).toBe('allowed');
  });

  it('never looks up roles in a malformed tenant: 403 for members, then 400 naming it for administrators', async () => {
    const key = 'DELETE /api/charity/{charityId}/members/{memberId}';
    lookedUp.length = 0;
    for (const charityId of ['A'.repeat(2000), 'kiwi', '../', '\u0000']) {
      expect(await attempt(key, caller('sam'), { charityId, memberId: MEMBER })).toBe('Forbidden');
      expect(await attempt(key, caller('alex', ['Administrator']), { charityId, memberId: MEMBER })).toBe('ValidationFailed');
    }
    expect(lookedUp).toEqual([]);
  });

  it('checks every path parameter once the caller may use the route, naming it', async () => {
    const key = 'DELETE /api/charity/{charityId}/members/{memberId}';
    const refused = await guard({ routeKey: key, caller: caller('sam'), pathParameters: { charityId: KIWI, memberId: 'x'.repeat(2000) }, log: logger }).catch((e: DomainError) => e);
    expect(refused).toMatchObject({ code: 'ValidationFailed', fieldErrors: [{ field: 'path.memberId', message: 'Invalid member.' }] });
    const missing = await guard({ routeKey: 'GET /api/open/{charityUrl}', pathParameters: {}, log: logger }).catch((e: DomainError) => e);
    expect(missing).toMatchObject({ code: 'ValidationFailed', fieldErrors: [{ field: 'path.charityUrl', message: "The parameter 'charityUrl' must be defined." }] });
    expect(await attempt('GET /api/open/{charityUrl}', undefined, { charityUrl: 'kiwi-coast-rescue' })).toBe('allowed');
    expect(await attempt('GET /api/open/{charityUrl}', undefined, { charityUrl: '..%2F' })).toBe('ValidationFailed');
  });

  it('fails closed for a route key its manifest does not declare', async () => {
    expect(await attempt('GET /api/undeclared', caller('alex', ['Administrator']))).toBe('Forbidden');
  });

  it('fails closed when a route lists permissions but the service gave no permission source', async () => {
    const sourceless = manifestGuard(manifest, undefined, { groups });
    await expect(sourceless({ routeKey: 'GET /api/office', caller: caller('alex', ['Administrator']), pathParameters: {}, log: logger })).rejects.toMatchObject({ code: 'Forbidden' });
  });
});

describe('serviceRoute', () => {
  it('answers 401/403 problem+json before the use case runs', async () => {
    let ran = 0;
    const handler = serviceRoute(manifest, () => source, { groups })({}, async () => {
      ran++;
      return ok({});
    });
    const event = (claims?: Record<string, string>) =>
      ({ routeKey: 'GET /api/office', headers: {}, requestContext: { requestId: 'r', ...(claims ? { authorizer: { jwt: { claims } } } : {}) } }) as unknown as HttpEvent;
    expect((await handler(event())).statusCode).toBe(401);
    expect((await handler(event({ sub: 'dana' }))).statusCode).toBe(403);
    expect((await handler(event({ sub: 'alex', 'cognito:groups': '[Administrator]' }))).statusCode).toBe(200);
    expect(ran).toBe(1);
  });
});
