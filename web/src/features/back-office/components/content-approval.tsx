import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { denyContentSchema, type ContentItem } from '@giving/shared/contracts/accounts';
import { Button } from '../../../components/ui/button';
import { ChangesList } from '../../../components/ui/changes-list';
import { ConsoleScreen, StackedForm, mutedText } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage, TextareaField } from '../../../components/ui/field';
import { NoticeMessage, type Notice } from '../../../components/ui/form-notice';
import { Modal } from '../../../components/ui/modal';
import { FormActions, Panel, ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { Tabs } from '../../../components/ui/tabs';
import { errorMessageOf } from '../../../lib/api-client';
import { useApproveContent, useDenyContent } from '../api/decide-content';
import { useContent, type ContentStatus } from '../api/get-content';
import styles from './back-office.module.css';
import { useAppForm } from '../../../lib/use-app-form';

const TABS = [
  { value: 'Proposed', label: 'Proposed' },
  { value: 'Live', label: 'Live' },
  { value: 'Denied', label: 'Denied' },
] as const satisfies readonly { value: ContentStatus; label: string }[];

const EMPTY: Record<ContentStatus, { title: string; description: string }> = {
  Proposed: { title: 'Nothing waiting for approval', description: 'Profile changes charities send show here.' },
  Live: { title: 'No approved changes yet', description: 'Changes you approve show here.' },
  Denied: { title: 'No denied changes', description: 'Changes you deny show here, with your reason.' },
};

/** /admin/backoffice/content-approval — charities' profile changes by status; approve, or deny with a reason. */
export function ContentApproval() {
  const [status, setStatus] = useState<ContentStatus>('Proposed');
  const [notice, setNotice] = useState<Notice>();
  return (
    <ConsoleScreen>
      <ScreenHeader title="Content approval" description="Charities’ profile changes go live when you approve them." />
      <NoticeMessage notice={notice} />
      <Tabs label="Content status" items={TABS} value={status} onChange={setStatus}>
        <ContentList status={status} onNotice={setNotice} />
      </Tabs>
    </ConsoleScreen>
  );
}

function ContentList({ status, onNotice }: { status: ContentStatus; onNotice: (notice: Notice) => void }) {
  const content = useContent(status);
  const approve = useApproveContent();
  const [approving, setApproving] = useState<string>();
  const [denying, setDenying] = useState<ContentItem | null>(null);

  if (!content.isSuccess) return <QueryStates query={content} loading={`Loading ${status.toLowerCase()} content`} failed="We couldn’t load the content" />;
  if (content.data.items.length === 0) return <EmptyState {...EMPTY[status]} />;

  const onApprove = (item: ContentItem) => {
    setApproving(item.id);
    approve.mutate(item.id, {
      onSuccess: () => onNotice({ tone: 'info', text: `The changes to ${item.charityName} are live.` }),
      onError: (error) => onNotice({ tone: 'error', text: `We couldn’t approve the changes to ${item.charityName}: ${errorMessageOf(error)}` }),
      onSettled: () => setApproving(undefined),
    });
  };

  return (
    <>
      <ul className={styles.items} aria-label={`${status} content`}>
        {content.data.items.map((item) => (
          <li key={item.id}>
            <Panel
              title={item.charityName}
              description={
                <>
                  Profile changes sent by {item.submittedByName ?? item.submittedBy} on <DateText value={item.submittedAt} withTime country={item.country} />
                  {item.decidedAt ? (
                    <>
                      {' '}
                      · {item.status === 'Live' ? 'approved' : 'denied'} by {item.decidedByName ?? 'an administrator'} on <DateText value={item.decidedAt} withTime country={item.country} />
                    </>
                  ) : null}
                </>
              }
              actions={
                item.status === 'Proposed' ? (
                  <>
                    <Button size="sm" loading={approving === item.id} disabled={approving !== undefined} onClick={() => onApprove(item)}>
                      Approve<span className="visually-hidden"> the changes to {item.charityName}</span>
                    </Button>
                    <Button variant="secondary" size="sm" disabled={approving !== undefined} onClick={() => setDenying(item)}>
                      Deny<span className="visually-hidden"> the changes to {item.charityName}</span>
                    </Button>
                  </>
                ) : null
              }
            >
              <ChangesList changes={item.changes} label={`Changes to ${item.charityName}`} />
              {item.status === 'Denied' && item.reason ? (
                <p className={styles.reason}>
                  <strong>Reason:</strong> {item.reason}
                </p>
              ) : null}
            </Panel>
          </li>
        ))}
      </ul>
      <DenyDialog
        item={denying}
        onClose={() => setDenying(null)}
        onDenied={(item) => {
          setDenying(null);
          onNotice({ tone: 'info', text: `The changes to ${item.charityName} were denied.` });
        }}
      />
    </>
  );
}

type DenyInput = z.input<typeof denyContentSchema>;
type DenyValues = z.output<typeof denyContentSchema>;

/** Deny needs a reason (denyContentSchema); the charity sees it. */
function DenyDialog({ item, onClose, onDenied }: { item: ContentItem | null; onClose: () => void; onDenied: (item: ContentItem) => void }) {
  const deny = useDenyContent();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<DenyInput, unknown, DenyValues>({ resolver: zodResolver(denyContentSchema), defaultValues: { reason: '' } });

  const close = () => {
    reset({ reason: '' });
    setFailure(undefined);
    onClose();
  };
  const onSubmit = handleSubmit(async ({ reason }) => {
    if (!item) return;
    setFailure(undefined);
    try {
      await deny.mutateAsync({ contentId: item.id, reason });
      reset({ reason: '' });
      onDenied(item);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, formFields(['reason'])));
    }
  });

  return (
    <Modal open={item !== null} title="Deny changes?" onClose={isSubmitting ? undefined : close}>
      <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Deny changes">
        <p className={mutedText}>Tell {item?.charityName ?? 'the charity'} why, so they can fix it and send the changes again.</p>
        <TextareaField label="Reason" rows={4} error={errors.reason?.message} {...register('reason')} />
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        <FormActions>
          <Button variant="ghost" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Deny changes
          </Button>
        </FormActions>
      </StackedForm>
    </Modal>
  );
}
