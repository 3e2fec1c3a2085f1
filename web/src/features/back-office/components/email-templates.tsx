import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { updateEmailTemplateSchema, type EmailTemplate } from '@giving/shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, StackedForm, nameText } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { FormActions, Panel, ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader, RowAction } from '../../../components/ui/row-actions';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { ActionsCell, Table } from '../../../components/ui/table';
import { useEmailTemplates } from '../api/get-email-templates';
import { useUpdateEmailTemplate } from '../api/update-email-template';
import styles from './back-office.module.css';
import { useAppForm } from '../../../lib/use-app-form';

type TemplateInput = z.input<typeof updateEmailTemplateSchema>;
type TemplateValues = z.output<typeof updateEmailTemplateSchema>;

/** /admin/backoffice/email-templates — the e-mails the platform sends; edit subject and body with their placeholders. */
export function EmailTemplates() {
  const templates = useEmailTemplates();
  const [editing, setEditing] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const header = <ScreenHeader title="Email templates" description="What the platform’s e-mails say. Placeholders like {{tenantName}} are filled in when each e-mail is sent." />;
  if (!templates.isSuccess) return <>{header}<QueryStates query={templates} loading="Loading templates" failed="We couldn’t load the templates" /></>;
  const template = templates.data.items.find((item) => item.id === editing);
  return (
    <ConsoleScreen>
      {header}
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {template ? (
        <TemplateEditor
          key={template.id}
          template={template}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) setNotice(`${template.name} was saved.`);
          }}
        />
      ) : null}
      {templates.data.items.length === 0 ? (
        <EmptyState title="No templates" />
      ) : (
        <Table caption="Email templates">
          <thead>
            <tr>
              <th scope="col">Template</th>
              <th scope="col">Subject</th>
              <th scope="col">Last changed</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {templates.data.items.map((item) => (
              <tr key={item.id}>
                <th scope="row">
                  <span className={nameText}>{item.name}</span>
                  <br />
                  <span className={styles.meta}>{item.description}</span>
                </th>
                <td>{item.subject}</td>
                <td>
                  <DateText value={item.updatedAt} />
                </td>
                <ActionsCell>
                  <RowAction
                    label="Edit"
                    target={item.name}
                    onClick={() => {
                      setNotice(undefined);
                      setEditing(item.id);
                    }}
                  />
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </ConsoleScreen>
  );
}

function TemplateEditor({ template, onClose }: { template: EmailTemplate; onClose: (saved: boolean) => void }) {
  const update = useUpdateEmailTemplate();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<TemplateInput, unknown, TemplateValues>({
    resolver: zodResolver(updateEmailTemplateSchema),
    defaultValues: { subject: template.subject, body: template.body },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await update.mutateAsync({ templateId: template.id, template: values });
      onClose(true);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, formFields(['subject', 'body'])));
    }
  });

  return (
    <Panel title={`Edit ${template.name}`} description={template.description}>
      <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label={`Edit ${template.name}`}>
        <div>
          <p className={styles.meta} id={`${template.id}-placeholders`}>
            Placeholders you can use:
          </p>
          <ul className={styles.placeholders} aria-labelledby={`${template.id}-placeholders`}>
            {template.placeholders.map((name) => (
              <li key={name}>
                <code>{`{{${name}}}`}</code>
              </li>
            ))}
          </ul>
        </div>
        <TextField label="Subject" error={errors.subject?.message} {...register('subject')} />
        <TextareaField label="Body" rows={12} error={errors.body?.message} {...register('body')} />
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        <FormActions>
          <Button variant="ghost" onClick={() => onClose(false)} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save template
          </Button>
        </FormActions>
      </StackedForm>
    </Panel>
  );
}
