import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { CountryCode } from '@giving/shared/countries';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { ActionsCell, Table } from '../../../components/ui/table';
import { errorMessageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useAddWorkplaceCharity } from '../api/add-workplace-charity';
import { useCountryCharities } from '../api/get-country-charities';
import { useWorkplace } from '../api/get-workplace';
import { useWorkplaceCharities, type WorkplaceCharityList } from '../api/get-workplace-charities';
import { useRemoveWorkplaceCharity } from '../api/remove-workplace-charity';
import { useWorkplaceCan, useWorkplaceId } from '../hooks/use-workplace';
import styles from './workplace-console.module.css';

type SupportedCharity = WorkplaceCharityList['items'][number];

/** /admin/workplace/:workplaceId/charities — the charities the workplace supports; add from the country's charities. */
export function WorkplaceCharities() {
  const workplaceId = useWorkplaceId();
  const workplace = useWorkplace(workplaceId);
  const charities = useWorkplaceCharities(workplaceId);
  const canManage = useWorkplaceCan({ anyOf: ['Workplace_ManageCharities'] });
  const remove = useRemoveWorkplaceCharity(workplaceId);
  const [removing, setRemoving] = useState<SupportedCharity | null>(null);
  const [notice, setNotice] = useState<string>();
  const country = workplace.data?.country;

  let list;
  if (charities.isPending) list = <LoadingBlock label="Loading charities" />;
  else if (charities.isError) {
    list = <ErrorState title="We couldn’t load your charities" message={errorMessageOf(charities.error)} onRetry={() => void charities.refetch()} />;
  } else if (charities.data.items.length === 0) {
    list = (
      <EmptyState
        title="No supported charities yet"
        description={canManage ? 'Choose the charities your people can give to through payroll.' : 'Your workplace hasn’t chosen any charities yet.'}
      />
    );
  } else {
    list = (
      <Table caption="Supported charities">
        <thead>
          <tr>
            <th scope="col">Charity</th>
            <th scope="col">Added</th>
            {canManage ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {charities.data.items.map((charity) => (
            <tr key={charity.charityId}>
              <th scope="row">
                <span className={styles.charity}>
                  {charity.logoImageUrl ? <img src={charity.logoImageUrl} alt="" className={styles.charityLogo} /> : null}
                  {country ? <Link to={paths.charity(country, charity.charityUrl)}>{charity.name}</Link> : charity.name}
                </span>
              </th>
              <td>
                <DateText value={charity.addedAt} />
              </td>
              {canManage ? (
                <ActionsCell>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      remove.reset();
                      setRemoving(charity);
                    }}
                  >
                    Remove<span className="visually-hidden"> {charity.name}</span>
                  </Button>
                </ActionsCell>
              ) : null}
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <div className={styles.stack}>
      <ScreenHeader title="Charities" description="The charities your people can support through workplace giving." />
      {canManage && country ? (
        <AddCharity workplaceId={workplaceId} country={country} supported={charities.data?.items ?? []} onAdded={(name) => setNotice(`${name} was added.`)} />
      ) : null}
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {list}
      <ConfirmDialog
        open={removing !== null}
        title="Remove charity?"
        confirmLabel="Remove charity"
        busy={remove.isPending}
        error={remove.isError ? errorMessageOf(remove.error) : undefined}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.charityId, {
            onSuccess: () => {
              setNotice(`${removing.name} was removed.`);
              setRemoving(null);
            },
          });
        }}
      >
        {removing ? `Your people will no longer see ${removing.name} among your workplace’s charities.` : null}
      </ConfirmDialog>
    </div>
  );
}

function AddCharity({
  workplaceId,
  country,
  supported,
  onAdded,
}: {
  workplaceId: string;
  country: CountryCode;
  supported: readonly SupportedCharity[];
  onAdded: (name: string) => void;
}) {
  const available = useCountryCharities(country);
  const add = useAddWorkplaceCharity(workplaceId);
  const [charityId, setCharityId] = useState('');
  const [error, setError] = useState<string>();
  const supportedIds = new Set(supported.map((charity) => charity.charityId));
  const options = (available.data?.items ?? []).filter((charity) => !supportedIds.has(charity.id)).map((charity) => ({ value: charity.id, label: charity.name }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = available.data?.items.find((charity) => charity.id === charityId);
    if (!chosen) {
      setError('Choose a charity.');
      return;
    }
    setError(undefined);
    add.mutate(chosen.id, {
      onSuccess: () => {
        setCharityId('');
        onAdded(chosen.name);
      },
      onError: (failure) => setError(errorMessageOf(failure)),
    });
  };

  return (
    <Panel title="Add a charity">
      {available.isError ? (
        <FormMessage>We couldn’t load the charities to choose from: {errorMessageOf(available.error)}</FormMessage>
      ) : (
        <form className={styles.addCharity} onSubmit={submit} noValidate aria-label="Add a charity">
          <SelectField
            label="Charity"
            placeholder={available.isPending ? 'Loading charities…' : options.length === 0 ? 'Every charity is already supported' : 'Choose a charity'}
            options={options}
            value={charityId}
            disabled={available.isPending || options.length === 0}
            error={error}
            onChange={(event) => setCharityId(event.target.value)}
          />
          <Button type="submit" loading={add.isPending} disabled={options.length === 0}>
            Add charity
          </Button>
        </form>
      )}
    </Panel>
  );
}
