import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminGiftSchema, type AdminGift, type GiftImageUpload } from '@giving/shared/contracts/dollar-handles';
import { api } from '../../../lib/api-client';
import { charityDonationsKey } from './keys';

/** PUT /api/donations/charity/{charityId}/gifts/{giftId}/image — the picture as base64; the API checks its bytes. */
export const uploadGiftImage = ({ charityId, giftId, upload }: { charityId: string; giftId: string; upload: GiftImageUpload }): Promise<AdminGift> =>
  api.put(`/donations/charity/${encodeURIComponent(charityId)}/gifts/${encodeURIComponent(giftId)}/image`, upload, adminGiftSchema);

export function useUploadGiftImage(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ giftId, upload }: { giftId: string; upload: GiftImageUpload }) => uploadGiftImage({ charityId, giftId, upload }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: charityDonationsKey(charityId) }),
  });
}
