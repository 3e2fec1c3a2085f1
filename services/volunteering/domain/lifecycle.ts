import { VOLUNTEERING_MESSAGES, type ApplicationAction, type ApplicationStatus, type ResponseStatus } from '@giving/shared/contracts/volunteering';
import { DomainError } from '@giving/shared/errors';

/**
 * The application lifecycle (spec 2 §3 ApplicationStatus, §4): what each move does from each status. Anything not in
 * the table is refused with 409 and a message naming the move and the status. Pure.
 *
 *   Applied ──accept──> Accepted ──complete──> Completed ──volunteerFeedback──> UserFeedbackGiven ──charityFeedback──┐
 *      │                   │                      └──────charityFeedback──> CharityFeedbackGiven ──volunteerFeedback──┴─> BothFeedbacksGiven
 *      ├──decline──> Declined <──decline──┤
 *      └──cancel───> Retracted <──cancel──┘
 *
 * Declined and Retracted give the application's places back; Completed keeps them (they were used).
 */
export type LifecycleMove = 'accept' | 'decline' | 'cancel' | 'complete' | 'volunteerFeedback' | 'charityFeedback';

export const TRANSITIONS: Readonly<Record<ApplicationStatus, Partial<Record<LifecycleMove, ApplicationStatus>>>> = {
  Applied: { accept: 'Accepted', decline: 'Declined', cancel: 'Retracted' },
  Accepted: { complete: 'Completed', decline: 'Declined', cancel: 'Retracted' },
  Completed: { volunteerFeedback: 'UserFeedbackGiven', charityFeedback: 'CharityFeedbackGiven' },
  UserFeedbackGiven: { charityFeedback: 'BothFeedbacksGiven' },
  CharityFeedbackGiven: { volunteerFeedback: 'BothFeedbacksGiven' },
  BothFeedbacksGiven: {},
  Declined: {},
  Retracted: {},
};

/** The words a refusal uses for each move. */
const VERBS: Record<LifecycleMove | 'edit' | 'delete' | 'invite' | 'respond', string> = {
  accept: 'accept',
  decline: 'decline',
  cancel: 'cancel',
  complete: 'complete',
  volunteerFeedback: 'give feedback on',
  charityFeedback: 'give charity feedback on',
  edit: 'change',
  delete: 'delete',
  invite: 'change the team of',
  respond: 'answer the invitation to',
};

/** Statuses in which the applicant may still change the application and its team. */
export const OPEN_STATUSES: readonly ApplicationStatus[] = ['Applied', 'Accepted'];
/** Statuses whose application holds places in its session. */
export const HOLDING_STATUSES: readonly ApplicationStatus[] = ['Applied', 'Accepted', 'Completed', 'UserFeedbackGiven', 'CharityFeedbackGiven', 'BothFeedbacksGiven'];
/** An application may be deleted only before it was accepted, or once it ended without being used. */
export const DELETABLE_STATUSES: readonly ApplicationStatus[] = ['Applied', 'Retracted', 'Declined'];

export const invalidMove = (move: keyof typeof VERBS, status: ApplicationStatus) =>
  new DomainError('Conflict', VOLUNTEERING_MESSAGES.invalidTransition(VERBS[move], status));

/** The status a move leads to from `status`, or 409 naming both. */
export function nextStatus(status: ApplicationStatus, move: LifecycleMove): ApplicationStatus {
  const next = TRANSITIONS[status][move];
  if (!next) throw invalidMove(move, status);
  return next;
}

/** The statuses a move may start from (the conditional write checks the stored status is still one of these). */
export const fromStatusesOf = (move: LifecycleMove): ApplicationStatus[] =>
  (Object.keys(TRANSITIONS) as ApplicationStatus[]).filter((status) => TRANSITIONS[status][move] !== undefined);

export function requireOpen(status: ApplicationStatus, move: 'edit' | 'invite' | 'respond'): void {
  if (!OPEN_STATUSES.includes(status)) throw invalidMove(move, status);
}

export function requireDeletable(status: ApplicationStatus): void {
  if (DELETABLE_STATUSES.includes(status)) return;
  throw new DomainError(
    'Conflict',
    status === 'Accepted' ? VOLUNTEERING_MESSAGES.deleteActiveApplication : VOLUNTEERING_MESSAGES.deleteCompletedApplication,
  );
}

/** A team member holds a place unless they said they are not going. */
export const holdsPlace = (response: ResponseStatus) => response !== 'NotGoing';

/** What the caller may do now: the applicant's moves and the charity's, from the table. */
export function allowedActions(status: ApplicationStatus, who: { applicant: boolean; charity: boolean; team: boolean }): ApplicationAction[] {
  const moves = TRANSITIONS[status];
  const actions: ApplicationAction[] = [];
  if (who.charity && moves.accept) actions.push('accept');
  if (who.charity && moves.decline) actions.push('decline');
  if (who.applicant && moves.cancel) actions.push('cancel');
  if ((who.applicant || who.charity) && moves.complete) actions.push('complete');
  if (who.applicant && moves.volunteerFeedback) actions.push('volunteerFeedback');
  if (who.charity && moves.charityFeedback) actions.push('charityFeedback');
  if (who.applicant && OPEN_STATUSES.includes(status)) actions.push('edit', 'contact');
  if (who.applicant && who.team && OPEN_STATUSES.includes(status)) actions.push('invite');
  if (who.applicant && DELETABLE_STATUSES.includes(status)) actions.push('delete');
  return actions;
}
