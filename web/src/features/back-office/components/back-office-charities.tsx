import { useState } from 'react';
import { Link } from 'react-router-dom';
import { COUNTRIES } from '@giving/shared/countries';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { ScreenHeader, Toolbar } from '../../../components/ui/panel';
import { SearchBox } from '../../../components/ui/search-box';
import { LoadingBlock } from '../../../components/ui/spinner';
import { ActionsCell, Table } from '../../../components/ui/table';
import { errorMessageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useCharities } from '../api/get-charities';
import { NewCharityForm } from './new-charity-form';
import styles from './back-office.module.css';

/** /admin/backoffice/charities — every charity: search (Enter or the icon), load more, and add one. */
export function BackOfficeCharities() {
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string>();
  const charities = useCharities(query);
  const items = charities.data?.pages.flatMap((page) => page.items) ?? [];

  let list;
  if (charities.isPending) list = <LoadingBlock label="Loading charities" />;
  else if (!charities.data) {
    // A failed first page; a failed later page keeps the loaded ones and says so below them.
    list = <ErrorState title="We couldn’t load the charities" message={errorMessageOf(charities.error)} onRetry={() => void charities.refetch()} />;
  } else if (items.length === 0) {
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
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((charity) => (
              <tr key={charity.id}>
                <th scope="row" className={styles.name}>
                  {charity.name}
                </th>
                <td>{charity.charityUrl}</td>
                <td>{COUNTRIES[charity.country].name}</td>
                <td>{charity.registrationNumber ?? '—'}</td>
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
        {charities.hasNextPage ? (
          <div className={styles.more}>
            <Button variant="secondary" loading={charities.isFetchingNextPage} onClick={() => void charities.fetchNextPage()}>
              Load more
            </Button>
          </div>
        ) : null}
        {charities.isFetchNextPageError ? <FormMessage>We couldn’t load more charities: {errorMessageOf(charities.error)}</FormMessage> : null}
      </>
    );
  }

  return (
    <div className={styles.stack}>
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
    </div>
  );
}
