import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { DomainError } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import accounts from '../service';
import {
  createBadge,
  deleteBadge,
  emailTemplate,
  listBadges,
  listEmailTemplates,
  unknownPlaceholders,
  updateEmailTemplate,
} from '../domain/back-office-content';
import { DEFAULT_EMAIL_TEMPLATES } from '../domain/email-templates';
import { dynamoBadgeStore, dynamoEmailTemplateStore } from './dynamo-back-office-content';

let deps: {
  templates: ReturnType<typeof dynamoEmailTemplateStore>;
  badges: ReturnType<typeof dynamoBadgeStore>;
  clock: ReturnType<typeof fixedClock>;
};

beforeAll(async () => {
  const tables = await testTables([accounts]);
  const tableName = tables.tableName('accounts');
  deps = {
    templates: dynamoEmailTemplateStore(tables.client, tableName),
    badges: dynamoBadgeStore(tables.client, tableName),
    clock: fixedClock('2026-04-01T09:00:00.000Z'),
  };
});

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return { code: error.code, message: error.message, fieldErrors: error.fieldErrors };
};

describe('placeholders', () => {
  it('finds every {{...}} that is not exactly one of the allowed names', () => {
    expect(unknownPlaceholders('Hi {{firstName}}, see {{badgesUrl}}', ['firstName', 'badgesUrl'])).toEqual([]);
    expect(unknownPlaceholders('Hi {{firstname}} {{ firstName }} {{}} {{a.b}}', ['firstName'])).toEqual(['firstname', ' firstName ', '', 'a.b']);
    expect(unknownPlaceholders('Braces { alone } are fine', [])).toEqual([]);
  });
});

describe('e-mail templates (DynamoDB Local)', () => {
  it('lists the defaults until the back office edits one, then the edit', async () => {
    const before = await listEmailTemplates(deps);
    expect(before.items.map((t) => t.id)).toEqual(['member-invitation', 'badge-awarded', 'content-denied', 'data-export-ready', 'account-deleted']);
    expect(before.items[1]).toEqual({ ...DEFAULT_EMAIL_TEMPLATES['badge-awarded'], updatedAt: '' });

    const saved = await updateEmailTemplate(deps, 'badge-awarded', { subject: 'Ka pai {{firstName}}', body: 'You earned {{badgeName}}. {{badgesUrl}}' }, 'admin-1');
    expect(saved).toMatchObject({ id: 'badge-awarded', name: 'Badge awarded', subject: 'Ka pai {{firstName}}', updatedAt: '2026-04-01T09:00:00.000Z' });
    const after = await listEmailTemplates(deps);
    expect(after.items[1]).toEqual(saved);
    expect(after.items[0]).toEqual({ ...DEFAULT_EMAIL_TEMPLATES['member-invitation'], updatedAt: '' });
    expect((await emailTemplate(deps, 'badge-awarded')).body).toBe('You earned {{badgeName}}. {{badgesUrl}}');
  });

  it("refuses a placeholder the template does not have, naming the field, and changes nothing", async () => {
    const before = await emailTemplate(deps, 'member-invitation');
    expect(await failure(updateEmailTemplate(deps, 'member-invitation', { subject: 'Join {{tenantName}}', body: 'Hi {{badgeName}} {{acceptUrl}}' }, 'a'))).toEqual({
      code: 'ValidationFailed',
      message: 'body.body: Unknown placeholder {{badgeName}}.',
      fieldErrors: [{ field: 'body.body', message: 'Unknown placeholder {{badgeName}}.' }],
    });
    expect((await failure(updateEmailTemplate(deps, 'member-invitation', { subject: 'Join {{team}}', body: 'Hi' }, 'a'))).fieldErrors).toEqual([
      { field: 'body.subject', message: 'Unknown placeholder {{team}}.' },
    ]);
    expect(await emailTemplate(deps, 'member-invitation')).toEqual(before);
  });

  it('answers 404 for a template the platform does not send', async () => {
    expect(await failure(updateEmailTemplate(deps, 'password-reset', { subject: 'x', body: 'y' }, 'a'))).toMatchObject({ code: 'NotFound' });
  });
});

describe('badges (DynamoDB Local)', () => {
  it('creates badges, lists them by donation count, and deletes idempotently', async () => {
    const big = await createBadge(deps, { name: 'Big', description: 'Ten.', icon: '🌳', donationCount: 10 });
    const small = await createBadge(deps, { name: 'Small', description: 'Two.', icon: '🌱', donationCount: 2 });
    const huge = await createBadge(deps, { name: 'Huge', description: 'Lots.', icon: '🏔', donationCount: 100000 });
    expect(small).toEqual({ id: small.id, name: 'Small', description: 'Two.', icon: '🌱', donationCount: 2 });
    expect((await listBadges(deps)).items).toEqual([small, big, huge]);
    await deleteBadge(deps, big.id);
    await deleteBadge(deps, big.id);
    await deleteBadge(deps, newId());
    expect((await listBadges(deps)).items.map((b) => b.id)).toEqual([small.id, huge.id]);
  });
});
