import { readFile } from 'node:fs/promises';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { expect, test, type Page } from '@playwright/test';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { PRIVACY_MESSAGES } from '@giving/shared/contracts/personal-data';
import { expectNoAxeViolations } from './a11y';
import { E2E_DYNAMODB_URL, E2E_PORT_BASE } from './platform-dirs';
import { logIn } from './support';

/**
 * Issue 17 item 7, as people meet it: Dana asks for her data in My Account → Your data, watches it being gathered
 * from every part of the platform and downloads the .zip; the back office sees that in her history. A new member
 * deletes their account: confirmed with their e-mail, signed out onto "Your account has been deleted", and they can
 * no longer log in.
 */
const DEMO_PASSWORD = 'Koha-demo-2026!';

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/nz');
  await page.getByRole('button', { name: 'Login' }).click();
  await logIn(page, { email, password });
}

/**
 * Replaces the newest ready export's archive with a valid .zip over 4 MB (and its recorded size), as a member with
 * years of giving would have: the API then answers its download with a 303 to the bucket.
 */
async function makeLatestExportLarge(): Promise<{ readme: string }> {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const dynamodb = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: E2E_DYNAMODB_URL, region: 'ap-southeast-2', credentials }));
  const { TableNames = [] } = await dynamodb.send(new ListTablesCommand({}));
  const table = TableNames.find((name) => name.endsWith('-accounts'))!;
  const { Items = [] } = await dynamodb.send(
    new ScanCommand({ TableName: table, FilterExpression: 'begins_with(sk, :export) AND #status = :ready', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':export': 'EXPORT#', ':ready': 'Ready' } }),
  );
  const newest = Items.sort((a, b) => String(b.readyAt).localeCompare(String(a.readyAt)))[0]!;
  const readme = `A large archive, ${new Date().toISOString()}`;
  const bytes = zipSync({ 'README.txt': strToU8(readme), 'data.json': strToU8(JSON.stringify({ padding: 'x'.repeat(4_500_000) })) }, { level: 0 });
  const s3 = new S3Client({ endpoint: `http://localhost:${E2E_PORT_BASE + 60}`, region: 'ap-southeast-2', forcePathStyle: true, credentials });
  await s3.send(new PutObjectCommand({ Bucket: 'giving-personal-data', Key: String(newest.archiveKey), Body: bytes, ContentType: 'application/zip' }));
  await dynamodb.send(new UpdateCommand({ TableName: table, Key: { pk: newest.pk, sk: newest.sk }, UpdateExpression: 'SET #bytes = :bytes', ExpressionAttributeNames: { '#bytes': 'bytes' }, ExpressionAttributeValues: { ':bytes': bytes.byteLength } }));
  s3.destroy();
  dynamodb.destroy();
  return { readme };
}

test('a donor downloads everything Koha holds about her, and the back office sees she asked', async ({ page, browser }) => {
  await signIn(page, 'dana.donor@demo.koha.nz');
  await page.goto('/admin/user/data');
  await expect(page.getByRole('heading', { name: 'Your data', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByText('We’re gathering your data. We’ll e-mail you when it’s ready.')).toBeVisible();
  const latest = page.getByRole('list', { name: 'Your downloads' }).getByRole('listitem').first();
  await expect(latest.getByRole('status')).toHaveText('Your data is ready to download.', { timeout: 45_000 });
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), latest.getByRole('button', { name: /^Download \(\.zip, \d+ KB\)/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^koha-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
  const data = JSON.parse(strFromU8(zip['data.json']!)) as { member: { email: string }; services: Record<string, unknown> };
  expect(data.member.email).toBe('dana.donor@demo.koha.nz');
  expect(Object.keys(data.services).sort()).toEqual(['accounts', 'donations', 'fundraising', 'matching', 'volunteering', 'workplace']);
  expect(Object.keys(zip)).toContain('donations/donations.csv');

  // A download over the API's 4 MB answer is a 303 to the file's signed address in the bucket, which the browser
  // follows from the site: the bucket lets the site read it. Her archive, made that large, still downloads.
  const large = await makeLatestExportLarge();
  await page.reload();
  const [bigDownload] = await Promise.all([page.waitForEvent('download'), latest.getByRole('button', { name: /^Download \(\.zip, 4\.\d MB\)/ }).click()]);
  expect(bigDownload.suggestedFilename()).toMatch(/^koha-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const bigZip = unzipSync(new Uint8Array(await readFile(await bigDownload.path())));
  expect(strFromU8(bigZip['README.txt']!)).toBe(large.readme);

  const context = await browser.newContext();
  const alex = await context.newPage();
  await signIn(alex, 'alex.morgan@koha.nz');
  await alex.goto('/admin/backoffice/members');
  // At a laptop's width (1,280 px) the table fits: History and Make admin stack in their cell rather than scroll sideways.
  const table = alex.getByRole('table', { name: /members/i });
  await expect(table.getByRole('button', { name: 'History of Dana Whitfield' })).toBeVisible();
  expect(await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  await alex.getByRole('button', { name: 'History of Dana Whitfield' }).click();
  const history = alex.getByRole('list', { name: 'History of Dana Whitfield' });
  await expect(history.getByText('Asked for their data').first()).toBeVisible();
  await expect(history.getByText('Their data was ready to download').first()).toBeVisible();
  await context.close();
});

test('a member deletes their account: confirmed with their e-mail, signed out, and never signed in again', async ({ page }) => {
  const email = `tama.${Date.now().toString(36)}@example.org`;
  const password = 'Koha-test-2026!x';
  const config = (await (await page.request.get('/config.json')).json()) as { cognito: { userPoolId: string; endpoint: string; region: string } };
  const cognito = new CognitoIdentityProviderClient({ endpoint: config.cognito.endpoint, region: config.cognito.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: config.cognito.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: config.cognito.userPoolId, Username: email, Password: password, Permanent: true }));
  cognito.destroy();

  await signIn(page, email, password);
  await page.goto('/admin/user/data');
  const form = page.getByRole('region', { name: 'Delete my account' });
  await form.getByLabel('Type your e-mail address to confirm').fill('someone.else@example.org');
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(form.getByText(PRIVACY_MESSAGES.emailMismatch)).toBeVisible();
  await expect(form.getByLabel('Type your e-mail address to confirm')).toBeFocused();

  await form.getByLabel('Type your e-mail address to confirm').fill(email.toUpperCase());
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('The e-mail address or password is incorrect.')).toBeVisible();
});
