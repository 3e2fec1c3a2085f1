import type { ServiceManifest } from '@giving/shared/manifest';
import accounts from './accounts/service';
import donations from './donations/service';
import fundraising from './fundraising/service';
import matching from './matching/service';
import search from './search/service';
import volunteering from './volunteering/service';
import workplace from './workplace/service';

/** Every service manifest. The CDK app, the local platform and the tests read this list. */
export const manifests: readonly ServiceManifest[] = [accounts, donations, workplace, volunteering, fundraising, matching, search];
