import { CharityMembershipChanged, CharityProfilePublished, WorkplaceMembershipChanged } from '@giving/shared/events/accounts';
import { PayrollDonationsConfirmed } from '@giving/shared/events/workplace';
import {
  DonationCompleted,
  DonationRefunded,
  GiftPublished,
  MembershipPaid,
  PaymentRefunded,
  PayrollPledgeCancelled,
  PayrollPledgeCreated,
  VoucherPurchased,
} from '@giving/shared/events/donations';
import { PageModified } from '@giving/shared/events/fundraising';
import { MemberErasureRequested, PersonalDataErased, PersonalDataExportRequested, PersonalDataGathered } from '@giving/shared/events/privacy';
import { patternFor } from '@giving/shared/events';
import { DonationMatched, DonationMatchGivenBack } from '@giving/shared/events/matching';
import { defineService, type AuthPolicy } from '@giving/shared/manifest';
import type { Permission } from '@giving/shared/permissions';

/** Charity console routes: permissions in the charity the path names (object-level: no IDOR). */
const charity = (...anyOf: Permission[]): AuthPolicy => ({ kind: 'signedIn', anyOf, tenant: { kind: 'charity', param: 'charityId' } });
const backOffice = (...anyOf: Permission[]): AuthPolicy => ({ kind: 'signedIn', anyOf });

/**
 * donations: gifts ("dollar handles"), checkout and card payments (gifts and general donations to a charity), the
 * payment workflow, receipts, and a copy of each charity's public profile (from accounts' CharityProfilePublished).
 * Payroll pledges, gated by donations' copy of workplace memberships (from accounts' WorkplaceMembershipChanged).
 * Table: see adapters/dynamo-payments.ts, adapters/dynamo-gifts.ts, adapters/dynamo-charities.ts,
 * adapters/dynamo-memberships.ts and adapters/dynamo-payroll-pledges.ts for the item layout.
 * A member's saved cards, monthly giving (its schedules and the hourly job that charges them) and donation history:
 * domain/saved-cards.ts, domain/recurring-donations.ts, domain/donation-history.ts, adapters/dynamo-member-giving.ts.
 * Gift vouchers (bought as a payment, redeemed in the payment workflow before any charge, codes only as keyed hashes):
 * domain/vouchers.ts, domain/voucher-steps.ts, adapters/dynamo-vouchers.ts.
 * A member's own data ("Download my data", "Delete my account": what is gathered, deleted, or kept without them):
 * domain/personal-data.ts, adapters/dynamo-personal-data.ts.
 */
