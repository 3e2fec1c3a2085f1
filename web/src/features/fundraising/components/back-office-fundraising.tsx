import { useState } from 'react';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@giving/shared/countries';
import { satisfies } from '@giving/shared/permissions';
import { ConsoleScreen } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { NoticeMessage, type Notice } from '../../../components/ui/form-notice';
import { Panel, ScreenHeader, Toolbar } from '../../../components/ui/panel';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { SearchBox } from '../../../components/ui/search-box';
import { SelectField } from '../../../components/ui/select-field';
import { Tabs } from '../../../components/ui/tabs';
import { usePermissions } from '../../../lib/account';
import { errorMessageOf } from '../../../lib/api-client';
import { useBackOfficeEvents } from '../api/get-back-office-events';
import { useBackOfficePages } from '../api/get-back-office-pages';
import { useToggleBackOfficeEvent } from '../api/toggle-back-office-event';
import { useToggleBackOfficePage } from '../api/toggle-back-office-page';
import { FundraisingTable, type ConsoleRow } from './console-table';

const TABS = [
  { value: 'events', label: 'Events' },
  { value: 'pages', label: 'Pages' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: COUNTRIES[code].name }));

/**
 * /admin/backoffice/fundraising (spec 1 §2): every event and page of a country, online and offline, found by title,
 * charity or owner; those with BackOffice_ManageFundraising take them on- or offline.
 */
export function BackOfficeFundraising() {
  const [country, setCountry] = useState<CountryCode>('nz');
  const [q, setQ] = useState('');
  const [tab, setTab] = useState<Tab>('events');
  const [notice, setNotice] = useState<Notice>();
  const events = useBackOfficeEvents(country, q, { enabled: tab === 'events' });
  const pages = useBackOfficePages(country, q, { enabled: tab === 'pages' });
  const toggleEvent = useToggleBackOfficeEvent();
  const togglePage = useToggleBackOfficePage();
  const permissions = usePermissions();
  const canManage = permissions.isSuccess && satisfies(permissions.data.permissions, { anyOf: ['BackOffice_ManageFundraising'] });

  const toggle = (row: ConsoleRow) => {
    setNotice(undefined);
    const isOnline = !row.item.isOnline;
    const change = row.type === 'event' ? toggleEvent.mutateAsync({ eventId: row.item.id, isOnline }) : togglePage.mutateAsync({ pageId: row.item.id, isOnline });
    change.then(
      () => setNotice({ tone: 'info', text: `“${row.item.title}” is now ${isOnline ? 'online' : 'offline'}.` }),
      (error: unknown) => setNotice({ tone: 'error', text: errorMessageOf(error) }),
    );
  };

  const query = tab === 'events' ? events : pages;
  const rows: ConsoleRow[] =
    tab === 'events'
      ? (events.data?.pages.flatMap((page) => page.items) ?? []).map((item) => ({ type: 'event', item }))
      : (pages.data?.pages.flatMap((page) => page.items) ?? []).map((item) => ({ type: 'page', item }));
  const noun = tab === 'events' ? 'events' : 'pages';
  let list;
  if (!query.data) list = <QueryStates query={query} loading={`Loading ${noun}`} failed={`We couldn’t load the ${noun}`} />;
  else if (rows.length === 0) list = <EmptyState title={`No ${noun}`} description={q ? `No ${noun} match this search.` : undefined} />;
  else
    list = (
      <>
        <FundraisingTable caption={tab === 'events' ? 'Events' : 'Pages'} rows={rows} onToggle={canManage ? toggle : undefined} />
        <LoadMore query={query} noun={noun} />
      </>
    );

  return (
    <ConsoleScreen>
      <ScreenHeader title="Fundraising" description="Every fundraising event and page, online and offline." />
      <NoticeMessage notice={notice} />
      <Panel>
        <Toolbar label="Find fundraising">
          <SelectField label="Country" options={COUNTRY_OPTIONS} value={country} onChange={(event) => setCountry(event.target.value as CountryCode)} />
          <SearchBox label="Search fundraising" placeholder="Title, charity or owner" initialValue={q} onSearch={setQ} />
        </Toolbar>
        <Tabs label="Show" items={TABS} value={tab} onChange={(next) => (setNotice(undefined), setTab(next))}>
          {list}
        </Tabs>
      </Panel>
    </ConsoleScreen>
  );
}
