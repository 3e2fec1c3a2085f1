import { systemClock } from '@giving/shared/clock';
import { workplaceParams } from '@giving/shared/contracts/matching';
import {
  backOfficeMatchingPaymentsQuerySchema,
  matchingReportParams,
  matchingReportQuerySchema,
  recordMatchingPaymentSchema,
} from '@giving/shared/contracts/matching-payments';
import { callerName, created, csvFile, ok, pdfFile } from '@giving/shared/lambda/http';
import { pdfPrinter } from '@giving/shared/printing/pdf-printer';
import { campaigns, ledger, paymentBook } from '../adapters';
import { backOfficePayments, invoiceCsv, invoiceDocument, recordPayment, workplacePayments } from '../domain/matching-payments';
import { matchingRoute } from '../http';

const deps = () => ({ campaigns: campaigns(), book: paymentBook(), ledger: ledger(), clock: systemClock });

/** GET /matching/workplace/{workplaceId}/payments */
export const forWorkplace = matchingRoute({ params: workplaceParams }, async ({ params }) => ok(await workplacePayments(deps(), params.workplaceId)));

/** GET /matching/workplace/{workplaceId}/campaigns/{campaignId}/report/pdf?period=YYYY-MM */
export const reportPdf = matchingRoute({ params: matchingReportParams, query: matchingReportQuerySchema }, async ({ params, query }) => {
  const document = await invoiceDocument(deps(), params.workplaceId, params.campaignId, query.period);
  return pdfFile(document.fileName, pdfPrinter.pdf(document));
});

/** GET /matching/workplace/{workplaceId}/campaigns/{campaignId}/report/csv?period=YYYY-MM */
export const reportCsv = matchingRoute({ params: matchingReportParams, query: matchingReportQuerySchema }, async ({ params, query }) => {
  const { fileName, text } = await invoiceCsv(deps(), params.workplaceId, params.campaignId, query.period);
  return csvFile(fileName, text);
});

/** GET /matching/backoffice/payments?status=owed|paid|all */
export const forBackOffice = matchingRoute({ query: backOfficeMatchingPaymentsQuerySchema }, async ({ query }) => ok(await backOfficePayments(deps(), query.status)));

/** POST /matching/backoffice/payments (Idempotency-Key): 201 the payment and its month; a retry answers the same, 200. */
export const record = matchingRoute({ body: recordMatchingPaymentSchema, idempotencyKey: 'required' }, async ({ body, idempotencyKey, caller }) => {
  const result = await recordPayment(deps(), body, idempotencyKey as string, callerName(caller));
  const answer = { payment: result.payment, period: result.period };
  return result.created ? created(answer) : ok(answer);
});
