import { systemClock } from '@giving/shared/clock';
import { personalDataEraser, personalDataGatherer } from '@giving/shared/lambda/personal-data';
import { memberData, store } from '../adapters';
import { collectFundraisingData, eraseFundraisingData } from '../domain/personal-data';

const personalDataDeps = () => ({ store: store(), memberData: memberData(), clock: systemClock });

/** PersonalDataExportRequested -> fundraising's part of the member's export (personal-data bucket) -> PersonalDataGathered.fundraising. */
export const gather = personalDataGatherer('fundraising', (member) => collectFundraisingData(personalDataDeps(), member));

/**
 * MemberErasureRequested -> fundraising erases the member's data (or keeps it without them) -> PersonalDataErased.fundraising.
 * Each page and event it changes is a stored version like any edit: publish-documents tells search (PageModified, EventModified).
 */
export const erase = personalDataEraser('fundraising', (member) => eraseFundraisingData(personalDataDeps(), member));
