import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { emailTemplateListSchema } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

export type EmailTemplateList = z.infer<typeof emailTemplateListSchema>;

/** GET /api/accounts/backoffice/email-templates — the e-mails the platform sends. */
export const getEmailTemplates = ({ signal }: { signal?: AbortSignal } = {}): Promise<EmailTemplateList> =>
  api.get('/accounts/backoffice/email-templates', emailTemplateListSchema, { signal });

export const emailTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'back-office', 'email-templates'],
    queryFn: ({ signal }) => getEmailTemplates({ signal }),
  });

export const useEmailTemplates = () => useQuery(emailTemplatesQueryOptions());
