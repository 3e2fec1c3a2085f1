import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { newWorkplaceSchema } from '@giving/shared/contracts/accounts';
import { COUNTRIES } from '@giving/shared/countries';
import { Button } from '../../../components/ui/button';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { FormMessage, TextField } from '../../../components/ui/field';
import { FormActions, FormGrid, Panel, ScreenHeader } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { LoadingBlock } from '../../../components/ui/spinner';
import { ActionsCell, Table } from '../../../components/ui/table';
import { errorMessageOf } from '../../../lib/api-client';
import { useCreateWorkplace } from '../api/create-workplace';
import { useWorkplaces } from '../api/get-workplaces';
import { COUNTRY_OPTIONS } from '../countries';
import styles from './back-office.module.css';

type NewWorkplaceInput = z.input<typeof newWorkplaceSchema>;
type NewWorkplaceValues = z.output<typeof newWorkplaceSchema>;

/** /admin/backoffice/workplaces — every workplace, and a form to create one. */
export function BackOfficeWorkplaces() {
  const workplaces = useWorkplaces();
  const [notice, setNotice] = useState<string>();
  const items = workplaces.data?.pages.flatMap((page) => page.items) ?? [];

  let list;
  if (workplaces.isPending) list = <LoadingBlock label="Loading workplaces" />;
  else if (!workplaces.data) {
    list = <ErrorState title="We couldn’t load the workplaces" message={errorMessageOf(workplaces.error)} onRetry={() => void workplaces.refetch()} />;
  } else if (items.length === 0) {
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
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((workplace) => (
              <tr key={workplace.id}>
                <th scope="row" className={styles.name}>
                  {workplace.name}
                </th>
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
        {workplaces.hasNextPage ? (
          <div className={styles.more}>
            <Button variant="secondary" loading={workplaces.isFetchingNextPage} onClick={() => void workplaces.fetchNextPage()}>
              Load more
            </Button>
          </div>
        ) : null}
        {workplaces.isFetchNextPageError ? <FormMessage>We couldn’t load more workplaces: {errorMessageOf(workplaces.error)}</FormMessage> : null}
      </>
    );
  }

  return (
    <div className={styles.stack}>
      <ScreenHeader title="Workplaces" description="Employers running workplace giving." />
      <NewWorkplaceForm onCreated={(name) => setNotice(`${name} was created.`)} />
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {list}
    </div>
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
  } = useForm<NewWorkplaceInput, unknown, NewWorkplaceValues>({ resolver: zodResolver(newWorkplaceSchema), defaultValues: { name: '', country: 'nz' } });

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
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create a workplace">
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
      </form>
    </Panel>
  );
}
