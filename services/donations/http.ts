import { serviceRoute } from '@giving/shared/lambda/authorize';
import manifest from './service';

/** Every donations handler is built with this, so it enforces its manifest entry's policy. */
export const donationsRoute = serviceRoute(manifest);
