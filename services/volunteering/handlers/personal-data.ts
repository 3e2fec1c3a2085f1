import { systemClock } from '@giving/shared/clock';
import { newId } from '@giving/shared/ids';
import { personalDataEraser, personalDataGatherer } from '@giving/shared/lambda/personal-data';
import { applications, memberData, reference } from '../adapters';
import { collectVolunteeringData, eraseVolunteeringData } from '../domain/personal-data';

const personalDataDeps = () => ({ applications: applications(), reference: reference(), memberData: memberData(), clock: systemClock, newId: () => newId() });

/** PersonalDataExportRequested -> volunteering's part of the member's export (personal-data bucket) -> PersonalDataGathered.volunteering. */
export const gather = personalDataGatherer('volunteering', (member) => collectVolunteeringData(personalDataDeps(), member));

/** MemberErasureRequested -> volunteering erases the member's data (or keeps it without them) -> PersonalDataErased.volunteering. */
export const erase = personalDataEraser('volunteering', (member) => eraseVolunteeringData(personalDataDeps(), member));
