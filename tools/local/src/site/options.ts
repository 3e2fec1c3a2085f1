import { manifests } from '../../../../services';
import { createApiGateway } from '../api/gateway';
import { MEDIA_BUCKET } from '../config';
import { serveObject } from '../s3';
import type { SiteOptions } from './server';

/** What the site needs, as plain data, so a child process can be handed it. */
export interface SiteProcessOptions extends Pick<SiteOptions, 'port' | 'webDist' | 'runtimeConfig' | 'origins'> {
  authorizer: { issuer: string; audience: string[] };
  mediaRootDir: string;
}

export function siteServerOptions(options: SiteProcessOptions): SiteOptions {
  return {
    port: options.port,
    webDist: options.webDist,
    runtimeConfig: options.runtimeConfig,
    origins: options.origins,
    api: createApiGateway({ manifests, authorizer: options.authorizer }),
    media: (req, res, key) => serveObject(options.mediaRootDir, MEDIA_BUCKET, key, req, res),
  };
}
