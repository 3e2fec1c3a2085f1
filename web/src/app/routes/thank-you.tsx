import { ThankYou } from '../../features/checkout/components/thank-you';
import { useCountry } from '../../lib/country';

/** /:country/thankyou — after a completed payment (and a neutral page without one). */
export function ThankYouRoute() {
  const country = useCountry().code;
  return (
    <div className="page">
      <ThankYou country={country} />
    </div>
  );
}