export default defineService({
  service: 'donations',
  // The indexes are shared by item types, each in partitions of its own (a sparse index costs writes nothing for an
  // item without its keys in DynamoDB, but every index costs DynamoDB Local's writes, so there are no more than needed):
  // gsi2: a charity's donations by completion time (the donation report), every gift (the consoles), every voucher
  //       newest first (the back office); gsi3: a member's donations, monthly schedules the hourly job has work for,
  //       vouchers by buyer e-mail (adapters/dynamo-member-giving.ts, dynamo-vouchers.ts).
  table: { indexes: ['gsi1', 'gsi2', 'gsi3', 'gsi4'], ttlAttribute: 'expiresAt', stream: 'NEW_IMAGE' },
  routes: [
    {
      method: 'GET',
      path: '/donations/charities/{charityUrl}/gifts',
      response: { status: 200, schema: 'donations#giftListSchema' },
      handler: 'handlers/get-charity-gifts',
      auth: { kind: 'public' },
      summary: "A charity's gifts for its page (up to 24).",
      access: { table: 'read' },
    },
    {
      method: 'GET',
      path: '/donations/gifts/{charityUrl}/{productUrl}',
      response: { status: 200, schema: 'donations#giftSchema' },
      handler: 'handlers/get-gift',
      auth: { kind: 'public' },
      summary: 'One gift for the gift page.',
      access: { table: 'read' },
    },
    {
      method: 'POST',
      path: '/donations/payments',
      response: { status: 202, schema: 'donations#createPaymentResponseSchema' },
      handler: 'handlers/create-payment',
      auth: { kind: 'public' },
      summary:
        'Accept a card or gift voucher payment for a gift or a general donation to a charity (guest checkout); idempotent on the Idempotency-Key header. 409 when transactionFeeCents is not the fee the server would charge (naming voucher.code when a voucher was spent from since the donor applied it).',
      access: { table: 'readWrite', voucherCodes: true, paymentGateway: true },
    },
    {
      method: 'POST',
      path: '/donations/me/payments',
      response: { status: 202, schema: 'donations#createPaymentResponseSchema' },
      handler: 'handlers/create-payment#member',
      auth: { kind: 'signedIn' },
      summary:
        'The same payment by a signed-in member: no donor in the body, the e-mail and names come from the ID token and the payment keeps the member id; idempotent on the Idempotency-Key header.',
      access: { table: 'readWrite', voucherCodes: true, paymentGateway: true },
    },
    {
      // Spec 1 §4: "fundraise uses its own call". Donations owns the payment; the path is the page's.
      method: 'POST',
      path: '/fundraising/pages/{pageId}/donate',
      response: { status: 202, schema: 'donations#createPaymentResponseSchema' },
      handler: 'handlers/fundraise-payments',
      auth: { kind: 'public' },
      summary:
        "A guest's donation to a fundraising page (page type FUNDRAISE, quantity 1, the donor's message and whether the page shows it): 202 + tracking number, the same workflow as a general donation; 404 for an unknown page, 409 saying so for one ended or offline; idempotent on the Idempotency-Key header.",
      access: { table: 'readWrite', voucherCodes: true, paymentGateway: true },
    },
    {
      method: 'POST',
      path: '/fundraising/me/pages/{pageId}/donate',
      response: { status: 202, schema: 'donations#createPaymentResponseSchema' },
      handler: 'handlers/fundraise-payments#member',
      auth: { kind: 'signedIn' },
      summary:
        "The same donation by a signed-in member (no donor in the body; saved cards and monthly giving; payment methods gated by Workplace_Fundraising_*); idempotent on the Idempotency-Key header.",
      access: { table: 'readWrite', voucherCodes: true, paymentGateway: true },
    },
    {
      method: 'GET',
      path: '/donations/payment-gateway',
      response: { status: 200, schema: 'payment-gateway#paymentGatewayResponseSchema' },
      handler: 'handlers/payment-gateway',
      auth: { kind: 'public' },
      summary:
        "A country's card payment settings for the checkout (?country=nz|au): transactionProcessingFees (basis points + fixed cents) and apiAccounts (the merchant account and its public client key for the card fields); cached 5 minutes.",
      access: { paymentGateway: true },
    },
    // Gift vouchers: bought by card (a payment the workflow completes by creating the voucher), looked up, listed.
    {
      method: 'POST',
      path: '/donations/voucher-purchases',
      response: { status: 202, schema: 'donations#createPaymentResponseSchema' },
      handler: 'handlers/voucher-purchases',
      auth: { kind: 'public' },
      summary: 'A guest buys a gift voucher by card (202 + tracking number; the code is e-mailed once paid); idempotent on the Idempotency-Key header.',
      access: { table: 'readWrite' },
    },
    {
      method: 'POST',
      path: '/donations/me/voucher-purchases',
      response: { status: 202, schema: 'donations#createPaymentResponseSchema' },
      handler: 'handlers/voucher-purchases#member',
      auth: { kind: 'signedIn' },
      summary: 'The same purchase by a signed-in member: the buyer comes from the ID token; idempotent on the Idempotency-Key header.',
      access: { table: 'readWrite' },
    },
    {
      method: 'POST',
      path: '/donations/vouchers/lookup',
      response: { status: 200, schema: 'vouchers#voucherLookupResponseSchema' },
      handler: 'handlers/lookup-voucher',
      auth: { kind: 'public' },
      summary: "A voucher's remaining balance and whether it has expired, by its code (404 when none has it; lookups are limited per caller, 429).",
      access: { table: 'readWrite', voucherCodes: true },
    },
    {
      method: 'GET',
      path: '/donations/me/vouchers',
      response: { status: 200, schema: 'vouchers#myVoucherListSchema' },
      handler: 'handlers/list-vouchers#mine',
      auth: { kind: 'signedIn' },
      summary: "The member's gift vouchers (bought with their sign-in's e-mail): value, balance, expiry, status; never the code.",
      access: { table: 'read' },
    },
    // A workplace buys vouchers for its people (issue 15 item 9). Workplace_Voucher is every employee's (spec §6 lists
    // it with the employee's payment methods: paying with vouchers), so it cannot say who may buy for the workplace or
    // see who holds what: that is the payments permissions', which only the workplace's admins (and support) hold.
    {
      method: 'POST',
      path: '/donations/workplace/{workplaceId}/voucher-purchases',
      response: { status: 202, schema: 'donations#createPaymentResponseSchema' },
      handler: 'handlers/workplace-vouchers#order',
      auth: { kind: 'signedIn', anyOf: ['Workplace_ManagePayments'], tenant: { kind: 'workplace', param: 'workplaceId' } },
      summary:
        "The workplace buys a gift voucher for each of up to 99 people by card (202 + tracking number): value x people in one charge; once paid each person is e-mailed their own code, the buyer a receipt; idempotent on the Idempotency-Key header.",
      access: { table: 'readWrite' },
    },
    {
      method: 'GET',
      path: '/donations/workplace/{workplaceId}/vouchers',
      response: { status: 200, schema: 'vouchers#workplaceVoucherListSchema' },
      handler: 'handlers/workplace-vouchers#list',
      auth: { kind: 'signedIn', anyOf: ['Workplace_ViewPayments', 'Workplace_ManagePayments'], tenant: { kind: 'workplace', param: 'workplaceId' } },
      summary: "The vouchers the workplace bought, newest first, 50 a page (?cursor=): who has each, its value, balance, expiry and status (never the code), with totals over all of them.",
      access: { table: 'read' },
    },
    {
      method: 'GET',
      path: '/donations/backoffice/vouchers',
      response: { status: 200, schema: 'vouchers#backOfficeVoucherListSchema' },
      handler: 'handlers/list-vouchers#backOffice',
      auth: backOffice('BackOffice_ViewVouchers'),
      summary: 'Every gift voucher, newest first, 25 a page (?cursor=); ?q= searches buyer e-mails.',
      access: { table: 'read' },
    },
    {
      method: 'GET',
      path: '/donations/me/saved-cards',
      response: { status: 200, schema: 'member-giving#savedCardListSchema' },
      handler: 'handlers/saved-cards#list',
      auth: { kind: 'signedIn' },
      summary: "The member's saved cards (type, last 4 digits, expiry; never the number); ?country= keeps those that can pay there (its merchant account's).",
      access: { table: 'read' },
    },
    {
      method: 'DELETE',
      path: '/donations/me/saved-cards/{cardId}',
      response: { status: 204 },
      handler: 'handlers/saved-cards#remove',
      auth: { kind: 'signedIn' },
      summary: "Removes one of the member's saved cards, at the gateway too (409 while a monthly donation is charged to it).",
      access: { table: 'readWrite', cardGateway: true },
    },
    {
      method: 'GET',
      path: '/donations/me/recurring-donations',
      response: { status: 200, schema: 'member-giving#recurringDonationListSchema' },
      handler: 'handlers/recurring-donations#list',
      auth: { kind: 'signedIn' },
      summary: "The member's active monthly donations (upcoming): next charge date, amount, charity or gift, card's last 4.",
      access: { table: 'read' },
    },
    {
      method: 'DELETE',
      path: '/donations/me/recurring-donations/{scheduleId}',
      response: { status: 204 },
      handler: 'handlers/recurring-donations#cancel',
      auth: { kind: 'signedIn' },
      summary: "Cancels one of the member's monthly donations (only their own; cancelling again is harmless).",
      access: { table: 'readWrite' },
    },
    {
      method: 'GET',
      path: '/donations/me/donations',
      response: { status: 200, schema: 'member-giving#donationHistoryPageSchema' },
      handler: 'handlers/donation-history',
      auth: { kind: 'signedIn' },
      summary: "The member's completed donations (history), newest first, a page at a time (?cursor=&limit=).",
      access: { table: 'read' },
    },
    // Receipts and annual tax statements (PDF, made with jsPDF: docs/DECISIONS.md).
    {
      method: 'GET',
      path: '/donations/receipts/{donationId}',
      handler: 'handlers/receipts#link',
      auth: { kind: 'public' },
      summary:
        "The PDF receipt a receipt e-mail links to (?token=, the receipt's own random token): works without signing in; any other token, or none issued, is 404.",
      access: { table: 'read' },
    },
    {
      method: 'GET',
      path: '/donations/me/donations/{donationId}/receipt',
      handler: 'handlers/receipts#mine',
      auth: { kind: 'signedIn' },
      summary: "The PDF receipt of one of the member's own completed donations (another member's is 404).",
      access: { table: 'read' },
    },
    {
      method: 'GET',
      path: '/donations/me/donations/{donationId}/matches',
      response: { status: 200, schema: 'match-preview#donationMatchListSchema' },
      handler: 'handlers/donation-matches#mine',
      auth: { kind: 'signedIn' },
      summary: "What workplaces matched one of the member's own donations (the thank-you page's): {items:[{campaignId, workplaceName, campaignName, amount, matchType}]}; another member's is 404.",
      access: { table: 'read' },
    },
    {
      method: 'GET',
      path: '/donations/me/tax-statements',
      response: { status: 200, schema: 'member-giving#taxYearListSchema' },
      handler: 'handlers/tax-years',
      auth: { kind: 'signedIn' },
      summary: 'The tax years the member gave in, per country (NZ 1 April–31 March, AU 1 July–30 June), newest first, with the count and total given.',
      access: { table: 'read' },
    },
    {
      method: 'GET',
      path: '/donations/me/tax-statements/{country}/{taxYear}',
      handler: 'handlers/receipts#taxStatement',
      auth: { kind: 'signedIn' },
      summary:
        "The member's annual tax statement for one country's tax year (named by the year it ends in) as a PDF: each donation, its receipt number and what can be claimed; 404 when they gave nothing that year.",
      access: { table: 'read' },
    },
    {
      method: 'GET',
      path: '/donations/me/payment-options',
      response: { status: 200 },
      handler: 'handlers/payment-options',
      auth: { kind: 'signedIn' },
      summary:
        "Which payment methods (card, voucher, payroll, recurring) the signed-in member may use on a page type (?pageType=GIFT|CHARITY|FUNDRAISE), from donations' copy of their workplace roles.",
      access: { table: 'read' },
    },
    {
      method: 'POST',
      path: '/donations/me/payroll-pledges',
      response: { status: 201, schema: 'payroll#payrollPledgeSchema' },
      handler: 'handlers/payroll-pledges#create',
      auth: { kind: 'signedIn' },
      summary:
        "A workplace member pledges a gift or a general donation from their pay (403 unless their workplace roles allow payroll); idempotent on the Idempotency-Key header.",
      access: { table: 'readWrite' },
    },
    {
      method: 'GET',
      path: '/donations/me/payroll-pledges',
      response: { status: 200, schema: 'payroll#payrollPledgeListSchema' },
      handler: 'handlers/payroll-pledges#list',
      auth: { kind: 'signedIn' },
      summary: "The member's payroll pledges, newest first.",
      access: { table: 'read' },
    },
    {
      method: 'DELETE',
      path: '/donations/me/payroll-pledges/{pledgeId}',
      response: { status: 204 },
      handler: 'handlers/payroll-pledges#cancel',
      auth: { kind: 'signedIn' },
      summary: "Cancels one of the member's payroll pledges (only their own; cancelling again is harmless).",
      access: { table: 'readWrite' },
    },
    {
      method: 'GET',
      path: '/donations/payments/{trackingNumber}/status',
      response: { status: 200, schema: 'donations#paymentStatusResponseSchema' },
      handler: 'handlers/get-payment-status',
      auth: { kind: 'public' },
      summary: 'Payment processing status and messages, polled by the checkout.',
      access: { table: 'read' },
    },
    // The charity console: gifts ("dollar handles"), the donation report, remittance.
    {
      method: 'GET',
      path: '/donations/charity/{charityId}/gifts',
      response: { status: 200, schema: 'dollar-handles#adminGiftListSchema' },
      handler: 'handlers/charity-gifts#list',
      auth: charity('Charity_DollarHandleView'),
      summary: "Every gift of the charity, active or not (the charity console's dollar handles).",
      access: { table: 'read' },
    },
    {
      method: 'POST',
      path: '/donations/charity/{charityId}/gifts',
      response: { status: 201 },
      handler: 'handlers/charity-gifts#create',
      auth: charity('Charity_DollarHandleManage'),
      summary: 'A new active gift at a page address unique within the charity (conditional write); idempotent on the Idempotency-Key header.',
      access: { table: 'readWrite' },
    },
    {
      method: 'PUT',
      path: '/donations/charity/{charityId}/gifts/{giftId}',
      response: { status: 200, schema: 'dollar-handles#adminGiftSchema' },
      handler: 'handlers/charity-gifts#update',
      auth: charity('Charity_DollarHandleManage'),
      summary: "Changes a gift's title, description, page address (still unique) and price.",
      access: { table: 'readWrite' },
    },
    {
      method: 'PUT',
      path: '/donations/charity/{charityId}/gifts/{giftId}/active',
      response: { status: 200 },
      handler: 'handlers/charity-gifts#setActive',
      auth: charity('Charity_DollarHandleManage'),
      summary: "Activates or deactivates a gift (an inactive gift's page says the project has been fulfilled).",
      access: { table: 'readWrite' },
    },
    {
      method: 'PUT',
      path: '/donations/charity/{charityId}/gifts/{giftId}/image',
      response: { status: 200, schema: 'dollar-handles#adminGiftSchema' },
      handler: 'handlers/charity-gifts#uploadImage',
      auth: charity('Charity_DollarHandleManage'),
      summary: "Uploads a gift's picture or card icon (PNG, JPEG, WebP or GIF up to 1 MB) to the media bucket.",
      access: { table: 'readWrite', media: 'readWrite' },
    },
    {
      method: 'GET',
      path: '/donations/charity/{charityId}/donations',
      response: { status: 200, schema: 'charity-reports#donationReportPageSchema' },
      handler: 'handlers/charity-reports#page',
      auth: charity('Charity_ReportView'),
      summary: "A page of the charity's completed donations (filters: dates, gift, payment type), with totals on the first page.",
      access: { table: 'read' },
    },
    {
      method: 'GET',
      path: '/donations/charity/{charityId}/donations/csv',
      response: { status: 200, contentType: 'text/csv' },
      handler: 'handlers/charity-reports#csv',
      auth: charity('Charity_ReportView'),
      summary: 'The same donations as a CSV file (text/csv attachment, header row first).',
      access: { table: 'read' },
      timeoutSeconds: 29,
    },
    {
      // The dashboard's donation figures are the donation report's, in brief: the report's permission.
      method: 'GET',
      path: '/donations/charity/{charityId}/dashboard',
      handler: 'handlers/dashboards#charity',
      auth: charity('Charity_ReportView'),
      summary: "The dashboard's donations: this month beside last month (count, amount, each day) per currency, and this month's top gifts and fundraising pages (running figures, never the donations themselves).",
      access: { table: 'read' },
    },
    {
      method: 'GET',
      path: '/donations/charity/{charityId}/remittance',
      response: { status: 200, schema: 'charity-reports#remittanceSchema' },
      handler: 'handlers/charity-reports#remittance',
      auth: charity('Charity_RemittanceView'),
      summary: 'What the charity is owed and was paid, per month, and the payouts.',
      access: { table: 'read' },
    },
    // Charity membership (issue 17 items 1-3; shared/contracts/memberships.ts, domain/charity-memberships.ts).
    {
      method: 'GET',
      path: '/memberships/charities/{charityUrl}/plans',
      response: { status: 200, schema: 'memberships#membershipPlanListSchema' },
      handler: 'handlers/charity-memberships#publicPlans',
      auth: { kind: 'public' },
      summary: "The charity page's membership plans: the active ones, cheapest first ({items}); 404 for an unknown charity.",
      access: { table: 'read' },
    },
    {
      method: 'POST',
      path: '/memberships/me/join',
      response: { status: 202, schema: 'donations#createPaymentResponseSchema' },
      handler: 'handlers/charity-memberships#join',
      auth: { kind: 'signedIn' },
      summary:
        'Joins a plan ({planId, card}: a new card token or a saved card): 202 + the trackingNumber of its payment, which the payment workflow charges (no tip, no fee on top) and which makes the membership; idempotent on the Idempotency-Key header; 409 when already a paid-up member on the plan or the plan is closed.',
      access: { table: 'readWrite' },
    },
    {
      method: 'GET',
      path: '/memberships/me',
      response: { status: 200, schema: 'memberships#membershipListSchema' },
      handler: 'handlers/charity-memberships#mine',
      auth: { kind: 'signedIn' },
      summary: "The member's memberships, newest first, each with its number, plan, status (by its dates) and paid-until day.",
      access: { table: 'read' },
    },
    {
      method: 'DELETE',
      path: '/memberships/me/{membershipId}',
      response: { status: 200, schema: 'memberships#membershipSchema' },
      handler: 'handlers/charity-memberships#cancel',
      auth: { kind: 'signedIn' },
      summary: "Cancels one of the member's memberships (another's is 404): it will not renew and stays theirs until its paid period ends; cancelling again is harmless.",
      access: { table: 'readWrite' },
    },
    {
      method: 'GET',
      path: '/memberships/charity/{charityId}/plans',
      response: { status: 200, schema: 'memberships#membershipPlanListSchema' },
      handler: 'handlers/charity-memberships#plans',
      auth: charity('Charity_MembershipView', 'Charity_MembershipManage'),
      summary: "Every membership plan of the charity, open or closed.",
      access: { table: 'read' },
    },
    {
      method: 'POST',
      path: '/memberships/charity/{charityId}/plans',
      response: { status: 201, schema: 'memberships#membershipPlanSchema' },
      handler: 'handlers/charity-memberships#createPlan',
      auth: charity('Charity_MembershipManage'),
      summary: 'A new membership plan (201): name, description, fee (cents), period (Yearly, Monthly, Life), benefits, autoRenew, active.',
      access: { table: 'readWrite' },
    },
    {
      method: 'PUT',
      path: '/memberships/charity/{charityId}/plans/{planId}',
      response: { status: 200, schema: 'memberships#membershipPlanSchema' },
      handler: 'handlers/charity-memberships#updatePlan',
      auth: charity('Charity_MembershipManage'),
      summary: "Changes a plan (another charity's is 404); members already paid keep what they paid until it renews.",
      access: { table: 'readWrite' },
    },
    {
      method: 'GET',
      path: '/memberships/charity/{charityId}/members',
      response: { status: 200, schema: 'memberships#membershipListSchema' },
      handler: 'handlers/charity-memberships#members',
      auth: charity('Charity_MembershipView', 'Charity_MembershipManage'),
      summary: "The charity's members, newest first, 50 a page (?q= name, e-mail or membership number; ?status=; ?cursor=).",
      access: { table: 'read' },
    },
    {
      method: 'POST',
      path: '/memberships/charity/{charityId}/members',
      response: { status: 201, schema: 'memberships#membershipSchema' },
      handler: 'handlers/charity-memberships#addMember',
      auth: charity('Charity_MembershipManage'),
      summary: 'Adds a member who paid elsewhere (201): names, e-mail, plan, the day they joined and how they paid; idempotent on the Idempotency-Key header.',
      access: { table: 'readWrite' },
    },
    {
      method: 'POST',
      path: '/memberships/charity/{charityId}/members/exports',
      response: { status: 202, schema: 'memberships#memberExportAnswerSchema' },
      handler: 'handlers/charity-memberships#requestMembersExport',
      auth: charity('Charity_MembershipView', 'Charity_MembershipManage'),
      summary:
        "Download CSV: 202 + {export} (Preparing) of every member, written by a job (the prepare-members-exports stream) a page at a time; while the charity's newest export is still Preparing, that one is the answer.",
      access: { table: 'readWrite' },
    },
    {
      method: 'GET',
      path: '/memberships/charity/{charityId}/members/exports/{exportId}',
      response: { status: 200, schema: 'memberships#memberExportAnswerSchema' },
      handler: 'handlers/charity-memberships#membersExport',
      auth: charity('Charity_MembershipView', 'Charity_MembershipManage'),
      summary: "An export: Preparing (rows: members written so far), Ready (rows, bytes) or Failed (not ready within the hour). Another charity's is 404.",
      access: { table: 'read' },
    },
    {
      method: 'GET',
      path: '/memberships/charity/{charityId}/members/exports/{exportId}/download',
      response: { status: 200, contentType: 'text/csv' },
      handler: 'handlers/charity-memberships#downloadMembersExport',
      auth: charity('Charity_MembershipView', 'Charity_MembershipManage'),
      summary:
        'The Ready export as CSV (text/csv attachment, header row first, newest member first); over 4 MB, a 303 to a 5-minute signed address. 409 while preparing or once failed.',
      access: { table: 'read', personalData: 'read' },
    },
    // The back office.
    {
      method: 'GET',
      path: '/donations/backoffice/dashboard',
      handler: 'handlers/dashboards#backOffice',
      auth: backOffice('BackOffice_ViewDashboard'),
      summary: "The back office's dashboard: the platform's donations this month beside last month (count, amount, each day), per currency in its country's calendar.",
      access: { table: 'read' },
    },
    {
      method: 'GET',
      path: '/donations/backoffice/payments',
      response: { status: 200, schema: 'back-office-payments#backOfficePaymentListSchema' },
      handler: 'handlers/back-office-payments#search',
      auth: backOffice('BackOffice_ViewPayments', 'BackOffice_ManagePayments'),
      summary: 'Every payment, newest first, 25 a page (?q= a tracking number or a donor’s e-mail, ?status=, ?charityId=, ?cursor=).',
      access: { table: 'read' },
    },
    {
      method: 'GET',
      path: '/donations/backoffice/payments/{trackingNumber}',
      response: { status: 200, schema: 'back-office-payments#backOfficePaymentDetailSchema' },
      handler: 'handlers/back-office-payments#detail',
      auth: backOffice('BackOffice_ViewPayments', 'BackOffice_ManagePayments'),
      summary: 'A payment: its amounts, card (brand and last 4), messages, and its history through the payment workflow (404: none).',
      access: { table: 'read', readsWorkflowHistory: ['payment', 'refund'] },
    },
    {
      method: 'POST',
      path: '/donations/backoffice/payments/{trackingNumber}/refunds',
      response: { status: 202, schema: 'back-office-payments#refundAnswerSchema' },
      handler: 'handlers/back-office-payments#refund',
      auth: backOffice('BackOffice_ManagePayments'),
      summary:
        'Refunds a completed donation, gift voucher purchase or membership fee, in full ({reason}) or part of its own amount ({amount (cents), reason}: of the donation, of the vouchers\' unspent value, or of the fee), through the refund workflow: 202 + {refund}; idempotent on the Idempotency-Key header (a retry answers 200, another request with the key 422); 409 when it is more than is left to refund (never, even for two at once).',
      access: { table: 'readWrite' },
    },
    {
      method: 'GET',
      path: '/donations/backoffice/gifts',
      response: { status: 200, schema: 'dollar-handles#adminGiftListSchema' },
      handler: 'handlers/back-office-gifts#search',
      auth: backOffice('BackOffice_ViewCharities'),
      summary: "Every charity's gifts, a page at a time (?q= title or charity name, ?charityId=).",
      access: { table: 'read' },
    },
    {
      method: 'PUT',
      path: '/donations/backoffice/gifts/{giftId}/active',
      response: { status: 200 },
      handler: 'handlers/back-office-gifts#setActive',
      auth: backOffice('BackOffice_ManageCharities'),
      summary: "Activates or deactivates any charity's gift.",
      access: { table: 'readWrite' },
    },
    {
      method: 'POST',
      path: '/donations/backoffice/ReIndexCharityGifts',
      response: { status: 200 },
      handler: 'handlers/reindex-gifts#reindexCharityGifts',
      auth: backOffice('BackOffice_ManageCharities'),
      summary:
        "Re-emits GiftPublished for every charity's gift (search builds its charitygifts index from them), each with its stored revision and the run's reindexId, in PutEvents batches of 10; answers {reindexId, events, batches}.",
      access: { table: 'read', publishes: [GiftPublished] },
      // HTTP API waits 30 s: a catalogue too large to re-emit in 29 s needs the run moved to a queue.
      timeoutSeconds: 29,
    },
    {
      method: 'POST',
      path: '/donations/backoffice/charities/{charityId}/payouts',
      response: { status: 201, schema: 'charity-reports#payoutSchema' },
      handler: 'handlers/charity-reports#recordPayout',
      // A back-office permission; the tenant names the charity paid (administrators hold every charity's permissions).
      auth: { kind: 'signedIn', anyOf: ['BackOffice_ManagePayments'], tenant: { kind: 'charity', param: 'charityId' } },
      summary: 'Records money paid to a charity, taken from what it is owed (never more, by a transaction condition); idempotent on the Idempotency-Key header.',
      access: { table: 'readWrite' },
    },
  ],
  workflows: [
    {
      name: 'payment',
      definition: 'workflows/payment.asl.json',
      tasks: {
        ValidatePayment: { handler: 'handlers/payment-tasks#validate', access: { table: 'readWrite' } },
        ChargeCard: { handler: 'handlers/payment-tasks#charge', access: { table: 'read', cardGateway: true }, timeoutSeconds: 15 },
        ReconcileCharge: { handler: 'handlers/payment-tasks#reconcile', access: { table: 'read', cardGateway: true }, timeoutSeconds: 15 },
        RedeemVoucher: { handler: 'handlers/payment-tasks#redeem', access: { table: 'readWrite' } },
        RecordDonation: { handler: 'handlers/payment-tasks#record', access: { table: 'readWrite', voucherCodes: true } },
        EmitDonationCompleted: {
          handler: 'handlers/payment-tasks#emit',
          access: { table: 'read', publishes: [DonationCompleted, VoucherPurchased, MembershipPaid] },
        },
        RefundCharge: { handler: 'handlers/payment-tasks#refund', access: { table: 'readWrite', cardGateway: true }, timeoutSeconds: 15 },
        ReleaseVoucher: { handler: 'handlers/payment-tasks#release', access: { table: 'readWrite' } },
        FailPayment: { handler: 'handlers/payment-tasks#fail', access: { table: 'readWrite' } },
        SaveCardAndSchedule: {
          handler: 'handlers/payment-tasks#saveCardAndSchedule',
          access: { table: 'readWrite', cardGateway: true },
          timeoutSeconds: 20,
        },
      },
    },
    {
      // Issue 17 item 5: a back-office refund (domain/refunds.ts), reusing the payment workflow's gateway refund.
      name: 'refund',
      definition: 'workflows/refund.asl.json',
      tasks: {
        RefundCard: { handler: 'handlers/refund-tasks#card', access: { table: 'read', cardGateway: true }, timeoutSeconds: 15 },
        ReturnToVoucher: { handler: 'handlers/refund-tasks#voucher', access: { table: 'readWrite' } },
        RecordRefund: { handler: 'handlers/refund-tasks#record', access: { table: 'readWrite' } },
        EmitDonationRefunded: { handler: 'handlers/refund-tasks#emit', access: { table: 'read', publishes: [DonationRefunded, PaymentRefunded] } },
        FailRefund: { handler: 'handlers/refund-tasks#fail', access: { table: 'readWrite' } },
      },
    },
  ],
  streams: [
    {
      // Storage-first, like payments: a stored refund starts its workflow even if the API crashed after writing it.
      name: 'start-refund-workflow',
      filter: { eventName: ['INSERT'], dynamodb: { NewImage: { sk: { S: [{ prefix: 'REFUND#' }] } } } },
      handler: 'handlers/start-refund-workflow',
      batchSize: 25,
      access: { startsWorkflows: ['refund'] },
    },
    {
      // "Download CSV" of a charity's members (domain/member-exports.ts). A stream, not a queue: the stored export is
      // the job's request (storage-first, nothing to send after writing it, so no export is ever left unstarted).
      // One record per invocation, so each file has the whole 15 minutes; a failure retries from the record (it
      // holds up only later exports of its shard, for this subscription alone) and a redelivery finds it Ready.
      name: 'prepare-members-exports',
      filter: { eventName: ['INSERT'], dynamodb: { NewImage: { sk: { S: [{ prefix: 'MEMBEREXPORT#' }] } } } },
      handler: 'handlers/prepare-members-export',
      batchSize: 1,
      access: { table: 'readWrite', personalData: 'write' },
      timeoutSeconds: 900,
      memoryMb: 512,
    },
    {
      name: 'start-payment-workflow',
      filter: { eventName: ['INSERT'], dynamodb: { NewImage: { sk: { S: ['PAYMENT'] } } } },
      handler: 'handlers/start-payment-workflow',
      batchSize: 100,
      access: { startsWorkflows: ['payment'] },
    },
    {
      // Storage-first, like payments: a stored pledge (or its cancellation) is published even if the API crashed after writing.
      name: 'publish-payroll-pledges',
      filter: { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { sk: { S: [{ prefix: 'PAYROLLPLEDGE#' }] } } } },
      handler: 'handlers/publish-payroll-pledge',
      batchSize: 25,
      access: { publishes: [PayrollPledgeCreated, PayrollPledgeCancelled] },
    },
    {
      // Storage-first: every stored gift (created, edited, made active or inactive, pictured, moved to a new page
      // address) is published for search. Gifts are never deleted: a REMOVE is only a moved gift's old key, and the
      // move's INSERT publishes the gift, so REMOVE records are not asked for.
      name: 'publish-gifts',
      filter: { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { pk: { S: [{ prefix: 'CHARITYURL#' }] }, sk: { S: [{ prefix: 'GIFT#' }] } } } },
      handler: 'handlers/publish-gift',
      batchSize: 25,
      access: { publishes: [GiftPublished] },
    },
    {
      // Each new donation adds to what its charity is owed, once (the donation item records that it was counted).
      name: 'count-charity-donations',
      filter: { eventName: ['INSERT'], dynamodb: { NewImage: { sk: { S: ['DONATION'] } } } },
      handler: 'handlers/count-charity-donation',
      batchSize: 25,
      access: { table: 'readWrite' },
    },
  ],
  subscriptions: [
    {
      name: 'record-charity-profile',
      pattern: patternFor(CharityProfilePublished),
      handler: 'handlers/record-charity-profile',
      access: { table: 'readWrite' },
    },
    {
      name: 'record-workplace-membership',
      pattern: patternFor(WorkplaceMembershipChanged),
      handler: 'handlers/record-workplace-membership',
      access: { table: 'readWrite' },
    },
    {
      name: 'record-charity-membership',
      pattern: patternFor(CharityMembershipChanged),
      handler: 'handlers/record-charity-membership',
      access: { table: 'readWrite' },
    },
    {
      name: 'record-fundraising-page',
      pattern: patternFor(PageModified),
      handler: 'handlers/record-fundraising-page',
      access: { table: 'readWrite' },
    },
    {
      // A workplace confirmed a payroll batch: its donations are recorded here, once, and announced (issue 15).
      name: 'record-payroll-donations',
      pattern: patternFor(PayrollDonationsConfirmed),
      handler: 'handlers/record-payroll-donations',
      access: { table: 'readWrite', publishes: [DonationCompleted] },
    },
    {
      name: 'send-donation-receipt',
      pattern: patternFor(DonationCompleted),
      handler: 'handlers/send-donation-receipt',
      access: { table: 'readWrite', sendsMail: true },
    },
    {
      name: 'send-voucher-code',
      pattern: patternFor(VoucherPurchased),
      handler: 'handlers/send-voucher-code',
      access: { table: 'readWrite', sendsMail: true, voucherCodes: true },
    },
    {
      // Each match is kept against its donation (the thank-you page and the receipt name it); a match paid to the
      // charity is e-mailed to the donor with their receipt (issue 16 item 5).
      name: 'record-donation-matches',
      pattern: patternFor(DonationMatched),
      handler: 'handlers/donation-matches#record',
      access: { table: 'readWrite', sendsMail: true },
    },
    {
      name: 'record-donation-match-give-backs',
      pattern: patternFor(DonationMatchGivenBack),
      handler: 'handlers/donation-matches#givenBack',
      access: { table: 'readWrite' },
    },
    {
      // A membership's fee is receipted to the member: welcome, or renewed (issue 17).
      name: 'send-membership-receipt',
      pattern: patternFor(MembershipPaid),
      handler: 'handlers/charity-memberships#receipt',
      access: { table: 'readWrite', sendsMail: true },
    },
    {
      // A refunded donor is told what came back and gets the receipt as it now stands (issue 17 item 5).
      name: 'send-refund-notice',
      pattern: patternFor(DonationRefunded),
      handler: 'handlers/send-donation-receipt#refunded',
      access: { table: 'readWrite', sendsMail: true },
    },
    {
      // A refunded gift voucher buyer or member is told what came back and what it means for what they bought.
      name: 'send-payment-refund-notice',
      pattern: patternFor(PaymentRefunded),
      handler: 'handlers/send-donation-receipt#paymentRefunded',
      access: { table: 'readWrite', sendsMail: true },
    },
    {
      // A campaign of matchType Voucher gives the matched member a gift voucher worth the bonus (issue 16 item 3).
      name: 'issue-matched-vouchers',
      pattern: patternFor(DonationMatched),
      handler: 'handlers/issue-matched-voucher',
      access: { table: 'readWrite', sendsMail: true, voucherCodes: true },
    },
    {
      // "Download my data" (issue 17 item 7): donations' part of the member's export (domain/personal-data.ts).
      name: 'gather-personal-data',
      pattern: patternFor(PersonalDataExportRequested),
      handler: 'handlers/personal-data#gather',
      access: { table: 'read', personalData: 'write', publishes: [PersonalDataGathered.donations] },
      timeoutSeconds: 120,
    },
    {
      // "Delete my account": the member erased, or kept without their identity where the law needs it; their saved
      // cards are removed at the gateway too, as the member's own removal does.
      name: 'erase-personal-data',
      pattern: patternFor(MemberErasureRequested),
      handler: 'handlers/personal-data#erase',
      access: { table: 'readWrite', cardGateway: true, publishes: [PersonalDataErased.donations] },
      timeoutSeconds: 120,
    },
  ],
  schedules: [
    {
      name: 'reconcile-stuck-payments',
      expression: 'rate(5 minutes)',
      description: 'Restart payments whose workflow never started; settle those that ended without the gateway answering.',
      handler: 'handlers/reconcile-stuck-payments',
      access: { table: 'readWrite', cardGateway: true, startsWorkflows: ['payment'], publishes: [DonationCompleted, VoucherPurchased, MembershipPaid], voucherCodes: true },
      timeoutSeconds: 120,
    },
    {
      name: 'charge-recurring-donations',
      expression: 'rate(1 hour)',
      description:
        "Creates each due monthly donation's payment for its period once (idempotency key <scheduleId>#<YYYY-MM>), settles ended ones (next month, retry a soft decline, stop on a hard one) and e-mails donors whose monthly donation stopped; then renews due charity memberships the same way (<membershipId>#renew#<paidUntil>) and reminds members 14 days before their paid period ends.",
      handler: 'handlers/charge-recurring-donations',
      access: { table: 'readWrite', cardGateway: true, paymentGateway: true, sendsMail: true },
      timeoutSeconds: 300,
    },
  ],
});
