import { useSearchParams } from 'react-router-dom';
import { DATE_FILTERS, VOLUNTEER_SKILLS, type DateFilter } from '@giving/shared/contracts/volunteering-listing';
import type { CountryCode } from '@giving/shared/countries';
import { formatCount } from '@giving/shared/money';
import { Button } from '../../../components/ui/button';
import { CardGrid, CardGridItem } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { FormMessage } from '../../../components/ui/field';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { SelectField } from '../../../components/ui/select-field';
import { LoadingBlock } from '../../../components/ui/spinner';
import type { OpportunityFilter } from '../api/opportunities';
import { useOpportunitySearch } from '../api/search-opportunities';
import { useVisitorPosition } from '../hooks/use-visitor-position';
import { DATE_FILTER_LABELS, dateFilterChoice, needsDate } from '../schedule';
import { cardFromSearch } from '../search-card';
import { OpportunityCard } from './opportunity-card';
import { RecommendedRoles } from './recommended-roles';
import styles from './volunteering.module.css';
import { useAppForm } from '../../../lib/use-app-form';

const REMOTE_OPTIONS = [
  { value: 'true', label: 'Remote only' },
  { value: 'false', label: 'In person only' },
];
const DATE_OPTIONS = DATE_FILTERS.map((value) => ({ value, label: DATE_FILTER_LABELS[value] }));
/** The orders a visitor can choose (spec 2 §7 sort options); nearest asks the browser where the visitor is. */
const SORT_OPTIONS = [
  { value: 'soonest', label: 'Soonest first' },
  { value: 'nearest', label: 'Nearest first' },
  { value: 'newest', label: 'Newest first' },
];
const FILTER_NAMES = ['isRemote', 'location', 'dateFilter', 'date', 'skills', 'sort'] as const;

/** The list's filters live in the address (?isRemote=&location=&dateFilter=&date=&skills=), so Back and links keep them. */
export function filterFromSearch(search: URLSearchParams): OpportunityFilter {
  const filter: OpportunityFilter = {};
  const isRemote = search.get('isRemote');
  if (isRemote === 'true' || isRemote === 'false') filter.isRemote = isRemote;
  const location = search.get('location')?.trim();
  if (location) filter.location = location;
  const dateFilter = search.get('dateFilter') as DateFilter | null;
  if (dateFilter && DATE_FILTERS.includes(dateFilter)) {
    const choice = dateFilterChoice(dateFilter, search.get('date') ?? '');
    if (!('error' in choice)) Object.assign(filter, choice);
  }
  const skills = search.getAll('skills').filter((skill) => (VOLUNTEER_SKILLS as readonly string[]).includes(skill));
  if (skills.length > 0) filter.skills = skills.join(',');
  const sort = search.get('sort');
  if (sort && SORT_OPTIONS.some((option) => option.value === sort)) filter.sort = sort;
  return filter;
}

interface FilterForm {
  isRemote: string;
  location: string;
  dateFilter: DateFilter | '';
  date: string;
  skills: string[];
  sort: string;
}

function formFromFilter(filter: OpportunityFilter): FilterForm {
  return {
    isRemote: filter.isRemote ?? '',
    location: filter.location ?? '',
    dateFilter: filter.dateFilter ?? '',
    date: filter.date ?? '',
    skills: filter.skills ? filter.skills.split(',') : [],
    sort: filter.sort ?? 'soonest',
  };
}

