/**
 * The CORS rule of the buckets the API sends a large download to. The SPA fetches a download with the member's ID
 * token (the API has no cookie session); a file over the API's 4 MB answer comes as a 303 to a short-lived signed
 * address in the bucket, which fetch follows from the site's origin, so the bucket must allow that origin to read it
 * (and let the SPA see the file's name). The signed address is the only credential: no cookies travel, and no
 * method but reading is allowed.
 */
export interface DownloadCorsRule {
  readonly allowedOrigins: readonly string[];
  readonly allowedMethods: readonly ('GET' | 'HEAD')[];
  readonly allowedHeaders: readonly string[];
  readonly exposedHeaders: readonly string[];
  readonly maxAgeSeconds: number;
}

/** The rule for these origins (a deployment's site; '*' where the site's address is not known when it is built). */
export const downloadCors = (allowedOrigins: readonly string[]): DownloadCorsRule => ({
  allowedOrigins: allowedOrigins.length > 0 ? allowedOrigins : ['*'],
  allowedMethods: ['GET', 'HEAD'],
  allowedHeaders: ['*'],
  exposedHeaders: ['Content-Disposition', 'Content-Length', 'Content-Type', 'ETag'],
  maxAgeSeconds: 3600,
});
