import { personalDataEraser, personalDataGatherer } from '@giving/shared/lambda/personal-data';
import { deps, memberRecords } from '../adapters';
import { collectPersonalData, erasePersonalData } from '../domain/personal-data';

/** PersonalDataExportRequested -> the member's workplace-giving records, as their part of "Download my data". */
export const gather = personalDataGatherer('workplace', (member) => collectPersonalData({ ...deps(), records: memberRecords() }, member));

/** MemberErasureRequested -> the member's copies deleted, their pledges ended, the payroll and report records kept without them. */
export const erase = personalDataEraser('workplace', (member) => erasePersonalData({ ...deps(), records: memberRecords() }, member));
