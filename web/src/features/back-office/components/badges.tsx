import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { newBadgeSchema, type Badge } from '@giving/shared/contracts/accounts';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConsoleScreen, RowHeader, StackedForm } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage, TextField } from '../../../components/ui/field';
import { FormActions, FormGrid, Panel, ScreenHeader, wide } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader, RowAction, useConfirmedAction } from '../../../components/ui/row-actions';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { ActionsCell, Table } from '../../../components/ui/table';
import { useCreateBadge } from '../api/create-badge';
import { useDeleteBadge } from '../api/delete-badge';
import { useBadges } from '../api/get-badges';
import { numberText } from '../number-text';
import styles from './back-office.module.css';
import { useAppForm } from '../../../lib/use-app-form';

/** The donation count is typed as text; the API's own rule then checks the number. */
const badgeFormSchema = z.extend(newBadgeSchema, {
  donationCount: numberText(newBadgeSchema.shape.donationCount, MESSAGES.invalidInput),
});
type BadgeInput = z.input<typeof badgeFormSchema>;
type BadgeValues = z.output<typeof badgeFormSchema>;

/** /admin/backoffice/badges — badge definitions: create, and retire (badges already awarded stay). */
export function Badges() {
  const badges = useBadges();
  const [notice, setNotice] = useState<string>();
  const removal = useConfirmedAction(useDeleteBadge(), {
    variables: (badge: Badge) => badge.id,
    onDone: (badge) => setNotice(`${badge.name} was deleted.`),
  });

  let list;
  if (!badges.isSuccess) list = <QueryStates query={badges} loading="Loading badges" failed="We couldn’t load the badges" />;
  else if (badges.data.items.length === 0) list = <EmptyState title="No badges yet" description="Create the first badge with the form above." />;
  else {
    list = (
      <Table caption="Badges">
        <thead>
          <tr>
            <th scope="col">Icon</th>
            <th scope="col">Name</th>
            <th scope="col">Description</th>
            <th scope="col">Awarded at</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {badges.data.items.map((badge) => (
            <tr key={badge.id}>
              <td className={styles.icon} aria-hidden="true">
                {badge.icon}
              </td>
              <RowHeader>{badge.name}</RowHeader>
              <td>{badge.description}</td>
              <td>{badge.donationCount === 1 ? '1 donation' : `${badge.donationCount} donations`}</td>
              <ActionsCell>
                <RowAction label="Delete" target={badge.name} onClick={() => removal.ask(badge)} />
              </ActionsCell>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader title="Badges" description="Members earn badges as their completed donations add up." />
      <NewBadgeForm onCreated={(name) => setNotice(`${name} was created.`)} />
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {list}
      <ConfirmDialog {...removal.dialog} title="Delete badge?" confirmLabel="Delete badge">
        {removal.item ? `Nobody will earn ${removal.item.name} from now on. Members who have it keep it.` : null}
      </ConfirmDialog>
    </ConsoleScreen>
  );
}

function NewBadgeForm({ onCreated }: { onCreated: (name: string) => void }) {
  const create = useCreateBadge();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<BadgeInput, unknown, BadgeValues>({
    resolver: zodResolver(badgeFormSchema),
    defaultValues: { name: '', description: '', icon: '', donationCount: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await create.mutateAsync(values);
      reset();
      onCreated(values.name);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, formFields(['name', 'description', 'icon', 'donationCount'])));
    }
  });

  return (
    <Panel title="Create a badge">
      <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create a badge">
        <FormGrid>
          <TextField label="Name" error={errors.name?.message} {...register('name')} />
          <TextField label="Icon" hint="An emoji, e.g. 🌱." error={errors.icon?.message} {...register('icon')} />
          <TextField label="Description" className={wide} error={errors.description?.message} {...register('description')} />
          <TextField
            label="Completed donations to earn it"
            inputMode="numeric"
            numeric
            error={errors.donationCount?.message}
            {...register('donationCount')}
          />
        </FormGrid>
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        <FormActions>
          <Button type="submit" loading={isSubmitting}>
            Create badge
          </Button>
        </FormActions>
      </StackedForm>
    </Panel>
  );
}
