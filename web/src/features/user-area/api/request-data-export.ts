import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataExportAnswerSchema, type DataExport } from '@giving/shared/contracts/personal-data';
import { api } from '../../../lib/api-client';
import { myDataExportsQueryOptions } from './get-my-data-exports';

/** POST /api/accounts/me/data-exports — starts gathering the member's data (409 while one is already being gathered). */
export const requestDataExport = (): Promise<DataExport> => api.post('/accounts/me/data-exports', {}, dataExportAnswerSchema).then((answer) => answer.export);

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  const { queryKey } = myDataExportsQueryOptions();
  return useMutation({
    mutationFn: requestDataExport,
    // The new export goes to the top of the list at once (which starts the polling), then the list is asked for again.
    onSuccess: async (started) => {
      queryClient.setQueryData(queryKey, (current) => [started, ...(current ?? []).filter((item) => item.id !== started.id)]);
      await queryClient.invalidateQueries({ queryKey });
    },
    // A 409 means one is already under way: the list shows it.
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
