import { EmptyState } from '../../../components/ui/empty-state';
import { Panel } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { useCharityApplications, useCharityVolunteerWorkplaces } from '../api/charity-applications';
import { useVolunteeringConsole } from '../hooks/use-console';
import { count, FiguresTable, hours, VolunteeringReport } from './volunteering-report';

type VolunteerWorkplace = { volunteers: number; applications: number; hoursVolunteered: number };
const WORKPLACE_COLUMNS: readonly { label: string; value: (workplace: VolunteerWorkplace) => string }[] = [
  { label: 'Volunteers', value: (workplace) => count(workplace.volunteers) },
  { label: 'Applications', value: (workplace) => count(workplace.applications) },
  { label: 'Hours', value: (workplace) => hours(workplace.hoursVolunteered) },
];

/**
 * /admin/charity/:charityId/reports/volunteering-reports — the charity's volunteering: the report (hours,
 * applications, people, hours by month, each role, CSV), and the workplaces whose people volunteered.
 */
export function VolunteeringReports() {
  const { charityId } = useVolunteeringConsole();
  const applications = useCharityApplications(charityId);
  const workplaces = useCharityVolunteerWorkplaces(charityId);
  return (
    <VolunteeringReport
      title="Volunteering Reports"
      description="Hours your volunteers gave, and who applied for your roles."
      applications={applications}
      noApplications="Applications to your roles are counted here."
    >
      <Panel title="Workplaces" description="Workplaces whose people volunteered with you.">
        {!workplaces.isSuccess ? (
          <QueryStates query={workplaces} loading="Loading workplaces" failed="We couldn’t load the workplaces" headingLevel={3} />
        ) : workplaces.data.items.length === 0 ? (
          <EmptyState title="No workplaces yet" description="When people from a workplace volunteer with you, it shows here." />
        ) : (
          <FiguresTable
            caption="Workplaces"
            first="Workplace"
            rows={workplaces.data.items}
            rowKey={(workplace) => workplace.workplaceId}
            name={(workplace) => workplace.workplaceName}
            columns={WORKPLACE_COLUMNS}
          />
        )}
      </Panel>
    </VolunteeringReport>
  );
}
