import { personalDataEraser, personalDataGatherer } from '@giving/shared/lambda/personal-data';
import { deps, memberMatches } from '../adapters';
import { collectPersonalData, erasePersonalData } from '../domain/personal-data';

/** PersonalDataExportRequested -> the member's matched donations, campaign totals and membership copies. */
export const gather = personalDataGatherer('matching', (member) => collectPersonalData({ ...deps(), matches: memberMatches() }, member));

/** MemberErasureRequested -> the member's copies and running totals deleted, what was matched kept without them. */
export const erase = personalDataEraser('matching', (member) => erasePersonalData({ ...deps(), matches: memberMatches() }, member));
