import * as z from 'zod/mini';
import { MAX_MESSAGE_LENGTH } from '@giving/shared/contracts/donations-public';
import { MESSAGES } from '@giving/shared/contracts/messages';
import {
  DUPLICATE_RECIPIENT,
  MAX_VOUCHERS_PER_ORDER,
  TOO_MANY_RECIPIENTS,
  workplaceVoucherRecipientSchema,
  type WorkplaceVoucherPurchaseRequest,
  type WorkplaceVoucherRecipient,
} from '@giving/shared/contracts/vouchers';
import type { CountryCode } from '@giving/shared/countries';
import { voucherValueTextSchema } from './voucher-purchase-schema';

/**
 * A workplace's order of gift vouchers (one per person, one card payment), as its form holds it: the value as typed,
 * the people as rows the admin can correct, and the message. Built from the API's own schemas
 * (shared/contracts/vouchers.ts) and messages.
 */

/** An empty list: the form says what to do rather than the contract's 'Required Field!'. */
export const NO_PEOPLE_YET = 'Add at least one person.';

const emailKey = (email: unknown) => (typeof email === 'string' ? email.trim().toLowerCase() : '');

/**
 * The people: each row is checked as the API checks a recipient; an address already listed above is flagged on the
 * later row, in the contract's words, even while other rows are wrong (the API checks it only once the rest is right).
 */
export const orderPeopleSchema = z.array(workplaceVoucherRecipientSchema).check(
  z.minLength(1, NO_PEOPLE_YET),
  z.maxLength(MAX_VOUCHERS_PER_ORDER, TOO_MANY_RECIPIENTS),
  z.superRefine(
    (rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        const key = emailKey((row as { email?: unknown } | undefined)?.email);
        if (!key) return;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'email'], message: DUPLICATE_RECIPIENT });
        seen.add(key);
      });
    },
    { when: () => true },
  ),
);

export const workplaceVoucherOrderFormSchema = z.object({
  voucherValue: voucherValueTextSchema,
  people: orderPeopleSchema,
  message: z.string().check(z.maxLength(MAX_MESSAGE_LENGTH, MESSAGES.tooLong(MAX_MESSAGE_LENGTH))),
});

export type WorkplaceVoucherOrderFormInput = z.input<typeof workplaceVoucherOrderFormSchema>;
export type WorkplaceVoucherOrderFormValues = z.output<typeof workplaceVoucherOrderFormSchema>;
/** A row of the list: the name is '' when none was given. */
export type OrderPerson = { email: string; name: string };

/** The form starts at the voucher page's $50, with no one in it. */
export const workplaceVoucherOrderDefaults = (): WorkplaceVoucherOrderFormInput => ({ voucherValue: '50.00', people: [], message: '' });

export type WorkplaceVoucherOrderDraft = Omit<WorkplaceVoucherPurchaseRequest, 'card'>;

/** The request without its card (tokenised last): names only where given, the message only when there is one. */
export function toOrderDraft(values: WorkplaceVoucherOrderFormValues, country: CountryCode): WorkplaceVoucherOrderDraft {
  const message = values.message.trim();
  return {
    country,
    voucherValue: values.voucherValue,
    recipients: values.people.map(({ email, name }) => ({ email, ...(name ? { name } : {}) })),
    ...(message ? { message } : {}),
  };
}

/** API field paths (without 'body.') to the form's: a person's e-mail or name keeps its place in the list. */
export const orderFieldFor = (path: string): string | undefined => {
  if (path === 'voucherValue' || path === 'message') return path;
  if (path === 'recipients') return 'people';
  const row = /^recipients\.(\d+)\.(email|name)$/.exec(path);
  return row ? `people.${row[1]}.${row[2]}` : undefined;
};

/**
 * People typed or pasted one per line (or separated by ';', as mail programs copy them): 'aroha@example.com',
 * 'Aroha Ngata <aroha@example.com>' (the name may be quoted), or a spreadsheet's two cells 'Aroha Ngata<TAB>aroha@…'.
 * Every line comes back, as it was written, so a wrong address can be shown and corrected in the list.
 */
export function parsePeopleLines(text: string): WorkplaceVoucherRecipient[] {
  return text
    .split(/[\r\n;]+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const angled = /^(.*?)\s*<([^<>]*)>$/.exec(line);
      if (angled) return person(angled[2] ?? '', angled[1] ?? '');
      const cells = line.split('\t').map((cell) => cell.trim()).filter(Boolean);
      if (cells.length > 1) {
        const at = cells.findIndex((cell) => cell.includes('@'));
        const email = cells[at === -1 ? 0 : at] ?? '';
        return person(email, cells.filter((_, index) => index !== (at === -1 ? 0 : at)).join(' '));
      }
      return person(line, '');
    });
}

function person(email: string, name: string): WorkplaceVoucherRecipient {
  const unquoted = name.trim().replace(/^(["'])(.*)\1$/, '$2').trim();
  return { email: email.trim(), ...(unquoted ? { name: unquoted } : {}) };
}
