import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminGiftSchema, type AdminGift } from '@giving/shared/contracts/dollar-handles';
import { api } from '../../../lib/api-client';
import { backOfficeGiftsKey, charityDonationsKey } from './keys';

/** PUT /api/donations/charity/{charityId}/gifts/{giftId}/active, or the back office's /donations/backoffice/gifts/{giftId}/active. */
export const setGiftActive = ({ charityId, giftId, isActive }: { charityId?: string; giftId: string; isActive: boolean }): Promise<AdminGift> =>
  api.put(
    charityId
      ? `/donations/charity/${encodeURIComponent(charityId)}/gifts/${encodeURIComponent(giftId)}/active`
      : `/donations/backoffice/gifts/${encodeURIComponent(giftId)}/active`,
    { isActive },
    adminGiftSchema,
  );

/** In a charity's console (`charityId`), or the back office (none). */
export function useSetGiftActive(charityId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gift, isActive }: { gift: AdminGift; isActive: boolean }) => setGiftActive({ charityId, giftId: gift.id, isActive }),
    onSuccess: (gift) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: charityDonationsKey(gift.charity.id) }),
        queryClient.invalidateQueries({ queryKey: backOfficeGiftsKey }),
      ]),
  });
}
