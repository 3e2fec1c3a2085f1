import { VoucherPurchase } from '../../features/checkout/components/voucher-purchase';
import { useCountry } from '../../lib/country';
import { PRODUCT_NAME } from '../../lib/product';

/** /:country/charity/gift-vouchers/new-voucher (#voucher-select) — buy a gift voucher (the 'Gift card' menu link). */
export function GiftVoucherRoute() {
  const country = useCountry().code;
  return (
    <div className="page">
      <title>{`Gift vouchers · ${PRODUCT_NAME}`}</title>
      <VoucherPurchase country={country} />
    </div>
  );
}
