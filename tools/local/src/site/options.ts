import { manifests } from '../../../../services';
import { createApiGateway } from '../api/gateway';
import { MEDIA_BUCKET, ORIGIN_VERIFY_SECRET } from '../config';
import { edgeRateLimiter } from '../edge/rate-limiter';
import { evidenceRecorder } from '../evidence';
import { serveObject } from '../s3';
import { DEFAULT_GUARD_EXCLUSIONS, OPTIONAL_GUARD_EXCLUSIONS, type OptionalGuardExclusion, type SiteGuardConfig } from '@giving/shared/site-guard';
import type { SiteOptions } from './server';

/** What the site needs, as plain data, so a child process can be handed it. */
export interface SiteProcessOptions extends Pick<SiteOptions, 'port' | 'webDist' | 'runtimeConfig' | 'origins' | 'siteGuard'> {
  /** Multiplies the web ACL's rate limits (shared/edge.ts); 1 is a deployment's. */
  edgeRateLimitScale: number;
  authorizer: { issuer: string; audience: string[] };
  mediaRootDir: string;
  /** Keep every API request body here (LOCAL_EVIDENCE_DIR, for the browser tests' card-number scan). */
  evidenceDir?: string;
}

export function siteServerOptions(options: SiteProcessOptions): SiteOptions {
  return {
    port: options.port,
    webDist: options.webDist,
    runtimeConfig: options.runtimeConfig,
    origins: options.origins,
    siteGuard: options.siteGuard,
    api: createApiGateway({
      manifests,
      authorizer: options.authorizer,
      ...(options.evidenceDir ? { recordRequest: evidenceRecorder(options.evidenceDir).request } : {}),
    }),
    media: (req, res, key) => serveObject(options.mediaRootDir, MEDIA_BUCKET, key, req, res),
    originVerify: ORIGIN_VERIFY_SECRET,
    rateLimits: edgeRateLimiter({ scale: options.edgeRateLimitScale }),
  };
}

/**
 * The site-wide guard from the environment: LOCAL_SITE_GUARD_DOMAINS (comma-separated host names, e.g.
 * `localhost`; unset or empty leaves the guard off) and LOCAL_SITE_GUARD_EXCLUSIONS (comma-separated, from
 * the spec's optional /api/, /api/login, /_next/, /favicon.ico; unset means DEFAULT_GUARD_EXCLUSIONS, `none` means none).
 */
export function siteGuardFromEnvironment(env: Record<string, string | undefined>): SiteGuardConfig | undefined {
  const list = (value: string | undefined) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  const domains = list(env.LOCAL_SITE_GUARD_DOMAINS).map((domain) => domain.toLowerCase());
  if (domains.length === 0) return undefined;
  const exclusions = env.LOCAL_SITE_GUARD_EXCLUSIONS === undefined ? [...DEFAULT_GUARD_EXCLUSIONS] : list(env.LOCAL_SITE_GUARD_EXCLUSIONS);
  const optionalExclusions = exclusions.filter((item) => item !== 'none');
  const unknown = optionalExclusions.filter((item) => !(OPTIONAL_GUARD_EXCLUSIONS as readonly string[]).includes(item));
  if (unknown.length > 0) {
    throw new Error(`LOCAL_SITE_GUARD_EXCLUSIONS: ${unknown.join(', ')} is not one of ${OPTIONAL_GUARD_EXCLUSIONS.join(', ')} (or none)`);
  }
  return { domains, optionalExclusions: optionalExclusions as OptionalGuardExclusion[] };
}
