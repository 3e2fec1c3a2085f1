import { donationsRoute } from '../http';
import { memberReceiptParams, receiptLinkParams, receiptLinkQuery, taxStatementParams } from '@giving/shared/contracts/member-giving';
import { DomainError } from '@giving/shared/errors';
import { pdfFile, type HttpRequest } from '@giving/shared/lambda/http';
import { memberReceipt, receiptForLink } from '../domain/receipts';
import { taxStatement as statementFor } from '../domain/tax-statements';
import { pdfPrinter } from '@giving/shared/printing/pdf-printer';
import { charities, donationHistory, donationMatches, payments, receipts, refunds } from '../adapters';
import type { PrintableDocument } from '@giving/shared/printing/printable';

const pdf = (document: PrintableDocument) => pdfFile(document.fileName, pdfPrinter.pdf(document));

/** The manifest guard has already refused anonymous callers on the signedIn routes. */
const callerOf = ({ caller }: Pick<HttpRequest<unknown, unknown, unknown>, 'caller'>) => {
  if (!caller) throw new DomainError('Unauthorized');
  return caller;
};

/**
 * GET /donations/receipts/{donationId}?token= — the PDF receipt a receipt e-mail links to, without signing in. Only
 * the receipt's own random token opens it; anything else is the same 404.
 */
export const link = donationsRoute({ params: receiptLinkParams, query: receiptLinkQuery }, async ({ params, query }) =>
  pdf(await receiptForLink({ payments: payments(), receipts: receipts(), matches: donationMatches(), refunds: refunds() }, params.donationId, query.token)),
);

/** GET /donations/me/donations/{donationId}/receipt — a signed-in member's own donation's PDF receipt (else 404). */
export const mine = donationsRoute({ params: memberReceiptParams }, async (request) =>
  pdf(await memberReceipt({ payments: payments(), receipts: receipts(), charities: charities(), matches: donationMatches(), refunds: refunds() }, callerOf(request).userId, request.params.donationId)),
);

/** GET /donations/me/tax-statements/{country}/{taxYear} — the member's annual tax statement as a PDF (404: no donations that year). */
export const taxStatement = donationsRoute({ params: taxStatementParams }, async (request) => {
  const caller = callerOf(request);
  const document = await statementFor(
    { history: donationHistory(), receipts: receipts(), charities: charities() },
    { memberId: caller.userId, ...(caller.email ? { email: caller.email } : {}) },
    request.params.country,
    Number(request.params.taxYear),
  );
  return pdf(document);
});
