import { ThankYou } from '../../features/checkout/components/thank-you';
import { useCountry } from '../../lib/country';
import { PRODUCT_NAME } from '../../lib/product';

/** /:country/thankyou — after a completed payment. */
export function ThankYouRoute() {
  const country = useCountry().code;
  return (
    <div className="page">
      <title>{`Thank you · ${PRODUCT_NAME}`}</title>
      <ThankYou country={country} />
    </div>
  );
}
