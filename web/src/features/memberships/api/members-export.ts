import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberExportAnswerSchema, type MemberExport } from '@giving/shared/contracts/memberships';
import { api, fetchFile, type DownloadedFile } from '../../../lib/api-client';
import { charityMembershipKey } from './keys';

/** How often a members file being prepared is asked about. */
export const MEMBERS_EXPORT_POLL_MS = 2000;

const exportsPath = (charityId: string) => `/memberships/charity/${encodeURIComponent(charityId)}/members/exports`;

/** POST /api/memberships/charity/{charityId}/members/exports — starts the members file (or answers the one being prepared). */
export const startMembersExport = (charityId: string): Promise<MemberExport> =>
  api.post(exportsPath(charityId), {}, memberExportAnswerSchema).then((answer) => answer.export);

/** GET /api/memberships/charity/{charityId}/members/exports/{exportId} — Preparing (members so far), Ready or Failed. */
export const getMembersExport = ({ charityId, exportId, signal }: { charityId: string; exportId: string; signal?: AbortSignal }): Promise<MemberExport> =>
  api.get(`${exportsPath(charityId)}/${encodeURIComponent(exportId)}`, memberExportAnswerSchema, { signal }).then((answer) => answer.export);

/**
 * GET /api/memberships/charity/{charityId}/members/exports/{exportId}/download — the Ready file (a large one is a
 * redirect to a short-lived signed address, which fetch follows).
 */
export const downloadMembersExport = (charityId: string, { id, fileName }: Pick<MemberExport, 'id' | 'fileName'>): Promise<DownloadedFile> =>
  fetchFile(`${exportsPath(charityId)}/${encodeURIComponent(id)}/download`, { fallbackName: fileName });

export const membersExportQueryOptions = (charityId: string, exportId: string) =>
  queryOptions({
    queryKey: [...charityMembershipKey(charityId), 'exports', exportId],
    queryFn: ({ signal }) => getMembersExport({ charityId, exportId, signal }),
    // Asked about again every 2 seconds until it is Ready or Failed.
    refetchInterval: (query) => (query.state.data?.status === 'Preparing' ? MEMBERS_EXPORT_POLL_MS : false),
    // The POST's answer counts as the first (the next question is one interval later).
    staleTime: MEMBERS_EXPORT_POLL_MS,
    retry: false,
  });

/** The export being prepared, if any (nothing is asked for without one). */
export function useMembersExport(charityId: string, exportId: string | undefined) {
  return useQuery({ ...membersExportQueryOptions(charityId, exportId ?? ''), enabled: exportId !== undefined });
}

export function useStartMembersExport(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startMembersExport(charityId),
    // The export's first answer is the POST's: the progress shows at once, and the polling starts from there.
    onSuccess: (started) => queryClient.setQueryData(membersExportQueryOptions(charityId, started.id).queryKey, started),
  });
}
