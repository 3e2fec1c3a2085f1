import type { NewMessage } from './outbox';

/**
 * SESv2 SendEmail (POST /v2/email/outbound-emails) as @aws-sdk/client-sesv2 sends it, reduced to what the outbox
 * keeps. Invalid requests fail as SES fails them: 400 BadRequestException. Where SES's own message is unhelpful
 * (a Simple message without FromEmailAddress answers `{"message":null}`) the outbox names the missing field.
 */
export class SesError extends Error {
  constructor(
    readonly type: 'BadRequestException' | 'MessageRejected' | 'NotFoundException',
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const bad = (message: string) => new SesError('BadRequestException', 400, message);

/** SES's limit on To + Cc + Bcc. */
export const MAX_RECIPIENTS = 50;
const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

interface Content {
  Data?: unknown;
}

interface SendEmailRequest {
  FromEmailAddress?: unknown;
  Destination?: { ToAddresses?: unknown; CcAddresses?: unknown; BccAddresses?: unknown };
  ReplyToAddresses?: unknown;
  Content?: {
    Simple?: { Subject?: Content; Body?: { Text?: Content; Html?: Content }; Headers?: unknown };
    Raw?: unknown;
    Template?: unknown;
  };
  EmailTags?: unknown;
  ConfigurationSetName?: unknown;
}

function checkAddress(address: string): string {
  const angle = /^(.*)<([^<>]*)>\s*$/s.exec(address);
  const bare = (angle ? angle[2]! : address).trim();
  if (!ADDRESS.test(bare)) throw bad(`Invalid email address ${bare}.`);
  return address.trim();
}

function addressList(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw bad(`${field} must be a list of email addresses.`);
  return (value as string[]).map(checkAddress);
}

function nameValueList(value: unknown, field: string): { name: string; value: string }[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw bad(`${field} must be a list.`);
  return value.map((item: { Name?: unknown; Value?: unknown }) => {
    if (typeof item?.Name !== 'string' || typeof item?.Value !== 'string') throw bad(`Each of ${field} needs a Name and a Value.`);
    return { name: item.Name, value: item.Value };
  });
}

function text(content: Content | undefined, field: string): string | undefined {
  if (content === undefined || content === null) return undefined;
  if (typeof content.Data !== 'string') throw bad(`${field}.Data is required.`);
  return content.Data;
}

export function parseSendEmail(body: unknown): NewMessage {
  if (typeof body !== 'object' || body === null) throw bad('The request body must be a JSON object.');
  const request = body as SendEmailRequest;
  const content = request.Content;
  if (!content || (!content.Simple && !content.Raw && !content.Template)) throw bad('Content is required: give Simple, Raw or Template content.');
  if (!content.Simple) throw bad('The local outbox keeps Simple content only; Raw and Template content are not implemented.');

  if (typeof request.FromEmailAddress !== 'string' || request.FromEmailAddress.trim() === '') {
    throw bad('FromEmailAddress is required for Simple content.');
  }
  const from = checkAddress(request.FromEmailAddress);
  const destination = request.Destination ?? {};
  const to = addressList(destination.ToAddresses, 'Destination.ToAddresses');
  const cc = addressList(destination.CcAddresses, 'Destination.CcAddresses');
  const bcc = addressList(destination.BccAddresses, 'Destination.BccAddresses');
  if (to.length + cc.length + bcc.length === 0) throw bad('Destination is required: give at least one To, Cc or Bcc address.');
  if (to.length + cc.length + bcc.length > MAX_RECIPIENTS) throw bad(`Recipient count exceeds ${MAX_RECIPIENTS}.`);

  const simple = content.Simple;
  const subject = text(simple.Subject, 'Content.Simple.Subject');
  if (subject === undefined) throw bad('Content.Simple.Subject is required.');
  const textBody = text(simple.Body?.Text, 'Content.Simple.Body.Text');
  const htmlBody = text(simple.Body?.Html, 'Content.Simple.Body.Html');
  if (textBody === undefined && htmlBody === undefined) throw bad('Content.Simple.Body needs a Text or an Html part.');

  return {
    from,
    to,
    cc,
    bcc,
    replyTo: addressList(request.ReplyToAddresses, 'ReplyToAddresses'),
    subject,
    text: textBody,
    html: htmlBody,
    headers: nameValueList(simple.Headers, 'Content.Simple.Headers'),
    tags: nameValueList(request.EmailTags, 'EmailTags'),
    configurationSetName: typeof request.ConfigurationSetName === 'string' ? request.ConfigurationSetName : undefined,
  };
}
