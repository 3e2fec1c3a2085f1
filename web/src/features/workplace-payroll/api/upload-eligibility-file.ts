import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eligibilityReportSchema, type ActualsUpload, type EligibilityReport } from '@giving/shared/contracts/workplace-payroll';
import { api } from '../../../lib/api-client';
import { eligibilityFilesQueryOptions } from './get-eligibility-files';
import { eligibilityReportKey } from './get-eligibility-report';
import { payrollPath } from './keys';

/**
 * POST /api/workplace/{workplaceId}/eligibility-files — HR's list of employees as the file's text; answers 201 with the
 * report, Accepted or Rejected (a 400 with `body.content` when the file cannot be read as CSV or lacks its columns).
 */
export const uploadEligibilityFile = ({ workplaceId, upload }: { workplaceId: string; upload: ActualsUpload }): Promise<EligibilityReport> =>
  api.post(`${payrollPath(workplaceId)}/eligibility-files`, upload, eligibilityReportSchema);

export function useUploadEligibilityFile(workplaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: ActualsUpload) => uploadEligibilityFile({ workplaceId, upload }),
    onSuccess: (report) => {
      queryClient.setQueryData(eligibilityReportKey(workplaceId, report.id), report);
      return queryClient.invalidateQueries({ queryKey: eligibilityFilesQueryOptions(workplaceId).queryKey });
    },
  });
}
