import { describe, expect, it } from 'vitest';
import { defineService } from '../manifest';
import type { PermissionSource } from '../permissions';
import { manifestGuard, serviceRoute } from './authorize';
import { ok, type Caller, type HttpEvent } from './http';
import { logger } from './logger';

const manifest = defineService({
  service: 'accounts',
  routes: [
    { method: 'GET', path: '/open', handler: 'h', auth: { kind: 'public' }, summary: '.', access: {} },
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

const source: PermissionSource = {
  siteFeatures: async () => [],
  tenantRoles: async (memberId, tenant) => (memberId === 'sam' && tenant.id === 'kiwi' ? ['Charity.Admin'] : []),
  corporateRoles: async () => [],
};
const guard = manifestGuard(manifest, () => source);
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
    expect(await attempt(key, caller('sam'), { charityId: 'kiwi', memberId: 'x' })).toBe('allowed');
    expect(await attempt(key, caller('sam'), { charityId: 'other', memberId: 'x' })).toBe('Forbidden');
  });

  it('fails closed for a route key its manifest does not declare', async () => {
    expect(await attempt('GET /api/undeclared', caller('alex', ['Administrator']))).toBe('Forbidden');
  });

  it('fails closed when a route lists permissions but the service gave no permission source', async () => {
    const sourceless = manifestGuard(manifest);
    await expect(sourceless({ routeKey: 'GET /api/office', caller: caller('alex', ['Administrator']), pathParameters: {}, log: logger })).rejects.toMatchObject({ code: 'Forbidden' });
  });
});

describe('serviceRoute', () => {
  it('answers 401/403 problem+json before the use case runs', async () => {
    let ran = 0;
    const handler = serviceRoute(manifest, () => source)({}, async () => {
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
