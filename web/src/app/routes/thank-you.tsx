import { ThankYou } from '../../features/checkout/components/thank-you';
import { useCountry } from '../../lib/country';
import { useFirstScreenDrawn } from '../../lib/first-screen';

/** /:country/thankyou — after a completed payment (and a neutral page without one). */
export function ThankYouRoute() {
  const country = useCountry().code;
  // The page's first screen is its introduction (or the thing it shows): what it does not show may follow.
  useFirstScreenDrawn();
  return (
    <div className="page">
      <ThankYou country={country} />
    </div>
  );
}
