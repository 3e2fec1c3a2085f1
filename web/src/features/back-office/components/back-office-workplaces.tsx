import { useState } from 'react';
import { Link } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { newWorkplaceSchema } from '@giving/shared/contracts/accounts';
import { COUNTRIES } from '@giving/shared/countries';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, RowHeader, StackedForm } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage, TextField } from '../../../components/ui/field';
import { FormActions, FormGrid, Panel, ScreenHeader } from '../../../components/ui/panel';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader } from '../../../components/ui/row-actions';
import { SelectField } from '../../../components/ui/select-field';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { ActionsCell, Table } from '../../../components/ui/table';
import { useCreateWorkplace } from '../api/create-workplace';
import { useWorkplaces } from '../api/get-workplaces';
import { COUNTRY_OPTIONS } from '../countries';
import { useAppForm } from '../../../lib/use-app-form';

type NewWorkplaceInput = z.input<typeof newWorkplaceSchema>;
type NewWorkplaceValues = z.output<typeof newWorkplaceSchema>;

/** /admin/backoffice/workplaces — every workplace, and a form to create one. */
export function BackOfficeWorkplaces() {
  const workplaces = useWorkplaces();
  const [notice, setNotice] = useState<string>();
  const items = workplaces.data?.pages.flatMap((page) => page.items) ?? [];

  let list;
  if (!workplaces.data) list = <QueryStates query={workplaces} loading="Loading workplaces" failed="We couldn’t load the workplaces" />;
  else if (items.length === 0) {
    list = <EmptyState title="No workplaces yet" description="Create the first workplace with the form above." />;
  } else {
    list = (
      <>
        <Table caption="Workplaces">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Country</th>
              <th scope="col">Members</th>
              <th scope="col">Business units</th>
              <th scope="col">Created</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {items.map((workplace) => (
              <tr key={workplace.id}>
                <RowHeader>{workplace.name}</RowHeader>
                <td>{COUNTRIES[workplace.country].name}</td>
                <td>{workplace.memberCount}</td>
                <td>{workplace.businessUnits.length}</td>
                <td>
                  <DateText value={workplace.createdAt} />
                </td>
                <ActionsCell>
                  <Link to={`/admin/workplace/${workplace.id}/dashboard`}>
                    Console<span className="visually-hidden"> of {workplace.name}</span>
                  </Link>
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
        <LoadMore query={workplaces} noun="workplaces" />
      </>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader title="Workplaces" description="Employers running workplace giving." />
      <NewWorkplaceForm onCreated={(name) => setNotice(`${name} was created.`)} />
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {list}
    </ConsoleScreen>
  );
}

function NewWorkplaceForm({ onCreated }: { onCreated: (name: string) => void }) {
  const create = useCreateWorkplace();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<NewWorkplaceInput, unknown, NewWorkplaceValues>({ resolver: zodResolver(newWorkplaceSchema), defaultValues: { name: '', country: 'nz' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await create.mutateAsync(values);
      reset({ name: '', country: values.country });
      onCreated(values.name);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, formFields(['name', 'country'])));
    }
  });

  return (
    <Panel title="Create a workplace">
      <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create a workplace">
        <FormGrid>
          <TextField label="Name" error={errors.name?.message} {...register('name')} />
          <SelectField label="Country" options={COUNTRY_OPTIONS} error={errors.country?.message} {...register('country')} />
        </FormGrid>
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        <FormActions>
          <Button type="submit" loading={isSubmitting}>
            Create workplace
          </Button>
        </FormActions>
      </StackedForm>
    </Panel>
  );
}
