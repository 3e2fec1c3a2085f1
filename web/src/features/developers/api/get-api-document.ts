import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

/**
 * The parts of the API's OpenAPI 3.1 document (GET /api/openapi.json, written by `npm run openapi`) that the reference
 * page shows. JSON Schemas stay plain objects: the page walks them itself.
 */
const jsonObject = z.record(z.string(), z.unknown());
export type JsonSchema = z.infer<typeof jsonObject>;

const ref = z.object({ $ref: z.string() });
const parameterSchema = z.object({
  name: z.string(),
  in: z.string(),
  required: z.optional(z.boolean()),
  description: z.optional(z.string()),
  schema: z.optional(jsonObject),
});
export type ApiParameter = z.infer<typeof parameterSchema>;

const authSchema = z.object({
  kind: z.enum(['public', 'signedIn']),
  anyOf: z.optional(z.array(z.string())),
  allOf: z.optional(z.array(z.string())),
  tenant: z.optional(z.object({ kind: z.string(), param: z.string() })),
  deniedAs: z.optional(z.string()),
});
export type ApiAuth = z.infer<typeof authSchema>;

const mediaSchema = z.record(z.string(), z.object({ schema: z.optional(jsonObject) }));
const responseSchema = z.object({ description: z.string(), content: z.optional(mediaSchema) });
export type ApiResponse = z.infer<typeof responseSchema>;

const operationSchema = z.object({
  operationId: z.string(),
  tags: z.array(z.string()),
  summary: z.string(),
  description: z.optional(z.string()),
  'x-koha-auth': authSchema,
  parameters: z.optional(z.array(z.union([ref, parameterSchema]))),
  requestBody: z.optional(z.object({ required: z.optional(z.boolean()), content: mediaSchema })),
  responses: z.record(z.string(), z.union([ref, responseSchema])),
});
export type ApiOperation = z.infer<typeof operationSchema>;

export const apiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.optional(z.string()) }),
  tags: z.array(z.object({ name: z.string(), description: z.optional(z.string()) })),
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
  components: z.object({
    schemas: z.record(z.string(), jsonObject),
    parameters: z.record(z.string(), parameterSchema),
    responses: z.record(z.string(), responseSchema),
  }),
});
export type ApiDocument = z.infer<typeof apiDocumentSchema>;

/** Where integrators fetch the document itself. */
export const API_DOCUMENT_PATH = '/openapi.json';

export const getApiDocument = ({ signal }: { signal?: AbortSignal }): Promise<ApiDocument> => api.get(API_DOCUMENT_PATH, apiDocumentSchema, { signal });

/** The document changes only with a deployment. */
export const apiDocumentQueryOptions = () => queryOptions({ queryKey: ['openapi'], queryFn: ({ signal }) => getApiDocument({ signal }), staleTime: 5 * 60_000 });

export const useApiDocument = () => useQuery(apiDocumentQueryOptions());
