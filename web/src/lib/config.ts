import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { fetchJson } from './api-client';

/**
 * Runtime configuration served beside the SPA (/config.json), so one build runs in every environment.
 * Sign-in settings are validated by the sign-in module that reads them.
 */
export const runtimeConfigSchema = z.object({
  cardGatewayUrl: z.url({ protocol: /^https?$/ }),
  cardGatewayPublishableKey: z.string().check(z.minLength(1)),
  cognito: z.optional(z.looseObject({})),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const CONFIG_URL = '/config.json';

export const getRuntimeConfig = ({ signal }: { signal?: AbortSignal } = {}): Promise<RuntimeConfig> =>
  fetchJson(CONFIG_URL, { schema: runtimeConfigSchema, signal });

export const runtimeConfigQueryOptions = () =>
  queryOptions({ queryKey: ['runtime-config'], queryFn: getRuntimeConfig, staleTime: Infinity, gcTime: Infinity });

export const useRuntimeConfig = () => useQuery(runtimeConfigQueryOptions());
