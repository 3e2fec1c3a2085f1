import { systemClock } from '@giving/shared/clock';
import { personalDataEraser, personalDataGatherer } from '@giving/shared/lambda/personal-data';
import { eraseMemberData, gatherMemberData } from '../domain/personal-data';
import {
  cardGateway,
  charityMemberships,
  donationHistory,
  donationMatches,
  memberRecords,
  payments,
  payrollPledges,
  receipts,
  recurringDonations,
  refunds,
  savedCards,
  vouchers,
} from '../adapters';

/** PersonalDataExportRequested -> donations' part of the member's "Download my data" (domain/personal-data.ts). */
export const gather = personalDataGatherer('donations', (member) =>
  gatherMemberData(
    {
      history: donationHistory(),
      payments: payments(),
      receipts: receipts(),
      refunds: refunds(),
      matches: donationMatches(),
      schedules: recurringDonations(),
      cards: savedCards(),
      pledges: payrollPledges(),
      memberships: charityMemberships(),
      vouchers: vouchers(),
      records: memberRecords(),
    },
    member,
  ),
);

/** MemberErasureRequested -> the member erased from donations, or kept without their identity where the law needs it. */
export const erase = personalDataEraser('donations', (member) =>
  eraseMemberData(
    {
      history: donationHistory(),
      payments: payments(),
      receipts: receipts(),
      schedules: recurringDonations(),
      cards: savedCards(),
      gateway: cardGateway(),
      pledges: payrollPledges(),
      memberships: charityMemberships(),
      vouchers: vouchers(),
      records: memberRecords(),
      clock: systemClock,
    },
    member,
  ),
);