function Filters({ filter, onApply }: { filter: OpportunityFilter; onApply: (search: URLSearchParams) => void }) {
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    setValue,
    clearErrors,
    formState: { errors },
  } = useAppForm<FilterForm>({ defaultValues: formFromFilter(filter) });
  const dateFilter = watch('dateFilter');
  const chosenSkills = watch('skills');

  // Spec 1 §5: a date that is not year-month-day, or not a real date, shows the error and clears the value.
  const submit = handleSubmit((values) => {
    clearErrors();
    const choice = dateFilterChoice(values.dateFilter, values.date);
    if ('error' in choice) {
      setError('date', { type: 'validate', message: choice.error });
      setValue('date', '');
      return;
    }
    const search = new URLSearchParams();
    if (values.isRemote) search.set('isRemote', values.isRemote);
    if (values.location.trim()) search.set('location', values.location.trim());
    if (choice.dateFilter) search.set('dateFilter', choice.dateFilter);
    if (choice.date) search.set('date', choice.date);
    for (const skill of values.skills) search.append('skills', skill);
    if (values.sort && values.sort !== 'soonest') search.set('sort', values.sort);
    onApply(search);
  });

  const clear = () => {
    reset(formFromFilter({}));
    onApply(new URLSearchParams());
  };

  return (
    <form className={styles.filters} onSubmit={(event) => void submit(event)} noValidate aria-label="Filter volunteering roles">
      <SelectField label="Remote" placeholder="Any" options={REMOTE_OPTIONS} {...register('isRemote')} />
      <TextField label="Location" placeholder="Suburb or town" {...register('location')} />
      <SelectField label="Date" placeholder="Any date" options={DATE_OPTIONS} {...register('dateFilter')} />
      <SelectField label="Sort by" options={SORT_OPTIONS} {...register('sort')} />
      {needsDate(dateFilter) ? <TextField label="On date" placeholder="YYYY-MM-DD" inputMode="numeric" error={errors.date?.message} {...register('date')} /> : null}
      <details className={styles.skills}>
        <summary>Skills{chosenSkills.length > 0 ? ` (${chosenSkills.length})` : ''}</summary>
        <fieldset>
          <legend className="visually-hidden">Skills</legend>
          {VOLUNTEER_SKILLS.map((skill) => (
            <label key={skill} className={styles.check}>
              <input type="checkbox" value={skill} {...register('skills')} />
              {skill}
            </label>
          ))}
        </fieldset>
      </details>
      <div className={styles.filterActions}>
        <Button type="submit" variant="secondary">
          Apply filters
        </Button>
        <Button variant="ghost" onClick={clear}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}

/**
 * Spec 1 §2 /{country}/volunteering: live roles from the volunteering index as cards, with filters (remote, location,
 * date, skills), the sort options (soonest, nearest to the visitor when they allow it, newest) and more pages.
 */
export function OpportunityList({ country }: { country: CountryCode }) {
  const [search, setSearch] = useSearchParams();
  const filter = filterFromSearch(search);
  const place = useVisitorPosition(filter.sort === 'nearest');
  const position = place.status === 'located' ? place.position : undefined;
  const asking = place.status === 'asking' || (filter.sort === 'nearest' && place.status === 'idle');
  const opportunities = useOpportunitySearch(country, filter, position, { enabled: !asking });
  const items = (opportunities.data?.pages.flatMap((page) => page.items) ?? []).flatMap((item) => (item.type === 'volunteeringopportunities' ? [item] : []));
  const total = opportunities.data?.pages[0]?.total;
  const filtered = FILTER_NAMES.some((name) => search.has(name) && name !== 'sort');

  let list;
  if (asking) {
    list = <LoadingBlock label="Finding roles near you" />;
  } else if (!opportunities.data) {
    list = <QueryStates query={opportunities} loading="Loading volunteering roles" failed="We couldn’t load the volunteering roles" />;
  } else if (items.length === 0) {
    list = filtered ? (
      <EmptyState title="No roles match these filters" description="Try another date, place or skill, or clear the filters." />
    ) : (
      <EmptyState title="There are no Volunteering Roles" description="Charities add new roles all the time. Please check back soon." />
    );
  } else {
    list = (
      <>
        <p className={styles.muted} aria-live="polite">
          {total === 1 ? '1 role' : `${formatCount(total ?? items.length, 'en-NZ')} roles`}
        </p>
        <CardGrid label="Volunteering roles">
          {items.map((opportunity) => (
            <CardGridItem key={opportunity.id}>
              <OpportunityCard opportunity={cardFromSearch(opportunity, country)} country={country} />
            </CardGridItem>
          ))}
        </CardGrid>
        <LoadMore query={opportunities} noun="roles" />
      </>
    );
  }

  return (
    <div className={styles.listLayout}>
      <Filters key={search.toString()} filter={filter} onApply={(next) => setSearch(next)} />
      <div className={styles.results}>
        <RecommendedRoles country={country} />
        {place.status === 'refused' ? <FormMessage tone="info">We couldn’t tell where you are, so the nearest roles can’t come first: they are sorted soonest first.</FormMessage> : null}
        {list}
      </div>
    </div>
  );
}
