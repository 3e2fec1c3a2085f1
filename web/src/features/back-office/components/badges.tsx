import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { newBadgeSchema, type Badge } from '@giving/shared/contracts/accounts';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { FormMessage, TextField } from '../../../components/ui/field';
import { FormActions, FormGrid, Panel, ScreenHeader, wide } from '../../../components/ui/panel';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { LoadingBlock } from '../../../components/ui/spinner';
import { ActionsCell, Table } from '../../../components/ui/table';
import { errorMessageOf } from '../../../lib/api-client';
import { useCreateBadge } from '../api/create-badge';
import { useDeleteBadge } from '../api/delete-badge';
import { useBadges } from '../api/get-badges';
import styles from './back-office.module.css';

/** The donation count is typed as text; the API's own rule then checks the number. */
const badgeFormSchema = z.extend(newBadgeSchema, {
  donationCount: z.pipe(
    z.string().check(z.trim(), z.regex(/^\d+$/, MESSAGES.invalidInput)),
    z.pipe(
      z.transform((text: string) => Number(text)),
      newBadgeSchema.shape.donationCount,
    ),
  ),
});
type BadgeInput = z.input<typeof badgeFormSchema>;
type BadgeValues = z.output<typeof badgeFormSchema>;

/** /admin/backoffice/badges — badge definitions: create, and retire (badges already awarded stay). */
export function Badges() {
  const badges = useBadges();
  const remove = useDeleteBadge();
  const [removing, setRemoving] = useState<Badge | null>(null);
  const [notice, setNotice] = useState<string>();

  let list;
  if (badges.isPending) list = <LoadingBlock label="Loading badges" />;
  else if (badges.isError) list = <ErrorState title="We couldn’t load the badges" message={errorMessageOf(badges.error)} onRetry={() => void badges.refetch()} />;
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
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {badges.data.items.map((badge) => (
            <tr key={badge.id}>
              <td className={styles.icon} aria-hidden="true">
                {badge.icon}
              </td>
              <th scope="row" className={styles.name}>
                {badge.name}
              </th>
              <td>{badge.description}</td>
              <td>{badge.donationCount === 1 ? '1 donation' : `${badge.donationCount} donations`}</td>
              <ActionsCell>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    remove.reset();
                    setRemoving(badge);
                  }}
                >
                  Delete<span className="visually-hidden"> {badge.name}</span>
                </Button>
              </ActionsCell>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <div className={styles.stack}>
      <ScreenHeader title="Badges" description="Members earn badges as their completed donations add up." />
      <NewBadgeForm onCreated={(name) => setNotice(`${name} was created.`)} />
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {list}
      <ConfirmDialog
        open={removing !== null}
        title="Delete badge?"
        confirmLabel="Delete badge"
        busy={remove.isPending}
        error={remove.isError ? errorMessageOf(remove.error) : undefined}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              setNotice(`${removing.name} was deleted.`);
              setRemoving(null);
            },
          });
        }}
      >
        {removing ? `Nobody will earn ${removing.name} from now on. Members who have it keep it.` : null}
      </ConfirmDialog>
    </div>
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
  } = useForm<BadgeInput, unknown, BadgeValues>({
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
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create a badge">
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
      </form>
    </Panel>
  );
}
