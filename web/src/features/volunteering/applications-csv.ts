import type { Application } from '@giving/shared/contracts/volunteering';
import { toCsv } from '@giving/shared/csv';
import { csvDay } from '@giving/shared/local-time';
import { APPLICATION_STATUS_LABELS } from './volunteering-text';

/**
 * The applications as CSV (one row each), for the report's download; reports across charities name each row's charity.
 * Apart from the report's figures (report.ts): the report screen loads it, and the CSV library, when someone downloads.
 */
export function applicationsCsv(applications: readonly Application[], options: { withCharity?: boolean } = {}): string {
  const charity = (name: string) => (options.withCharity ? [name] : []);
  const header = ['Session date', ...charity('Charity'), 'Role', 'Volunteer', 'E-mail', 'Applied as', 'Team', 'Places', 'Status', 'Hours'];
  const rows = applications.map((application) => [
    // Each session's day in its charity's country: the one rule for dates in files.
    csvDay(application.session.startsAt, application.country),
    ...charity(application.charity.name),
    application.opportunity.title,
    `${application.applicant.firstName} ${application.applicant.lastName}`.trim(),
    application.applicant.email,
    application.applicationType,
    application.teamName ?? '',
    application.seats,
    APPLICATION_STATUS_LABELS[application.status],
    application.hours?.totalHours ?? '',
  ]);
  return toCsv(header, rows);
}
