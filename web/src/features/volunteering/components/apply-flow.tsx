import { useEffect, useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  MAX_TEAM_SIZE,
  VOLUNTEERING_MESSAGES,
  teamApplySchema,
  type Application,
  type Opportunity,
  type Session,
} from '@giving/shared/contracts/volunteering';
import type { CountryCode } from '@giving/shared/countries';
import { Button, buttonClassName } from '../../../components/ui/button';
import { FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { StepIndicator } from '../../../components/ui/step-indicator';
import { currentPath } from '../../../lib/return-path';
import { requestLogin, useSession } from '../../../lib/session';
import { useApply } from '../api/apply';
import { errorMessageOf } from '../../../lib/api-client';
import { VolunteeringApiError } from '../api/volunteering-client';
import { applicationSessionText, feeDue, feeText, hoursText, moneyText, placesLeftText, recurringSummary, sessionTimeText, volunteeringPaths } from '../volunteering-text';
import styles from './volunteering.module.css';
import { useAppForm } from '../../../lib/use-app-form';

export const APPLY_STEPS = [
  { id: 'session', label: 'Choose a session' },
  { id: 'who', label: 'Individual or team' },
  { id: 'confirm', label: 'Message and confirm' },
  { id: 'done', label: 'Done' },
] as const;
type StepId = (typeof APPLY_STEPS)[number]['id'];

interface ApplyForm {
  sessionId: string;
  applicationType: 'Individual' | 'Team';
  teamName: string;
  members: { email: string }[];
  message: string;
}

export const sessionHours = (session: Pick<Session, 'sessionTotalHours'>, opportunity: Pick<Opportunity, 'recurringSchedule'>): number | undefined =>
  session.sessionTotalHours ?? opportunity.recurringSchedule?.hoursPerSession;

/**
 * The apply flow of the role page (spec 2 §2 multi-step flow with Back and Next): choose a session -> individual or
 * team (team name and teammates' e-mails; seats = team size) -> message and confirm -> done. Visitors are asked to
 * sign in before going on; a session that filled up meanwhile shows the server's message and the choice again.
 */
export function ApplyFlow({ opportunity, country }: { opportunity: Opportunity; country: CountryCode }) {
  const session = useSession();
  const apply = useApply();
  const [step, setStep] = useState<StepId>('session');
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string }>();
  const [application, setApplication] = useState<Application>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const {
    register,
    control,
    watch,
    getValues,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useAppForm<ApplyForm>({ defaultValues: { sessionId: '', applicationType: 'Individual', teamName: '', members: [{ email: '' }], message: '' } });
  const members = useFieldArray({ control, name: 'members' });

  // Each new step's heading takes focus, so keyboard and screen-reader users land on it (not on the first load).
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = true;
  }, [step]);

  const upcoming = opportunity.sessions.filter((s) => !s.hasEnded);
  const chosen = opportunity.sessions.find((s) => s.id === watch('sessionId'));
  const applicationType = watch('applicationType');
  const seats = applicationType === 'Team' ? 1 + watch('members').length : 1;
  const maxTeam = opportunity.maxTeamSize ?? MAX_TEAM_SIZE;
  const go = (next: StepId) => {
    setNotice(undefined);
    setStep(next);
  };

  const nextFromSession = () => {
    clearErrors();
    if (!chosen) {
      setError('sessionId', { type: 'validate', message: 'Choose a session.' });
      return;
    }
    if (session.status !== 'signedIn') {
      setNotice({ tone: 'info', text: 'Sign in to apply. Your choice stays here while you do.' });
      requestLogin({ returnTo: currentPath() });
      return;
    }
    go('who');
  };

  const nextFromWho = () => {
    clearErrors();
    if (!chosen) return go('session');
    if (applicationType === 'Team') {
      const values = getValues();
      const parsed = teamApplySchema.safeParse({ teamName: values.teamName, members: values.members.map(({ email }) => ({ email })) });
      let failed = false;
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const [head, index] = issue.path;
          if (head === 'teamName') setError('teamName', { type: 'validate', message: issue.message });
          else if (head === 'members' && typeof index === 'number') setError(`members.${index}.email`, { type: 'validate', message: issue.message });
          else setError('members', { type: 'validate', message: issue.message });
        }
        failed = true;
      }
      const own = session.status === 'signedIn' ? session.email.toLowerCase() : '';
      const seen = new Set<string>();
      values.members.forEach(({ email }, index) => {
        const address = email.trim().toLowerCase();
        if (!address) return;
        const message = address === own ? VOLUNTEERING_MESSAGES.leaderInTeam : seen.has(address) ? VOLUNTEERING_MESSAGES.alreadyInvited(address) : undefined;
        if (message) {
          setError(`members.${index}.email`, { type: 'validate', message });
          failed = true;
        }
        seen.add(address);
      });
      if (seats > maxTeam) {
        setError('members', { type: 'validate', message: VOLUNTEERING_MESSAGES.teamTooBig(maxTeam) });
        failed = true;
      }
      if (failed) return;
    }
    if (seats > chosen.placesRemaining) {
      setNotice({ tone: 'error', text: VOLUNTEERING_MESSAGES.notEnoughPlaces(seats, chosen.placesRemaining) });
      return;
    }
    go('confirm');
  };

  const submit = () => {
    if (!chosen) return go('session');
    const values = getValues();
    const message = values.message.trim() || undefined;
    const request =
      values.applicationType === 'Team'
        ? { sessionId: chosen.id, applicationType: 'Team' as const, body: { teamName: values.teamName.trim(), message, members: values.members.map(({ email }) => ({ email: email.trim() })) } }
        : { sessionId: chosen.id, applicationType: 'Individual' as const, body: { message } };
    setNotice(undefined);
    apply.mutate(request, {
      onSuccess: (made) => {
        setApplication(made);
        go('done');
      },
      onError: (error) => {
        // Spec: a full session shows the server's message and lets the user choose another session.
        if (error instanceof VolunteeringApiError && error.status === 409) {
          setValue('sessionId', '');
          setStep('session');
        }
        setNotice({ tone: 'error', text: errorMessageOf(error) });
      },
    });
  };

  const current = APPLY_STEPS.find((s) => s.id === step) ?? APPLY_STEPS[0];
  const fee = opportunity.fee;
  return (
    <section className={styles.applyPanel} aria-labelledby="apply-heading">
      <h2 id="apply-heading">Apply</h2>
      <StepIndicator steps={APPLY_STEPS} current={step} label="Application steps" />
      <h3 ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
        {current.label}
      </h3>
      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}

      {step === 'session' ? (
        upcoming.length === 0 ? (
          <p className={styles.muted}>This role has no upcoming sessions. Please check back later.</p>
        ) : (
          <>
            <fieldset className={styles.choices} aria-describedby={errors.sessionId ? 'session-error' : undefined}>
              <legend className="visually-hidden">Choose a session</legend>
              {upcoming.map((s) => {
                const hours = sessionHours(s, opportunity);
                return (
                  <label key={s.id} className={s.isFull ? styles.choiceDisabled : styles.choice}>
                    <input type="radio" value={s.id} disabled={s.isFull} {...register('sessionId')} />
                    <span className={styles.choiceText}>
                      {opportunity.recurringSchedule ? (
                        <>
                          <span className={styles.choiceTitle}>{recurringSummary(opportunity.recurringSchedule)}</span>
                          <span className={styles.muted}>Next: {sessionTimeText(s, country)}</span>
                        </>
                      ) : (
                        <span className={styles.choiceTitle}>{sessionTimeText(s, country)}</span>
                      )}
                      <span className={styles.muted}>
                        {[hours !== undefined ? hoursText(hours) : undefined, placesLeftText(s.placesRemaining), s.location?.suburb].filter(Boolean).join(' · ')}
                      </span>
                    </span>
                  </label>
                );
              })}
            </fieldset>
            {errors.sessionId ? (
              <span id="session-error" className={styles.error}>
                {errors.sessionId.message}
              </span>
            ) : null}
            <div className={styles.flowActions}>
              <Button onClick={nextFromSession}>Next</Button>
            </div>
          </>
        )
      ) : null}

      {step === 'who' ? (
        <>
          {opportunity.allowTeams ? (
            <fieldset className={styles.choices}>
              <legend className="visually-hidden">Individual or team</legend>
              <label className={styles.choice}>
                <input type="radio" value="Individual" {...register('applicationType')} />
                <span className={styles.choiceText}>
                  <span className={styles.choiceTitle}>Just me</span>
                  <span className={styles.muted}>One place, for you.</span>
                </span>
              </label>
              <label className={styles.choice}>
                <input type="radio" value="Team" {...register('applicationType')} />
                <span className={styles.choiceText}>
                  <span className={styles.choiceTitle}>My team</span>
                  <span className={styles.muted}>A place for you and one for each teammate you invite (up to {maxTeam} people).</span>
                </span>
              </label>
            </fieldset>
          ) : (
            <p className={styles.muted}>This role takes individual volunteers: you apply for one place.</p>
          )}
          {applicationType === 'Team' ? (
            <div className={styles.team}>
              <TextField label="Team name" autoComplete="off" error={errors.teamName?.message} {...register('teamName')} />
              <fieldset className={styles.teammates}>
                <legend>Teammates’ e-mails</legend>
                {members.fields.map((field, index) => (
                  <div key={field.id} className={styles.teammate}>
                    <TextField label={`Teammate ${index + 1} e-mail`} type="email" autoComplete="off" error={errors.members?.[index]?.email?.message} {...register(`members.${index}.email`)} />
                    {members.fields.length > 1 ? (
                      <Button variant="ghost" size="sm" onClick={() => members.remove(index)}>
                        Remove<span className="visually-hidden"> teammate {index + 1}</span>
                      </Button>
                    ) : null}
                  </div>
                ))}
                {errors.members?.root?.message || errors.members?.message ? <span className={styles.error}>{errors.members.root?.message ?? errors.members.message}</span> : null}
                <Button variant="secondary" size="sm" disabled={seats >= maxTeam} onClick={() => members.append({ email: '' })}>
                  Add teammate
                </Button>
              </fieldset>
            </div>
          ) : null}
          <p className={styles.summaryLine} aria-live="polite">
            Places needed: {seats}
            {chosen ? ` (${placesLeftText(chosen.placesRemaining)})` : ''}
            {fee ? ` · Fee: ${feeText(fee)}, ${moneyText(feeDue(fee, seats))} in all` : ''}
          </p>
          <div className={styles.flowActions}>
            <Button variant="ghost" onClick={() => go('session')}>
              Back
            </Button>
            <Button onClick={nextFromWho}>Next</Button>
          </div>
        </>
      ) : null}

      {step === 'confirm' && chosen ? (
        <>
          <dl className={styles.summary}>
            <div>
              <dt>Session</dt>
              <dd>{applicationSessionText({ ...chosen, ...(opportunity.recurringSchedule ? { recurringSchedule: opportunity.recurringSchedule } : {}) }, country)}</dd>
            </div>
            <div>
              <dt>Applying as</dt>
              <dd>{applicationType === 'Team' ? `Team “${getValues('teamName').trim()}” of ${seats}` : 'An individual'}</dd>
            </div>
            {fee ? (
              <div>
                <dt>Fee</dt>
                <dd>
                  {feeText(fee)}: {moneyText(feeDue(fee, seats))}
                </dd>
              </div>
            ) : null}
          </dl>
          <TextareaField label="Message to the charity (optional)" rows={3} maxLength={1000} {...register('message')} />
          <div className={styles.flowActions}>
            <Button variant="ghost" onClick={() => go('who')} disabled={apply.isPending}>
              Back
            </Button>
            <Button onClick={submit} loading={apply.isPending}>
              Apply
            </Button>
          </div>
        </>
      ) : null}

      {step === 'done' && application ? (
        <div className={styles.done}>
          <p>
            Thank you! Your application for <strong>{opportunity.title}</strong> on {applicationSessionText(application.session, country)} has been sent to{' '}
            {opportunity.charity.name}. They’ll let you know when they accept it.
          </p>
          {application.applicationType === 'Team' ? <p>We’ve e-mailed your teammates an invitation to join “{application.teamName}”.</p> : null}
          <Link to={volunteeringPaths.myApplications()} className={buttonClassName({ variant: 'secondary' })}>
            See my applications
          </Link>
        </div>
      ) : null}
    </section>
  );
}
