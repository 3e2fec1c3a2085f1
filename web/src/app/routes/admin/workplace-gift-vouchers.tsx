import { WorkplaceVoucherOrder } from '../../../features/checkout/components/workplace-voucher-order';
import { WorkplaceVouchers } from '../../../features/workplace-vouchers/components/workplace-vouchers';

/**
 * /admin/workplace/:workplaceId/gift-vouchers — the workplace's vouchers (features/workplace-vouchers) with the
 * checkout's order form, which pays as every payment does (card frame, payment flow, processing modal). Composed here
 * because features do not import each other.
 */
export function WorkplaceGiftVouchers() {
  return <WorkplaceVouchers order={(slot) => <WorkplaceVoucherOrder {...slot} />} />;
}
