import { useMutation } from '@tanstack/react-query';
import { voucherLookupResponseSchema, type VoucherLookupResponse } from '@giving/shared/contracts/voucher-codes';
import { api } from '../../../lib/api-client';

/** POST /api/donations/vouchers/lookup — the voucher's remaining balance and whether it has expired (404: no such code). */
export const lookupVoucher = async ({ code }: { code: string }): Promise<VoucherLookupResponse> =>
  api.post('/donations/vouchers/lookup', { code }, voucherLookupResponseSchema);

export const useLookupVoucher = () => useMutation({ mutationFn: lookupVoucher });
