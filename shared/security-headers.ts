/**
 * The site's security headers, one definition for CloudFront's response-headers policy (infra/) and the
 * local origin (tools/local/). The card gateway is the only other origin we frame; Cognito and the download buckets
 * are the only other origins the SPA talks to.
 */
export interface SecurityHeaderOrigins {
  cardGatewayOrigin: string;
  cognitoOrigin?: string;
  /**
   * Where a large download is fetched from: the API answers a file over 4 MB with a 303 to a signed address in one of
   * the download buckets (shared/download-cors.ts), and fetch follows it only where connect-src allows.
   */
  downloadOrigins?: string[];
  extraImageOrigins?: string[];
  /** index.html's inline scripts, by hash (shared/inline-scripts.ts): allowed beside the site's own files. */
  scriptHashes?: string[];
}

export function contentSecurityPolicy(origins: SecurityHeaderOrigins): string {
  const connect = ["'self'", origins.cognitoOrigin, ...(origins.downloadOrigins ?? [])].filter(Boolean).join(' ');
  const images = ["'self'", 'data:', ...(origins.extraImageOrigins ?? [])].join(' ');
  return [
    "default-src 'self'",
    ["script-src 'self'", ...(origins.scriptHashes ?? [])].join(' '),
    // Inline style attributes are refused; React sets styles through the CSSOM, which CSP allows.
    "style-src 'self'",
    `img-src ${images}`,
    "font-src 'self'",
    `connect-src ${connect}`,
    `frame-src ${origins.cardGatewayOrigin}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function securityHeaders(origins: SecurityHeaderOrigins, options: { hsts?: boolean } = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(origins),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
    ...(options.hsts === false ? {} : { 'strict-transport-security': 'max-age=63072000; includeSubDomains; preload' }),
  };
}

/**
 * Uploaded media (logos, gift and role pictures) share the site's origin, so they are served sandboxed: an uploaded
 * SVG or HTML file cannot run script there. Like every other response they can never be framed.
 */
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

/** The site's headers with the media policy in place of the site's CSP: CloudFront's /media/* behaviour and the local origin. */
export function mediaSecurityHeaders(origins: SecurityHeaderOrigins, options: { hsts?: boolean } = {}): Record<string, string> {
  return { ...securityHeaders(origins, options), 'content-security-policy': MEDIA_CONTENT_SECURITY_POLICY };
}
