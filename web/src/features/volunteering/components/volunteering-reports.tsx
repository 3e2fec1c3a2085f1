import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, RowHeader } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { StatTile, StatTiles } from '../../../components/ui/stat-tile';
import { Table } from '../../../components/ui/table';
import { useCharityApplications, useCharityVolunteerWorkplaces } from '../api/charity-applications';
import { useCharityOpportunities } from '../api/charity-opportunities';
import { volunteeringErrorMessage } from '../api/volunteering-client';
import { consoleCountry, useVolunteeringConsole } from '../hooks/use-console';
import { applicationsCsv, volunteeringReport } from '../report';
import { saveFile } from '../../../lib/save-file';
import { HoursChart } from './hours-chart';
import { VolunteeringQueryStates } from './volunteering-states';
import styles from './console.module.css';

const count = (n: number) => n.toLocaleString('en-NZ');
const hours = (n: number) => Number(n.toFixed(1)).toLocaleString('en-NZ');

/**
 * /admin/charity/:charityId/reports/volunteering-reports — the charity's volunteering: hours, applications and
 * people, hours by month (a chart), each role's figures, the workplaces whose people volunteered, and the
 * applications as a CSV file.
 */
export function VolunteeringReports() {
  const { charityId } = useVolunteeringConsole();
  const roles = useCharityOpportunities(charityId);
  const applications = useCharityApplications(charityId);
  const workplaces = useCharityVolunteerWorkplaces(charityId);
  const [downloadError, setDownloadError] = useState<string>();
  const country = consoleCountry(roles.data?.items);

  const download = () => {
    if (!applications.isSuccess) return;
    setDownloadError(undefined);
    try {
      saveFile(new Blob([applicationsCsv(applications.data.items, country)], { type: 'text/csv;charset=utf-8' }), 'volunteering.csv');
    } catch (error) {
      setDownloadError(volunteeringErrorMessage(error));
    }
  };

  const header = (
    <ScreenHeader
      title="Volunteering Reports"
      description="Hours your volunteers gave, and who applied for your roles."
      actions={
        <Button variant="secondary" disabled={!applications.isSuccess || applications.data.items.length === 0} onClick={download}>
          Download CSV
        </Button>
      }
    />
  );
  if (!applications.isSuccess) {
    return (
      <ConsoleScreen>
        {header}
        <VolunteeringQueryStates query={applications} loading="Loading the report" failed="We couldn’t load the report" />
      </ConsoleScreen>
    );
  }
  const report = volunteeringReport(applications.data.items, country);
  return (
    <ConsoleScreen>
      {header}
      {downloadError ? <FormMessage>We couldn’t make the file: {downloadError}</FormMessage> : null}
      <StatTiles label="Totals">
        <StatTile label="Hours volunteered" value={hours(report.totals.hours)} />
        <StatTile label={report.totals.applications === 1 ? 'Application' : 'Applications'} value={count(report.totals.applications)} />
        <StatTile label="Volunteers" value={count(report.totals.volunteers)} />
        <StatTile label="Completed" value={count(report.totals.completed)} />
      </StatTiles>
      <Panel title="Hours by month" description="Hours of completed applications, by the month of their session.">
        {report.hoursByMonth.length === 0 ? <EmptyState title="No hours yet" description="Hours appear once applications are completed." /> : <HoursChart series={report.hoursByMonth} />}
      </Panel>
      <Panel title="Roles">
        {report.roles.length === 0 ? (
          <EmptyState title="No applications yet" description="Applications to your roles are counted here." />
        ) : (
          <Table caption="Roles">
            <thead>
              <tr>
                <th scope="col">Role</th>
                <th scope="col" className={styles.number}>
                  Applications
                </th>
                <th scope="col" className={styles.number}>
                  Volunteers
                </th>
                <th scope="col" className={styles.number}>
                  Completed
                </th>
                <th scope="col" className={styles.number}>
                  Hours
                </th>
              </tr>
            </thead>
            <tbody>
              {report.roles.map((role) => (
                <tr key={role.opportunityId}>
                  <RowHeader>{role.title}</RowHeader>
                  <td className={styles.number}>{count(role.applications)}</td>
                  <td className={styles.number}>{count(role.volunteers)}</td>
                  <td className={styles.number}>{count(role.completed)}</td>
                  <td className={styles.number}>{hours(role.hours)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Panel>
      <Panel title="Workplaces" description="Workplaces whose people volunteered with you.">
        {!workplaces.isSuccess ? (
          <VolunteeringQueryStates query={workplaces} loading="Loading workplaces" failed="We couldn’t load the workplaces" headingLevel={3} />
        ) : workplaces.data.items.length === 0 ? (
          <EmptyState title="No workplaces yet" description="When people from a workplace volunteer with you, it shows here." />
        ) : (
          <Table caption="Workplaces">
            <thead>
              <tr>
                <th scope="col">Workplace</th>
                <th scope="col" className={styles.number}>
                  Volunteers
                </th>
                <th scope="col" className={styles.number}>
                  Applications
                </th>
                <th scope="col" className={styles.number}>
                  Hours
                </th>
              </tr>
            </thead>
            <tbody>
              {workplaces.data.items.map((workplace) => (
                <tr key={workplace.workplaceId}>
                  <RowHeader>{workplace.workplaceName}</RowHeader>
                  <td className={styles.number}>{count(workplace.volunteers)}</td>
                  <td className={styles.number}>{count(workplace.applications)}</td>
                  <td className={styles.number}>{hours(workplace.hoursVolunteered)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Panel>
    </ConsoleScreen>
  );
}
