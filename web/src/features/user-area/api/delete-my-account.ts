import { useMutation } from '@tanstack/react-query';
import { accountDeletionAnswerSchema, type AccountDeletion } from '@giving/shared/contracts/personal-data';
import { api } from '../../../lib/api-client';

/** POST /api/accounts/me/deletion {email} — deletes the member's account; the e-mail they sign in with confirms it. */
export const deleteMyAccount = ({ email }: { email: string }): Promise<AccountDeletion> =>
  api.post('/accounts/me/deletion', { email }, accountDeletionAnswerSchema).then((answer) => answer.deletion);

export const useDeleteMyAccount = () => useMutation({ mutationFn: deleteMyAccount });
