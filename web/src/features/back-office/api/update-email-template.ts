import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { updateEmailTemplateSchema } from '@giving/shared/contracts/accounts';
import { api } from '../../../lib/api-client';
import { emailTemplatesQueryOptions } from './get-email-templates';

export type UpdateEmailTemplate = z.output<typeof updateEmailTemplateSchema>;

/** PUT /api/accounts/backoffice/email-templates/{templateName} — subject and body; 400 names an unknown placeholder's field. */
export const updateEmailTemplate = ({ templateId, template }: { templateId: string; template: UpdateEmailTemplate }): Promise<unknown> =>
  api.put(`/accounts/backoffice/email-templates/${encodeURIComponent(templateId)}`, template, z.unknown());

export function useUpdateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplatesQueryOptions().queryKey }),
  });
}
