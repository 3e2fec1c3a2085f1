import { useState } from 'react';
import { Link } from 'react-router-dom';
import { COUNTRIES } from '@giving/shared/countries';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, RowHeader } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { ScreenHeader, Toolbar } from '../../../components/ui/panel';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader } from '../../../components/ui/row-actions';
import { SearchBox } from '../../../components/ui/search-box';
import { ActionsCell, Table } from '../../../components/ui/table';
import { paths } from '../../../lib/paths';
import { useCharities } from '../api/get-charities';
import { NewCharityForm } from './new-charity-form';

/** /admin/backoffice/charities — every charity: search (Enter or the icon), load more, and add one. */
export function BackOfficeCharities() {
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string>();
  const charities = useCharities(query);
  const items = charities.data?.pages.flatMap((page) => page.items) ?? [];

  let list;
  // A failed first page; a failed later page keeps the loaded ones and LoadMore says so below them.
  if (!charities.data) list = <QueryStates query={charities} loading="Loading charities" failed="We couldn’t load the charities" />;
  else if (items.length === 0) {
    list = query ? (
      <EmptyState title="No charities found" description={`Nothing matches “${query}”. Try another name.`} />
    ) : (
      <EmptyState title="No charities yet" description="Add the first charity." />
    );
  } else {
    list = (
      <>
        <Table caption={query ? `Charities matching “${query}”` : 'Charities'}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Page address</th>
              <th scope="col">Country</th>
              <th scope="col">Registration number</th>
              <th scope="col">Counts for tax</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {items.map((charity) => (
              <tr key={charity.id}>
                <RowHeader>{charity.name}</RowHeader>
                <td>{charity.charityUrl}</td>
                <td>{COUNTRIES[charity.country].name}</td>
                <td>{charity.registrationNumber ?? '—'}</td>
                <td>{charity.taxApproved ? 'Yes' : 'No'}</td>
                <ActionsCell>
                  <Link to={`/admin/charity/${charity.id}/dashboard`}>
                    Console<span className="visually-hidden"> of {charity.name}</span>
                  </Link>
                  <Link to={paths.charity(charity.country, charity.charityUrl)}>
                    Page<span className="visually-hidden"> of {charity.name}</span>
                  </Link>
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
        <LoadMore query={charities} noun="charities" />
      </>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader
        title="Charities"
        description="Every charity on the platform."
        actions={
          adding ? null : (
            <Button
              onClick={() => {
                setNotice(undefined);
                setAdding(true);
              }}
            >
              Add charity
            </Button>
          )
        }
      />
      {adding ? (
        <NewCharityForm
          onDone={(name) => {
            setAdding(false);
            if (name) setNotice(`${name} was added.`);
          }}
        />
      ) : null}
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      <Toolbar>
        <SearchBox label="Search charities" placeholder="Search by name" initialValue={query} onSearch={setQuery} />
      </Toolbar>
      {list}
    </ConsoleScreen>
  );
}
