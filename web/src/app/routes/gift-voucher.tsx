import { VoucherPage } from '../../features/checkout/components/voucher-page';
import { useCountry } from '../../lib/country';
import { PRODUCT_NAME } from '../../lib/product';
import { useFirstScreenDrawn } from '../../lib/first-screen';

/** /:country/charity/gift-vouchers/new-voucher (#voucher-select) — buy a gift voucher (the 'Gift card' menu link). */
export function GiftVoucherRoute() {
  const country = useCountry().code;
  // The page's first screen is its introduction (or the thing it shows): what it does not show may follow.
  useFirstScreenDrawn();
  return (
    <div className="page">
      <title>{`Gift vouchers · ${PRODUCT_NAME}`}</title>
      <VoucherPage country={country} />
    </div>
  );
}
