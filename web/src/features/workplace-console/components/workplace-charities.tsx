import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import * as z from 'zod/mini';
import type { CountryCode } from '@giving/shared/countries';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConsoleScreen } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader, RowAction, useConfirmedAction } from '../../../components/ui/row-actions';
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
import { useAppForm } from '../../../lib/use-app-form';

type SupportedCharity = WorkplaceCharityList['items'][number];

const CHOOSE_A_CHARITY = 'Choose a charity.';
const addCharitySchema = z.object({ charityId: z.string().check(z.minLength(1, CHOOSE_A_CHARITY)) });
type AddCharityValues = z.infer<typeof addCharitySchema>;

/** /admin/workplace/:workplaceId/charities — the charities the workplace supports; add from the country's charities. */
export function WorkplaceCharities() {
  const workplaceId = useWorkplaceId();
  const workplace = useWorkplace(workplaceId);
  const charities = useWorkplaceCharities(workplaceId);
  const canManage = useWorkplaceCan({ anyOf: ['Workplace_ManageCharities'] });
  const [notice, setNotice] = useState<string>();
  const removal = useConfirmedAction(useRemoveWorkplaceCharity(workplaceId), {
    variables: (charity: SupportedCharity) => charity.charityId,
    onDone: (charity) => setNotice(`${charity.name} was removed.`),
  });
  const country = workplace.data?.country;

  let list;
  if (!charities.isSuccess) list = <QueryStates query={charities} loading="Loading charities" failed="We couldn’t load your charities" />;
  else if (charities.data.items.length === 0) {
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
            {canManage ? <ActionsHeader /> : null}
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
                  <RowAction label="Remove" target={charity.name} onClick={() => removal.ask(charity)} />
                </ActionsCell>
              ) : null}
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader title="Charities" description="The charities your people can support through workplace giving." />
      {canManage && country ? (
        <AddCharity workplaceId={workplaceId} country={country} supported={charities.data?.items ?? []} onAdded={(name) => setNotice(`${name} was added.`)} />
      ) : null}
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {list}
      <ConfirmDialog {...removal.dialog} title="Remove charity?" confirmLabel="Remove charity">
        {removal.item ? `Your people will no longer see ${removal.item.name} among your workplace’s charities.` : null}
      </ConfirmDialog>
    </ConsoleScreen>
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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useAppForm<AddCharityValues>({ resolver: zodResolver(addCharitySchema), defaultValues: { charityId: '' } });
  const supportedIds = new Set(supported.map((charity) => charity.charityId));
  const options = (available.data?.items ?? []).filter((charity) => !supportedIds.has(charity.id)).map((charity) => ({ value: charity.id, label: charity.name }));

  const submit = handleSubmit(({ charityId }) => {
    const chosen = available.data?.items.find((charity) => charity.id === charityId);
    if (!chosen) {
      setError('charityId', { type: 'validate', message: CHOOSE_A_CHARITY });
      return;
    }
    add.mutate(chosen.id, {
      onSuccess: () => {
        reset();
        onAdded(chosen.name);
      },
      onError: (failure) => setError('charityId', { type: 'server', message: errorMessageOf(failure) }),
    });
  });

  return (
    <Panel title="Add a charity">
      {available.isError ? (
        <FormMessage>We couldn’t load the charities to choose from: {errorMessageOf(available.error)}</FormMessage>
      ) : (
        <form className={styles.addCharity} onSubmit={(event) => void submit(event)} noValidate aria-label="Add a charity">
          <SelectField
            label="Charity"
            placeholder={available.isPending ? 'Loading charities…' : options.length === 0 ? 'Every charity is already supported' : 'Choose a charity'}
            options={options}
            disabled={available.isPending || options.length === 0}
            error={errors.charityId?.message}
            {...register('charityId')}
          />
          <Button type="submit" loading={add.isPending} disabled={options.length === 0}>
            Add charity
          </Button>
        </form>
      )}
    </Panel>
  );
}
