import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminGiftSchema, type AdminGift, type GiftInput } from '@giving/shared/contracts/dollar-handles';
import { api } from '../../../lib/api-client';
import { charityDonationsKey } from './keys';

const giftsPath = (charityId: string) => `/donations/charity/${encodeURIComponent(charityId)}/gifts`;

/** POST /api/donations/charity/{charityId}/gifts — the same key for a retry of the same form makes no second gift. */
export const createGift = ({ charityId, input, idempotencyKey }: { charityId: string; input: GiftInput; idempotencyKey: string }): Promise<AdminGift> =>
  api.post(giftsPath(charityId), input, adminGiftSchema, { headers: { 'idempotency-key': idempotencyKey } });

/** PUT /api/donations/charity/{charityId}/gifts/{giftId} — title, description, page address, price. */
export const updateGift = ({ charityId, giftId, input }: { charityId: string; giftId: string; input: GiftInput }): Promise<AdminGift> =>
  api.put(`${giftsPath(charityId)}/${encodeURIComponent(giftId)}`, input, adminGiftSchema);

/** Creates the gift (no `giftId`) or saves it; either way the charity's lists refresh. */
export function useSaveGift(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ giftId, input, idempotencyKey }: { giftId?: string; input: GiftInput; idempotencyKey: string }) =>
      giftId ? updateGift({ charityId, giftId, input }) : createGift({ charityId, input, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: charityDonationsKey(charityId) }),
  });
}
