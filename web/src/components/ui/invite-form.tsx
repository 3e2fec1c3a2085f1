import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { Button } from './button';
import { TextField } from './field';
import { InlineForm } from './console-page';
import { NoticeMessage, useSaveNotice } from './form-notice';
import { Panel } from './panel';
import { SelectField, type SelectOption } from './select-field';
import { formFields } from './server-errors';
import { useAppForm } from '../../lib/use-app-form';

/** Who to invite, and as what. */
export interface InviteValues<Role extends string> {
  email: string;
  role: Role;
}

export interface InviteFormProps<Role extends string> {
  /** The API's rule for an invitation (e-mail and the roles it allows). */
  schema: z.ZodMiniType<InviteValues<Role>, InviteValues<Role>>;
  roleOptions: readonly SelectOption[];
  /** The role chosen at first. */
  defaultRole: Role;
  /** Sends the invitation. */
  onInvite: (invitation: InviteValues<Role>) => Promise<unknown>;
}

/** The form's own fields; the schema has checked the role by the time `onInvite` gets it. */
type InviteFields = InviteValues<string>;

/** Invites a person by e-mail to a role; they accept after signing in with that address. */
export function InviteForm<Role extends string>({ schema, roleOptions, defaultRole, onInvite }: InviteFormProps<Role>) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<InviteFields, unknown, InviteValues<Role>>({
    resolver: zodResolver(schema as z.ZodMiniType<InviteValues<Role>, InviteFields>),
    defaultValues: { email: '', role: defaultRole },
  });
  const { notice, save } = useSaveNotice(setError, formFields(['email', 'role']));

  const onSubmit = handleSubmit((values) =>
    save(async () => {
      await onInvite(values);
      reset({ email: '', role: values.role });
      return `Invitation sent to ${values.email}.`;
    }),
  );

  return (
    <Panel title="Invite a member" description="We’ll e-mail them a link. They join when they sign in with that address and accept.">
      <InlineForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Invite a member">
        <TextField label="E-mail" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <SelectField label="Role" options={roleOptions} error={errors.role?.message} {...register('role')} />
        <Button type="submit" loading={isSubmitting}>
          Send invitation
        </Button>
      </InlineForm>
      <NoticeMessage notice={notice} />
    </Panel>
  );
}
