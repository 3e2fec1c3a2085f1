import { serviceRoute } from '@giving/shared/lambda/authorize';
import { permissionSource } from './adapters';
import manifest from './service';

/** Every accounts handler is built with this, so it enforces its manifest entry's policy (permissions from this table). */
export const accountsRoute = serviceRoute(manifest, permissionSource);
