import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode } from '@giving/shared/countries';
import { paymentGatewayResponseSchema, type PaymentGatewayResponse } from '@giving/shared/contracts/payment-gateway';
import { api } from './api-client';

/**
 * GET /api/donations/payment-gateway?country= — the country's merchant account (its client key for the card fields)
 * and the transaction fee the donor covers (spec §3 "Payment gateway").
 */
export const getPaymentGateway = ({ country, signal }: { country: CountryCode; signal?: AbortSignal }): Promise<PaymentGatewayResponse> =>
  api.get(`/donations/payment-gateway?country=${encodeURIComponent(country)}`, paymentGatewayResponseSchema, { signal });

export const paymentGatewayQueryOptions = (country: CountryCode) =>
  queryOptions({
    queryKey: ['payment-gateway', country],
    queryFn: ({ signal }) => getPaymentGateway({ country, signal }),
    // The API lets caches keep it 5 minutes; a refused fee refetches it at once (the checkout's 409 handling).
    staleTime: 5 * 60_000,
  });

export const usePaymentGateway = (country: CountryCode) => useQuery(paymentGatewayQueryOptions(country));
