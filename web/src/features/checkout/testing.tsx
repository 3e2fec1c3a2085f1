import { screen } from '@testing-library/react';
import type { Gift } from '@giving/shared/contracts/donations-public';
import { attachCardGateway } from '../../testing/card-gateway-fake';
import type { FetchFake } from '../../testing/fetch-fake';
import { aGift, answerCardSettings } from '../../testing/fixtures';
import type { CheckoutTarget } from './components/checkout-form';
import { renderWithRouter } from '../../testing/render';
import { CheckoutForm, preloadCheckoutParts } from './components/checkout-form';
import { ThankYou } from './components/thank-you';

export const GIFT_PATH = '/nz/kiwi-kids-trust/school-lunches';

/**
 * The checkout on a gift page (or, given a target, a charity page) with a working card frame; /nz/thankyou shows the
 * thank-you page. The site offers a tip only when a test answers GET /api/accounts/site with showGratuity on.
 */
export async function renderCheckout(fetch: FetchFake, { gift = aGift(), target }: { gift?: Gift; target?: CheckoutTarget } = {}) {
  answerCardSettings(fetch);
  // The panels behind the payment choices load once the form has rendered; tests start with them there.
  await preloadCheckoutParts({ signedIn: true });
  const view = renderWithRouter(<CheckoutForm target={target ?? { pageType: 'GIFT', gift }} country="nz" />, {
    path: GIFT_PATH,
    routes: [{ path: '/nz/thankyou', element: <ThankYou country="nz" /> }],
    userOptions: { delay: null },
  });
  const gateway = attachCardGateway((await screen.findByTitle('Card details')) as HTMLIFrameElement);
  await gateway.ready();
  return { ...view, gateway };
}

/** The error text linked to a field through aria-describedby. */
export function errorOf(field: HTMLElement): string | undefined {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ') || undefined;
}

export const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
export const donateButton = () => screen.getByRole('button', { name: 'Donate' });
