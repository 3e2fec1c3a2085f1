import { useState } from 'react';
import type { BackOfficeVolunteeringReportQuery } from '@giving/shared/contracts/volunteering';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Panel, Toolbar } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { useBackOfficeVolunteeringReport } from '../api/reports';
import { VolunteeringReport } from './volunteering-report';

/**
 * /admin/backoffice/reports/volunteering-reports — the platform's volunteering, optionally one charity's and between
 * two session days: hours, applications, a line per charity and per role, hours by month, CSV.
 */
export function BackOfficeVolunteeringReports() {
  const [filters, setFilters] = useState<BackOfficeVolunteeringReportQuery>({});
  const invertedRange = Boolean(filters.from && filters.to && filters.from > filters.to);
  // While the end is before the start, the field says so and the report keeps to the start date alone.
  const applications = useBackOfficeVolunteeringReport(invertedRange ? { ...filters, to: undefined } : filters);
  // The charities to choose from: those with applications at all (the unfiltered report, read once and kept).
  const everything = useBackOfficeVolunteeringReport({});
  const charities = new Map((everything.data?.items ?? []).map((application) => [application.charity.id, application.charity.name]));
  const set = (change: Partial<BackOfficeVolunteeringReportQuery>) => setFilters((current) => ({ ...current, ...change }));

  const filterBar = (
    <Panel>
      <Toolbar label="Filter the report">
        <SelectField
          label="Charity"
          placeholder="All charities"
          value={filters.charityId ?? ''}
          options={[...charities].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label))}
          onChange={(event) => set({ charityId: event.target.value || undefined })}
        />
        <TextField label="Sessions from" type="date" value={filters.from ?? ''} onChange={(event) => set({ from: event.target.value || undefined })} />
        <TextField
          label="Sessions to"
          type="date"
          value={filters.to ?? ''}
          error={invertedRange ? 'The end date must not be before the start date.' : undefined}
          onChange={(event) => set({ to: event.target.value || undefined })}
        />
        <Button variant="secondary" disabled={!filters.charityId && !filters.from && !filters.to} onClick={() => setFilters({})}>
          Clear filters
        </Button>
      </Toolbar>
    </Panel>
  );
  return (
    <VolunteeringReport
      title="Volunteering Reports"
      description="Volunteering across the platform: hours given, applications, charities and roles."
      applications={applications}
      acrossCharities
      noApplications={filters.charityId || filters.from || filters.to ? 'No applications match these filters.' : 'Applications to every charity’s roles are counted here.'}
      filters={filterBar}
    />
  );
}
