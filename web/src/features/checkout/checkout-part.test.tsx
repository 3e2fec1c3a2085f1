import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firstScreenRendered } from '../../lib/first-screen';
import { installFetchFake } from '../../testing/fetch-fake';
import { answerCardSettings } from '../../testing/fixtures';
import { useCheckoutFormPart } from './checkout-part';

function CheckoutPlace({ ready }: { ready: boolean }) {
  const checkout = useCheckoutFormPart(ready, 'nz');
  return <p>{checkout ? 'Checkout ready' : 'Checkout loading'}</p>;
}

describe("a page's checkout part", () => {
  it("asks for the country's card gateway settings with the form's code, once the first screen is drawn", async () => {
    const fetch = installFetchFake();
    answerCardSettings(fetch);
    const queryClient = new QueryClient();
    const { rerender } = render(
      <QueryClientProvider client={queryClient}>
        <CheckoutPlace ready={false} />
      </QueryClientProvider>,
    );
    firstScreenRendered();
    rerender(
      <QueryClientProvider client={queryClient}>
        <CheckoutPlace ready />
      </QueryClientProvider>,
    );
    await screen.findByText('Checkout ready');
    await waitFor(() => expect(queryClient.getQueryData(['payment-gateway', 'nz'])).toBeDefined());
    expect(fetch.callsTo('GET', '/api/donations/payment-gateway?country=nz')).toHaveLength(1);
  });
});
