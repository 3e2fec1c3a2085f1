import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@giving/shared/runtime-config';
import { fetchJson } from './api-client';

/** The user pool the SPA signs in to; `endpoint` points Amplify at a stand-in (cognito-local) instead of AWS. */
export const cognitoConfigSchema = z.object({
  region: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.minLength(1)),
  userPoolClientId: z.string().check(z.minLength(1)),
  endpoint: z.optional(z.url({ protocol: /^https?$/ })),
});
export type CognitoConfig = z.infer<typeof cognitoConfigSchema>;

/** Runtime configuration served beside the SPA (/config.json), so one build runs in every environment. */
export const runtimeConfigSchema = z.object({
  cardGatewayUrl: z.url({ protocol: /^https?$/ }),
  cardGatewayPublishableKey: z.string().check(z.minLength(1)),
  /** Absent: nobody can sign in (the Login button still shows, and says so). */
  cognito: z.optional(cognitoConfigSchema),
  /** Spec §2 Account: when set, Login goes to this single-sign-in address (https, or a path here) instead of the login form. */
  singleSignInUrl: z.optional(z.string().check(z.regex(/^(https?:\/\/[^\s]+|\/(?![/\\])[^\s]*)$/))),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const CONFIG_URL = '/config.json';

/** The configuration the origin wrote into index.html (shared/runtime-config.ts), if it is there and valid. */
export function embeddedRuntimeConfig(): RuntimeConfig | undefined {
  const text = typeof document === 'undefined' ? undefined : document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = runtimeConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** From index.html when the origin put it there (no round trip before the first screen), else from /config.json. */
export const getRuntimeConfig = ({ signal }: { signal?: AbortSignal } = {}): Promise<RuntimeConfig> => {
  const embedded = embeddedRuntimeConfig();
  return embedded ? Promise.resolve(embedded) : fetchJson(CONFIG_URL, { schema: runtimeConfigSchema, signal });
};

export const runtimeConfigQueryOptions = () =>
  queryOptions({ queryKey: ['runtime-config'], queryFn: getRuntimeConfig, initialData: embeddedRuntimeConfig, staleTime: Infinity, gcTime: Infinity });

export const useRuntimeConfig = () => useQuery(runtimeConfigQueryOptions());
