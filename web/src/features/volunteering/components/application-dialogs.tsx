import { useState, type ReactNode } from 'react';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { VOLUNTEERING_MESSAGES, type FeedbackInput, type FeedbackQuestion } from '@giving/shared/contracts/volunteering';
import { Button } from '../../../components/ui/button';
import { StackedForm } from '../../../components/ui/console-page';
import { FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { FormActions } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { useFeedbackQuestions } from '../api/my-applications';
import { useAppForm } from '../../../lib/use-app-form';

/**
 * The dialogs of an application's actions, shared by the member's list and the charity's: a form in a modal that
 * sends, shows what went wrong (the server's own sentence, or under the field it names) and closes once done.
 */
export function FormDialog<Values extends Record<string, unknown>>({
  title,
  defaultValues,
  fields,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  title: ReactNode;
  defaultValues: Values;
  /** The server fields the form shows, for its field errors. */
  fields: readonly string[];
  submitLabel: string;
  onSubmit: (values: Values) => Promise<unknown>;
  onClose: () => void;
  children: (form: ReturnType<typeof useAppForm<Values>>) => ReactNode;
}) {
  const form = useAppForm<Values>({ defaultValues: defaultValues as never });
  const [failure, setFailure] = useState<string>();
  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, formFields(fields)));
    }
  });
  return (
    <Modal open title={title} onClose={form.formState.isSubmitting ? undefined : onClose}>
      <StackedForm onSubmit={(event) => void submit(event)} noValidate aria-label={typeof title === 'string' ? title : undefined}>
        {children(form)}
        {failure ? <FormMessage>{failure}</FormMessage> : null}
        <FormActions>
          <Button variant="ghost" onClick={onClose} disabled={form.formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </FormActions>
      </StackedForm>
    </Modal>
  );
}

const RATING_OPTIONS = [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} – ${['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'][n]}` }));
const YES_NO_OPTIONS = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];

type FeedbackForm = { rating: string; comment: string } & Record<`q_${string}`, string>;

/** Feedback on a completed application: a rating, the feedback questions asked of this side, and a comment. */
export function FeedbackDialog({
  title,
  questions,
  onSubmit,
  onClose,
}: {
  title: string;
  questions: readonly FeedbackQuestion[];
  onSubmit: (feedback: FeedbackInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const defaults: FeedbackForm = { rating: '', comment: '' };
  for (const question of questions) defaults[`q_${question.id}`] = '';
  return (
    <FormDialog
      title={title}
      defaultValues={defaults}
      fields={['rating', 'comment']}
      submitLabel="Send feedback"
      onClose={onClose}
      onSubmit={(values) => {
        const answers = questions
          .map((question) => ({ question, text: values[`q_${question.id}`]?.trim() ?? '' }))
          .filter(({ text }) => text !== '')
          .map(({ question, text }) => ({ questionId: question.id, answer: question.kind === 'rating' ? Number(text) : text }));
        return onSubmit({ rating: Number(values.rating), ...(values.comment.trim() ? { comment: values.comment.trim() } : {}), ...(answers.length ? { answers } : {}) });
      }}
    >
      {({ register, formState: { errors } }) => (
        <>
          <SelectField label="Rating" placeholder="Choose a rating" options={RATING_OPTIONS} error={errors.rating?.message} {...register('rating', { required: MESSAGES.requiredField })} />
          {questions.map((question) =>
            question.kind === 'text' ? (
              <TextareaField key={question.id} label={question.text} rows={2} {...register(`q_${question.id}`)} />
            ) : (
              <SelectField key={question.id} label={question.text} placeholder="Choose" options={question.kind === 'rating' ? RATING_OPTIONS : YES_NO_OPTIONS} {...register(`q_${question.id}`)} />
            ),
          )}
          <TextareaField label="Comment (optional)" rows={3} maxLength={2000} error={errors.comment?.message} {...register('comment')} />
        </>
      )}
    </FormDialog>
  );
}

/** Completing an application: the session's hours count, or the hours each volunteer gave when it has none set. */
export function CompleteDialog({
  title,
  description,
  needsHours,
  onSubmit,
  onClose,
}: {
  title: string;
  description: ReactNode;
  needsHours: boolean;
  onSubmit: (hoursPerPerson: number | undefined) => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <FormDialog title={title} defaultValues={{ hoursPerPerson: '' }} fields={['hoursPerPerson']} submitLabel="Mark completed" onClose={onClose} onSubmit={(values) => onSubmit(needsHours ? Number(values.hoursPerPerson) : undefined)}>
      {({ register, formState: { errors } }) => (
        <>
          <p>{description}</p>
          {needsHours ? (
            <TextField
              label="Hours each volunteer gave"
              numeric
              inputMode="decimal"
              hint={VOLUNTEERING_MESSAGES.hoursRequired}
              error={errors.hoursPerPerson?.message}
              {...register('hoursPerPerson', { validate: (text) => (Number(text) > 0 && Number(text) <= 24 * 31 ? true : MESSAGES.invalidInput) })}
            />
          ) : null}
        </>
      )}
    </FormDialog>
  );
}

/** Feedback with the application's feedback questions for this side (the volunteer's, or the charity's). */
export function ApplicationFeedbackDialog({
  applicationId,
  askedOf,
  title,
  onSubmit,
  onClose,
}: {
  applicationId: string;
  askedOf: FeedbackQuestion['askedOf'];
  title: string;
  onSubmit: (feedback: FeedbackInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const questions = useFeedbackQuestions(applicationId);
  // Without its questions (they failed to load) the feedback is still a rating and a comment.
  if (questions.isPending) return null;
  return <FeedbackDialog title={title} questions={(questions.data?.items ?? []).filter((question) => question.askedOf === askedOf)} onSubmit={onSubmit} onClose={onClose} />;
}
