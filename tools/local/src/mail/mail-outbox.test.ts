import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SendEmailCommand, SESv2Client, SESv2ServiceException, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from './outbox';
import { startMailOutbox, type RunningMailOutbox } from './server';

let root: string;
let outbox: RunningMailOutbox;
let ses: SESv2Client;

const simple = (overrides: Partial<SendEmailCommandInput> = {}): SendEmailCommandInput => ({
  FromEmailAddress: 'Giving <receipts@giving.local>',
  Destination: { ToAddresses: ['donor@example.com'] },
  Content: {
    Simple: {
      Subject: { Data: 'Thank you for your gift', Charset: 'UTF-8' },
      Body: { Text: { Data: 'Thanks! See https://giving.local/nz/thankyou' }, Html: { Data: '<p>Thanks!</p>' } },
    },
  },
  ...overrides,
});

async function sesError(input: SendEmailCommandInput): Promise<SESv2ServiceException> {
  try {
    await ses.send(new SendEmailCommand(input));
  } catch (error) {
    if (error instanceof SESv2ServiceException) return error;
    throw error;
  }
  throw new Error('expected SendEmail to fail');
}

async function messagesTo(address: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${outbox.url}/api/messages?to=${encodeURIComponent(address)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  outbox = await startMailOutbox({ port: 0, rootDir: root });
  ses = new SESv2Client({ endpoint: outbox.url, region: 'ap-southeast-2', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
});

afterAll(async () => {
  ses.destroy();
  await outbox.stop();
  await rm(root, { recursive: true, force: true });
});

describe('SendEmail', () => {
  it('stores a Simple message as a JSON file and answers its MessageId', async () => {
    const { MessageId } = await ses.send(
      new SendEmailCommand(
        simple({
          Destination: { ToAddresses: ['Aroha <aroha@example.com>'], CcAddresses: ['cc@example.com'], BccAddresses: ['audit@example.com'] },
          ReplyToAddresses: ['help@giving.local'],
          EmailTags: [{ Name: 'kind', Value: 'receipt' }],
        }),
      ),
    );
    expect(MessageId).toMatch(/^[0-9A-Z]{26}$/);
    expect(await readdir(root)).toContain(`${MessageId}.json`);
    const stored = JSON.parse(await readFile(path.join(root, `${MessageId}.json`), 'utf8')) as OutboxMessage;
    expect(stored).toMatchObject({
      id: MessageId,
      from: 'Giving <receipts@giving.local>',
      to: ['Aroha <aroha@example.com>'],
      cc: ['cc@example.com'],
      bcc: ['audit@example.com'],
      replyTo: ['help@giving.local'],
      subject: 'Thank you for your gift',
      text: 'Thanks! See https://giving.local/nz/thankyou',
      html: '<p>Thanks!</p>',
      tags: [{ name: 'kind', value: 'receipt' }],
    });
    expect(Date.parse(stored.sentAt)).toBeGreaterThan(Date.now() - 10_000);
  });

  it('finds messages by any recipient address, newest first, ignoring case and display names', async () => {
    const address = 'Newest.First@example.com';
    const first = await ses.send(new SendEmailCommand(simple({ Destination: { ToAddresses: [address] }, Content: { Simple: { Subject: { Data: 'one' }, Body: { Text: { Data: '1' } } } } })));
    const second = await ses.send(new SendEmailCommand(simple({ Destination: { BccAddresses: [`Someone <${address}>`] }, Content: { Simple: { Subject: { Data: 'two' }, Body: { Html: { Data: '<b>2</b>' } } } } })));
    const found = await messagesTo('newest.first@EXAMPLE.com');
    expect(found.map((m) => m.id)).toEqual([second.MessageId, first.MessageId]);
    expect(found.map((m) => m.subject)).toEqual(['two', 'one']);
    expect(await messagesTo('nobody@example.com')).toEqual([]);

    const single = await fetch(`${outbox.url}/api/messages/${first.MessageId}`);
    expect(((await single.json()) as OutboxMessage).subject).toBe('one');
    expect((await fetch(`${outbox.url}/api/messages/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it.each([
    ['no destination', simple({ Destination: undefined }), /Destination/],
    ['an empty destination', simple({ Destination: { ToAddresses: [] } }), /Destination/],
    ['no from address', simple({ FromEmailAddress: undefined }), /FromEmailAddress/],
    ['no content', simple({ Content: undefined }), /Content/],
    ['no body', simple({ Content: { Simple: { Subject: { Data: 's' }, Body: {} } } }), /Text or an Html/],
    // The SDK's types require a Subject; a caller without types can still leave it out.
    ['no subject', simple({ Content: { Simple: { Body: { Text: { Data: 'x' } } } as never } }), /Subject/],
    ['an invalid address', simple({ Destination: { ToAddresses: ['not-an-address'] } }), /^Invalid email address not-an-address\.$/],
    ['too many recipients', simple({ Destination: { ToAddresses: Array.from({ length: 51 }, (_, i) => `r${i}@example.com`) } }), /^Recipient count exceeds 50\.$/],
    ['Raw content', simple({ Content: { Raw: { Data: Buffer.from('Subject: x\r\n\r\nbody') } } }), /Simple content only/],
  ])('refuses %s with 400 BadRequestException and stores nothing', async (_name, input, message) => {
    const before = (await readdir(root)).length;
    const error = await sesError(input);
    expect(error.name).toBe('BadRequestException');
    expect(error.$metadata.httpStatusCode).toBe(400);
    expect(error.message).toMatch(message);
    expect((await readdir(root)).length).toBe(before);
  });
});

describe('pages', () => {
  it('lists messages newest first with time, from, to and subject, escaped', async () => {
    await ses.send(new SendEmailCommand(simple({ Content: { Simple: { Subject: { Data: 'older' }, Body: { Text: { Data: 'x' } } } } })));
    await ses.send(
      new SendEmailCommand(simple({ Destination: { ToAddresses: ['x@example.com'] }, Content: { Simple: { Subject: { Data: '<img src=x onerror=alert(1)> newer' }, Body: { Text: { Data: 'x' } } } } })),
    );
    const response = await fetch(`${outbox.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<th scope="col">Time</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Subject</th>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; newer');
    expect(html.indexOf('newer')).toBeLessThan(html.indexOf('older'));
    expect(html).toContain('Giving &lt;receipts@giving.local&gt;');
    expect(html).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+">/);
  });

  it('shows one message: headers, the text body, and the HTML body in a sandboxed srcdoc iframe without scripts', async () => {
    const html = `<h1 class="x">Kia ora "friend" & welcome</h1><script>alert('owned')</script><a href="https://giving.local/confirm?a=1&b=2">Confirm</a>`;
    const { MessageId } = await ses.send(
      new SendEmailCommand(
        simple({
          Destination: { ToAddresses: ['page@example.com'], CcAddresses: ['cc-page@example.com'] },
          Content: { Simple: { Subject: { Data: 'Confirm & "go"' }, Body: { Text: { Data: 'Open https://giving.local/confirm?a=1&b=2 now <b>' }, Html: { Data: html } } } },
        }),
      ),
    );
    const response = await fetch(`${outbox.url}/messages/${MessageId}`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<dt>From</dt><dd>Giving &lt;receipts@giving.local&gt;</dd>');
    expect(page).toContain('<dt>To</dt><dd>page@example.com</dd>');
    expect(page).toContain('<dt>Cc</dt><dd>cc-page@example.com</dd>');
    expect(page).toContain('<dt>Subject</dt><dd>Confirm &amp; &quot;go&quot;</dd>');
    expect(page).toContain('<a href="https://giving.local/confirm?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">https://giving.local/confirm?a=1&amp;b=2</a> now &lt;b&gt;');

    const iframe = /<iframe[^>]*>/.exec(page)?.[0] ?? '';
    const sandbox = /sandbox="([^"]*)"/.exec(iframe)?.[1];
    expect(sandbox).toBeDefined();
    expect(sandbox).not.toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    const srcdoc = /srcdoc="([^"]*)"/.exec(iframe)?.[1] ?? '';
    // The attribute holds the whole e-mail, escaped, so it cannot break out of the attribute.
    expect(srcdoc).not.toMatch(/[<>"]/);
    const decoded = srcdoc.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    expect(decoded).toBe(`<base target="_blank">${html}`);
    // The script is only ever inside the escaped srcdoc.
    expect(page.match(/<script/g)).toBeNull();
  });

  it('answers 404 for an unknown or malformed message id', async () => {
    expect((await fetch(`${outbox.url}/messages/01J00000000000000000000000`)).status).toBe(404);
    expect((await fetch(`${outbox.url}/messages/..%2Fsecret`)).status).toBe(404);
  });
});

describe('clearing', () => {
  it('empties the outbox through the API', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-clear-'));
    const own = await startMailOutbox({ port: 0, rootDir: dir });
    const client = new SESv2Client({ endpoint: own.url, region: 'ap-southeast-2', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
    await client.send(new SendEmailCommand(simple()));
    expect((await fetch(`${own.url}/api/messages`).then((r) => r.json() as Promise<{ messages: unknown[] }>)).messages).toHaveLength(1);
    expect((await fetch(`${own.url}/api/messages`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`${own.url}/api/messages`).then((r) => r.json() as Promise<{ messages: unknown[] }>)).messages).toHaveLength(0);
    expect(await fetch(`${own.url}/`).then((r) => r.text())).toContain('No messages yet');
    client.destroy();
    await own.stop();
    await rm(dir, { recursive: true, force: true });
  });
});
