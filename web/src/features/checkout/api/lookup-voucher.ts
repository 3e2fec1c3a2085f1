import { useMutation } from '@tanstack/react-query';
import type { VoucherLookupResponse } from '@giving/shared/contracts/vouchers';
import { api } from '../../../lib/api-client';

/** The answer's schema comes with the first lookup (or `preloadVoucherLookup`): only donors paying by voucher need it. */
export const preloadVoucherLookup = () => import('@giving/shared/contracts/vouchers');

/** POST /api/donations/vouchers/lookup — the voucher's remaining balance and whether it has expired (404: no such code). */
export const lookupVoucher = async ({ code }: { code: string }): Promise<VoucherLookupResponse> => {
  const { voucherLookupResponseSchema } = await preloadVoucherLookup();
  return api.post('/donations/vouchers/lookup', { code }, voucherLookupResponseSchema);
};

export const useLookupVoucher = () => useMutation({ mutationFn: lookupVoucher });
