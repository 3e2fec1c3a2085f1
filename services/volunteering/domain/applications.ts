import {
  MAX_TEAM_SIZE,
  VOLUNTEERING_MESSAGES as M,
  type Application,
  type Feedback,
  type FeedbackInput,
  type FeedbackQuestion,
  type MyApplications,
  type ResponseStatus,
  type Team,
  type TeamApply,
  type TeamMemberInput,
} from '@giving/shared/contracts/volunteering';
import { DomainError, invalid, notFound, type FieldError } from '@giving/shared/errors';
import { multiplyMoney, type Money } from '@giving/shared/money';
import { localDateText } from '@giving/shared/local-time';
import { hasCharityPermission, isListedFor } from './access';
import { allowedActions, fromStatusesOf, holdsPlace, nextStatus, requireDeletable, requireOpen, type LifecycleMove } from './lifecycle';
import type { Actor, MailDeps, StoredApplication, StoredInvite, StoredOpportunity, StoredSession, VolunteeringDeps } from './ports';
import { hasEnded, rosterMeeting } from './schedule';

/**
 * Applying for a session (as an individual or as a team's leader with invited members), and everything after:
 * the charity accepts or declines, the applicant cancels, edits or deletes, either side completes, both give
 * feedback, the leader manages the team and members answer. Places are taken and given back only by the store's
 * conditional writes and transactions (never read-then-write), so a session is never over-filled.
 */

/** `mail` only for the routes that send it (team invitations, contacting the charity): their functions are given the settings. */
type Deps = VolunteeringDeps & { mail?: MailDeps; log?: { warn(message: string, context?: Record<string, unknown>): void } };

function mailOf(deps: Deps): MailDeps {
  if (!deps.mail) throw new Error('this use case sends mail but was given no mailer');
  return deps.mail;
}

export const APPLICATION_CHANGED_MESSAGE = 'This application was changed meanwhile. Reload it and try again.';
export const SESSION_BUSY_MESSAGE = 'Many people are applying for this session right now. Please try again in a moment.';
const CHANGED_ATTEMPTS = 5;

/** The questions each side answers when giving feedback. */
export const FEEDBACK_QUESTIONS: readonly FeedbackQuestion[] = [
  { id: 'v-enjoyed', text: 'How much did you enjoy this volunteering?', kind: 'rating', askedOf: 'Volunteer' },
  { id: 'v-organised', text: 'Was the session well organised?', kind: 'yesNo', askedOf: 'Volunteer' },
  { id: 'v-again', text: 'Would you volunteer with this charity again?', kind: 'yesNo', askedOf: 'Volunteer' },
  { id: 'v-comment', text: 'Anything the charity should know?', kind: 'text', askedOf: 'Volunteer' },
  { id: 'c-reliable', text: 'Did the volunteer arrive on time and ready?', kind: 'yesNo', askedOf: 'Charity' },
  { id: 'c-impact', text: 'How much did the volunteer help?', kind: 'rating', askedOf: 'Charity' },
  { id: 'c-again', text: 'Would you welcome this volunteer back?', kind: 'yesNo', askedOf: 'Charity' },
];

const fullName = (person: { firstName?: string; lastName?: string }) => `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim();
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the application owes: PerPerson x places, PerTeam once. */
export function feeDue(fee: StoredApplication['fee'], seats: number): Money | undefined {
  if (!fee) return undefined;
  return fee.feeType === 'PerPerson' ? multiplyMoney(fee.amount, Math.max(1, seats)) : fee.amount;
}

/** Hours credited on completion: per person, times the applicant plus the team members who said they are going. */
export function creditedHours(application: Pick<StoredApplication, 'applicationType'>, team: readonly StoredInvite[], hoursPerPerson: number) {
  const volunteers = application.applicationType === 'Team' ? 1 + team.filter((m) => m.responseStatus === 'Going').length : 1;
  return { hoursPerPerson, volunteers, totalHours: Math.round(hoursPerPerson * volunteers * 100) / 100 };
}

interface Relation {
  applicant: boolean;
  invitee?: StoredInvite;
  /** The charity's volunteering staff (or an administrator): view, or manage too. */
  charityView: boolean;
  charityManage: boolean;
}

async function relationOf(deps: Pick<Deps, 'roles'>, actor: Actor, application: StoredApplication, team: readonly StoredInvite[]): Promise<Relation> {
  const applicant = application.applicant.memberId === actor.memberId;
  const invitee = actor.email ? team.find((m) => m.email === actor.email) : undefined;
  const charityManage = await hasCharityPermission(deps.roles, actor, application.charity.id, 'Charity_VolunteeringManage');
  const charityView = charityManage || (await hasCharityPermission(deps.roles, actor, application.charity.id, 'Charity_VolunteeringView'));
  return { applicant, invitee, charityView, charityManage };
}

export function toApplication(application: StoredApplication, team: readonly StoredInvite[], relation: Relation): Application {
  const due = feeDue(application.fee, application.seats);
  return {
    id: application.id,
    applicationType: application.applicationType,
    status: application.status,
    opportunity: { id: application.opportunityId, title: application.opportunityTitle, opportunityUrl: application.opportunityUrl, imageUrl: application.imageUrl },
    charity: application.charity,
    country: application.country,
    session: { id: application.sessionId, ...application.session },
    applicant: application.applicant,
    seats: application.seats,
    ...(application.message ? { message: application.message } : {}),
    ...(application.teamName ? { teamName: application.teamName } : {}),
    ...(application.applicationType === 'Team' ? { team: team.map(toTeamMember) } : {}),
    ...(application.fee && due ? { fee: { amount: application.fee.amount, feeType: application.fee.feeType, due } } : {}),
    ...(application.hours ? { hours: application.hours } : {}),
    ...(application.completedBy ? { completedBy: application.completedBy } : {}),
    ...(application.declineReason ? { declineReason: application.declineReason } : {}),
    ...(application.volunteerFeedback ? { volunteerFeedback: application.volunteerFeedback } : {}),
    ...(application.charityFeedback ? { charityFeedback: application.charityFeedback } : {}),
    allowedActions: allowedActions(application.status, {
      applicant: relation.applicant,
      charity: relation.charityManage,
      team: application.applicationType === 'Team',
    }),
    createdAt: application.createdAt,
    updatedAt: application.updatedAt,
  };
}

const toTeamMember = (invite: StoredInvite) => ({
  email: invite.email,
  ...(invite.firstName ? { firstName: invite.firstName } : {}),
  ...(invite.lastName ? { lastName: invite.lastName } : {}),
  responseStatus: invite.responseStatus,
  invitedAt: invite.invitedAt,
  ...(invite.respondedAt ? { respondedAt: invite.respondedAt } : {}),
});

/** The application, if the caller may see it: its applicant, an invited member, or the charity's volunteering staff. Else 404. */
async function readApplication(deps: Deps, actor: Actor, applicationId: string) {
  const found = await deps.applications.get(applicationId);
  if (!found) throw notFound('Application');
  const relation = await relationOf(deps, actor, found.application, found.team);
  if (!relation.applicant && !relation.invitee && !relation.charityView) throw notFound('Application');
  return { ...found, relation };
}

async function ownApplication(deps: Deps, actor: Actor, applicationId: string) {
  const found = await readApplication(deps, actor, applicationId);
  if (!found.relation.applicant) throw new DomainError('Forbidden', M.notYourApplication);
  return found;
}

/** Reads, checks and writes conditioned on what was read; a write in between makes it read again (a few times). */
async function changeApplication(
  deps: Deps,
  read: () => Promise<{ application: StoredApplication; team: StoredInvite[]; relation: Relation }>,
  write: (found: { application: StoredApplication; team: StoredInvite[]; relation: Relation }) => Promise<'saved' | 'changed'>,
): Promise<Application> {
  for (let attempt = 0; attempt < CHANGED_ATTEMPTS; attempt++) {
    const found = await read();
    if ((await write(found)) === 'saved') {
      const after = await deps.applications.get(found.application.id);
      if (!after) throw notFound('Application');
      return toApplication(after.application, after.team, found.relation);
    }
  }
  throw new DomainError('Conflict', APPLICATION_CHANGED_MESSAGE);
}

function checkTeam(opportunity: StoredOpportunity, leader: Actor, members: readonly TeamMemberInput[], existing: readonly StoredInvite[] = []): void {
  if (!opportunity.allowTeams) throw new DomainError('Conflict', M.teamsNotAllowed);
  const max = opportunity.maxTeamSize ?? MAX_TEAM_SIZE;
  if (1 + existing.length + members.length > max) {
    throw invalid([{ field: 'body.members', message: M.teamTooBig(max) }]);
  }
  const seen = new Set(existing.map((m) => m.email));
  const errors: FieldError[] = [];
  members.forEach((member, i) => {
    if (leader.email && member.email === leader.email) errors.push({ field: `body.members.${i}.email`, message: M.leaderInTeam });
    else if (seen.has(member.email)) errors.push({ field: `body.members.${i}.email`, message: M.alreadyInvited(member.email) });
    seen.add(member.email);
  });
  if (errors.length) throw invalid(errors);
}

/**
 * POST /volunteer/session/{sessionId}/individualApply and .../teamApply: takes the places (1, or the leader plus each
 * member) in one transaction. A full session, one that ended, or one the member already applied for is refused with
 * 409 saying which; the same Idempotency-Key again answers the application it created.
 */
export async function apply(
  deps: Deps,
  actor: Actor,
  sessionId: string,
  request: { kind: 'Individual'; message?: string } | ({ kind: 'Team' } & TeamApply),
  idempotencyKey?: string,
): Promise<Application> {
  const session = await deps.opportunities.getSession(sessionId);
  if (!session) throw notFound('Session');
  const opportunity = await deps.opportunities.get(session.opportunityId);
  if (!opportunity) throw notFound('Session');
  const workplaces = await deps.roles.workplacesOf(actor.memberId);
  const viewer = { actor, workplaceIds: new Set(workplaces.map((w) => w.workplaceId)) };
  if (!isListedFor(opportunity, viewer)) {
    if (opportunity.contentStatus === 'Live' && opportunity.isOnline) throw new DomainError('Forbidden', M.exclusive);
    throw new DomainError('Conflict', M.notTakingApplications);
  }
  const now = deps.clock.now();
  const applied = applicationSession(opportunity, session, now);
  if (applied.hasEnded) throw new DomainError('Conflict', M.sessionEnded);
  if (request.kind === 'Team') checkTeam(opportunity, actor, request.members);

  const existing = await deps.applications.findForSession(sessionId, actor.memberId);
  if (existing) return repeatOrRefuse(deps, actor, existing.id, idempotencyKey);

  const at = now.toISOString();
  const invites: StoredInvite[] =
    request.kind === 'Team'
      ? request.members.map((m) => ({ applicationId: '', email: m.email, firstName: m.firstName, lastName: m.lastName, responseStatus: 'AwaitingResponse', invitedAt: at }))
      : [];
  const application: StoredApplication = {
    id: deps.newId(),
    applicationType: request.kind,
    status: 'Applied',
    opportunityId: opportunity.id,
    opportunityTitle: opportunity.title,
    opportunityUrl: opportunity.opportunityUrl,
    imageUrl: opportunity.imageUrl,
    charity: opportunity.charity,
    country: opportunity.country,
    sessionId,
    session: applied.session,
    applicant: { memberId: actor.memberId, email: actor.email ?? '', firstName: actor.firstName, lastName: actor.lastName },
    applicantWorkplaces: workplaces.map((w) => ({ workplaceId: w.workplaceId, workplaceName: w.workplaceName })),
    seats: 1 + invites.length,
    ...(request.message ? { message: request.message } : {}),
    ...(request.kind === 'Team' ? { teamName: request.teamName } : {}),
    ...(opportunity.fee ? { fee: opportunity.fee } : {}),
    ...(opportunity.recurringSchedule ? { hoursPerSession: opportunity.recurringSchedule.hoursPerSession } : {}),
    ...(idempotencyKey ? { createKey: idempotencyKey } : {}),
    createdAt: at,
    updatedAt: at,
    revision: 1,
  };
  const team = invites.map((invite) => ({ ...invite, applicationId: application.id }));
  const outcome = await deps.applications.apply(
    application,
    team,
    {
      id: application.id,
      country: opportunity.country,
      charityName: opportunity.charity.name,
      charityUrl: opportunity.charity.charityUrl,
      opportunityTitle: opportunity.title,
      opportunityUrl: opportunity.opportunityUrl,
      applicationType: application.applicationType,
      seats: application.seats,
      createdOn: at,
    },
    at,
  );
  switch (outcome.outcome) {
    case 'applied':
      await mailInvites(deps, application, team);
      return toApplication(application, team, { applicant: true, charityView: false, charityManage: false });
    case 'full':
      if (outcome.ended) throw new DomainError('Conflict', M.sessionEnded);
      throw new DomainError('Conflict', outcome.remaining <= 0 ? M.sessionFull : M.notEnoughPlaces(application.seats, outcome.remaining));
    case 'alreadyApplied':
      return repeatOrRefuse(deps, actor, outcome.applicationId, idempotencyKey);
    case 'notOpen':
      throw new DomainError('Conflict', M.notTakingApplications);
    case 'busy':
      throw new DomainError('Conflict', SESSION_BUSY_MESSAGE);
  }
}

async function repeatOrRefuse(deps: Deps, actor: Actor, applicationId: string, idempotencyKey: string | undefined): Promise<Application> {
  const found = await deps.applications.get(applicationId);
  if (found && idempotencyKey && found.application.createKey === idempotencyKey) {
    return toApplication(found.application, found.team, { applicant: found.application.applicant.memberId === actor.memberId, charityView: false, charityManage: false });
  }
  throw new DomainError('Conflict', M.alreadyApplied);
}

/**
 * What an application keeps of its session, and whether that session is over. A recurring role's application starts
 * from the roster's next meeting and keeps the schedule (the volunteer meets on it from then on); its roster is over
 * once the schedule has no meeting left.
 */
export function applicationSession(
  opportunity: Pick<StoredOpportunity, 'country' | 'location' | 'recurringSchedule'>,
  session: Pick<StoredSession, 'startsAt' | 'endsAt' | 'sessionTotalHours' | 'location'>,
  now: Date,
): { session: StoredApplication['session']; hasEnded: boolean } {
  const location = session.location ?? opportunity.location;
  const meeting = rosterMeeting(opportunity, session, now);
  return {
    session: {
      startsAt: meeting?.startsAt ?? session.startsAt,
      endsAt: meeting?.endsAt ?? session.endsAt ?? session.startsAt,
      ...(session.sessionTotalHours !== undefined ? { sessionTotalHours: session.sessionTotalHours } : {}),
      ...(location ? { location } : {}),
      ...(opportunity.recurringSchedule ? { recurringSchedule: opportunity.recurringSchedule } : {}),
    },
    hasEnded: meeting ? meeting.hasEnded : hasEnded(session, now),
  };
}

/** E-mails each invited member (the leader can re-send with reInvite, so a failed send does not undo the application). */
async function mailInvites(deps: Deps, application: StoredApplication, invites: readonly StoredInvite[]): Promise<void> {
  if (invites.length === 0) return;
  const { mailer, siteUrl } = mailOf(deps);
  const link = `${siteUrl}/${application.country}/admin/user/volunteering/application`;
  const leader = fullName(application.applicant) || application.applicant.email;
  for (const invite of invites) {
    const subject = `${leader} invited you to volunteer: ${application.opportunityTitle}`;
    const text = [
      `Kia ora${invite.firstName ? ` ${invite.firstName}` : ''},`,
      '',
      `${leader} has invited you to join the team "${application.teamName ?? ''}" volunteering with ${application.charity.name}: ${application.opportunityTitle}, starting ${localDateText(application.session.startsAt, application.country, 'dayTime')}.`,
      `Sign in with this e-mail address and answer the invitation (Going or Not going): ${link}`,
    ].join('\n');
    try {
      await mailer.send({ to: invite.email, subject, text, html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>` });
    } catch (error) {
      deps.log?.warn('team invitation e-mail failed', { applicationId: application.id, error });
    }
  }
}

export async function getApplication(deps: Deps, actor: Actor, applicationId: string): Promise<Application> {
  const { application, team, relation } = await readApplication(deps, actor, applicationId);
  return toApplication(application, team, relation);
}

/** GET /volunteer/application/{applicationId}/edit — the applicant's own application, for its edit form. */
export async function getApplicationEdit(deps: Deps, actor: Actor, applicationId: string): Promise<Application> {
  const { application, team, relation } = await ownApplication(deps, actor, applicationId);
  return toApplication(application, team, relation);
}

/** GET /volunteering/charity/{charityId}/volunteer/application/{applicationId} — one of the charity's applications (404 for another charity's). */
export async function getCharityApplication(deps: Deps, actor: Actor, charityId: string, applicationId: string): Promise<Application> {
  const found = await deps.applications.get(applicationId);
  if (!found || found.application.charity.id !== charityId) throw notFound('Application');
  return toApplication(found.application, found.team, await relationOf(deps, actor, found.application, found.team));
}

/** GET /volunteer/session/{sessionId}/application — the caller's application for the session. */
export async function getMySessionApplication(deps: Deps, actor: Actor, sessionId: string): Promise<Application> {
  const mine = await deps.applications.findForSession(sessionId, actor.memberId);
  if (!mine) throw notFound('Application');
  return getApplication(deps, actor, mine.id);
}

/** GET /volunteer/application/me */
export async function myApplications(deps: Deps, actor: Actor): Promise<MyApplications> {
  const own = await deps.applications.listByMember(actor.memberId);
  const mine = await Promise.all(own.map(async (application) => ({ application, team: application.applicationType === 'Team' ? ((await deps.applications.get(application.id))?.team ?? []) : [] })));
  const invites = actor.email ? await deps.applications.invitesFor(actor.email) : [];
  const invitations = (
    await Promise.all(
      invites.map(async (invite) => {
        const found = await deps.applications.get(invite.applicationId);
        if (!found || found.application.applicant.memberId === actor.memberId) return undefined;
        const application = toApplication(found.application, found.team, { applicant: false, invitee: invite, charityView: false, charityManage: false });
        return { application, myResponse: invite.responseStatus };
      }),
    )
  ).filter((i) => i !== undefined);
  const applications = mine.map(({ application, team }) => toApplication(application, team, { applicant: true, charityView: false, charityManage: false }));
  return {
    applications,
    invitations,
    feedbackDue: applications.filter((a) => a.allowedActions.includes('volunteerFeedback')).map((a) => a.id),
  };
}

/** PATCH /volunteer/application/{applicationId}/cancel — the applicant withdraws (Retracted); the places go back at once. */
export async function cancelApplication(deps: Deps, actor: Actor, applicationId: string): Promise<Application> {
  return changeApplication(
    deps,
    () => ownApplication(deps, actor, applicationId),
    ({ application }) => {
      const status = nextStatus(application.status, 'cancel');
      return deps.applications.release(application, fromStatusesOf('cancel'), { status, seats: 0, updatedAt: deps.clock.now().toISOString() });
    },
  );
}

/** PATCH .../accept (the charity). */
export async function acceptApplication(deps: Deps, actor: Actor, charityId: string, applicationId: string): Promise<Application> {
  return changeApplication(
    deps,
    () => charityApplication(deps, actor, charityId, applicationId),
    ({ application }) => deps.applications.update(application, fromStatusesOf('accept'), { status: nextStatus(application.status, 'accept'), updatedAt: deps.clock.now().toISOString() }),
  );
}

/** PATCH .../decline (the charity): Declined, and the places go back. */
export async function declineApplication(deps: Deps, actor: Actor, charityId: string, applicationId: string, reason?: string): Promise<Application> {
  return changeApplication(
    deps,
    () => charityApplication(deps, actor, charityId, applicationId),
    ({ application }) =>
      deps.applications.release(application, fromStatusesOf('decline'), {
        status: nextStatus(application.status, 'decline'),
        seats: 0,
        ...(reason ? { declineReason: reason } : {}),
        updatedAt: deps.clock.now().toISOString(),
      }),
  );
}

async function charityApplication(deps: Deps, actor: Actor, charityId: string, applicationId: string) {
  const found = await deps.applications.get(applicationId);
  if (!found || found.application.charity.id !== charityId) throw notFound('Application');
  return { ...found, relation: await relationOf(deps, actor, found.application, found.team) };
}

/**
 * Completes an Accepted application once its session has started (by the applicant or the charity): the hours each
 * volunteer gave (the session's, else the recurring schedule's, else the ones given) times the volunteers counted.
 * The stored Completed application is published as VolunteerHoursRecorded (the table stream), once.
 */
export async function completeApplication(
  deps: Deps,
  actor: Actor,
  applicationId: string,
  by: { charityId: string } | 'applicant',
  hoursGiven?: number,
): Promise<Application> {
  return changeApplication(
    deps,
    () => (by === 'applicant' ? ownApplication(deps, actor, applicationId) : charityApplication(deps, actor, by.charityId, applicationId)),
    ({ application, team }) => {
      const status = nextStatus(application.status, 'complete');
      if (Date.parse(application.session.startsAt) > deps.clock.now().getTime()) throw new DomainError('Conflict', M.notStartedYet);
      const hoursPerPerson = application.session.sessionTotalHours ?? hoursGiven ?? application.hoursPerSession;
      if (hoursPerPerson === undefined) throw invalid([{ field: 'body.hoursPerPerson', message: M.hoursRequired }]);
      const at = deps.clock.now().toISOString();
      return deps.applications.update(application, fromStatusesOf('complete'), {
        status,
        hours: creditedHours(application, team, hoursPerPerson),
        completedBy: by === 'applicant' ? 'Applicant' : 'Charity',
        completedAt: at,
        updatedAt: at,
      });
    },
  );
}

function feedbackFrom(actor: Actor, input: FeedbackInput, at: string): Feedback {
  return {
    rating: input.rating,
    ...(input.comment ? { comment: input.comment } : {}),
    answers: input.answers ?? [],
    givenBy: { memberId: actor.memberId, name: fullName(actor) || 'A member' },
    givenAt: at,
  };
}

/** POST .../volunteerFeedback (the applicant) and .../charityFeedback (the charity's volunteering staff). */
export async function giveFeedback(deps: Deps, actor: Actor, applicationId: string, side: Extract<LifecycleMove, 'volunteerFeedback' | 'charityFeedback'>, input: FeedbackInput) {
  return changeApplication(
    deps,
    async () => {
      const found = await readApplication(deps, actor, applicationId);
      if (side === 'volunteerFeedback' && !found.relation.applicant) throw new DomainError('Forbidden', M.notYourApplication);
      if (side === 'charityFeedback' && !found.relation.charityManage) throw new DomainError('Forbidden');
      return found;
    },
    ({ application }) => {
      const status = nextStatus(application.status, side);
      const feedback = feedbackFrom(actor, input, deps.clock.now().toISOString());
      return deps.applications.update(application, fromStatusesOf(side), { status, [side]: feedback, updatedAt: feedback.givenAt });
    },
  );
}

/** GET .../charityFeedback: the charity's feedback on the volunteer (the applicant and the charity see it). */
export async function getCharityFeedback(deps: Deps, actor: Actor, applicationId: string): Promise<Feedback> {
  const { application, relation } = await readApplication(deps, actor, applicationId);
  if (!relation.applicant && !relation.charityView) throw notFound('Application');
  if (!application.charityFeedback) throw notFound('Feedback');
  return application.charityFeedback;
}

/** PATCH /volunteer/application/individual|team/{applicationId} — the applicant changes their message or team name. */
export async function editApplication(deps: Deps, actor: Actor, applicationId: string, kind: 'Individual' | 'Team', change: { message?: string; teamName?: string }) {
  return changeApplication(
    deps,
    async () => {
      const found = await ownApplication(deps, actor, applicationId);
      if (found.application.applicationType !== kind) throw notFound('Application');
      return found;
    },
    ({ application }) => {
      requireOpen(application.status, 'edit');
      return deps.applications.update(application, ['Applied', 'Accepted'], {
        ...(change.message !== undefined ? { message: change.message } : {}),
        ...(kind === 'Team' && change.teamName ? { teamName: change.teamName } : {}),
        updatedAt: deps.clock.now().toISOString(),
      });
    },
  );
}

/** DELETE /volunteer/application/{applicationId} — before acceptance (the places go back) or once Retracted/Declined. */
export async function deleteApplication(deps: Deps, actor: Actor, applicationId: string): Promise<void> {
  for (let attempt = 0; attempt < CHANGED_ATTEMPTS; attempt++) {
    const { application, team } = await ownApplication(deps, actor, applicationId);
    requireDeletable(application.status);
    if ((await deps.applications.delete(application, team)) === 'deleted') return;
  }
  throw new DomainError('Conflict', APPLICATION_CHANGED_MESSAGE);
}

/** POST /volunteer/application/{applicationId}/contact — e-mails the opportunity's contact, with the applicant's address to reply to. */
export async function contactCharity(deps: Deps, actor: Actor, applicationId: string, message: string): Promise<void> {
  const { application } = await ownApplication(deps, actor, applicationId);
  const opportunity = await deps.opportunities.get(application.opportunityId);
  if (!opportunity) throw notFound('Opportunity');
  const who = fullName(application.applicant) || 'A volunteer';
  const text = [
    `${who} (${application.applicant.email || 'no verified e-mail'}) wrote about their ${application.applicationType.toLowerCase()} application for "${application.opportunityTitle}" (session starting ${localDateText(application.session.startsAt, application.country, 'dayTime')}):`,
    '',
    message,
    '',
    `Reply to ${application.applicant.email || 'them through the charity console'}.`,
  ].join('\n');
  await mailOf(deps).mailer.send({
    to: opportunity.contactEmail,
    subject: `A volunteer wrote about ${application.opportunityTitle}`,
    text,
    html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`,
  });
}

/* Teams. */

function toTeam(application: StoredApplication, team: readonly StoredInvite[]): Team {
  const due = feeDue(application.fee, application.seats);
  return {
    applicationId: application.id,
    teamName: application.teamName ?? '',
    leader: application.applicant,
    members: team.map(toTeamMember),
    seats: application.seats,
    ...(application.fee && due ? { fee: { amount: application.fee.amount, feeType: application.fee.feeType, due } } : {}),
  };
}

async function teamApplication(deps: Deps, actor: Actor, applicationId: string) {
  const found = await readApplication(deps, actor, applicationId);
  if (found.application.applicationType !== 'Team') throw notFound('Team application');
  return found;
}

/** GET /volunteer/application/team/{applicationId}/team */
export async function getTeam(deps: Deps, actor: Actor, applicationId: string): Promise<Team> {
  const { application, team } = await teamApplication(deps, actor, applicationId);
  return toTeam(application, team);
}

/** GET /volunteer/application/team/{applicationId} */
export async function getTeamApplication(deps: Deps, actor: Actor, applicationId: string): Promise<Application> {
  const { application, team, relation } = await teamApplication(deps, actor, applicationId);
  return toApplication(application, team, relation);
}

async function leaderOf(deps: Deps, actor: Actor, applicationId: string) {
  const found = await teamApplication(deps, actor, applicationId);
  if (!found.relation.applicant) throw new DomainError('Forbidden', M.notYourApplication);
  return found;
}

/** POST /volunteer/application/team/{applicationId}/invite — the leader adds members; each takes a place at once. */
export async function inviteMembers(deps: Deps, actor: Actor, applicationId: string, members: TeamMemberInput[]): Promise<Team> {
  for (let attempt = 0; attempt < CHANGED_ATTEMPTS; attempt++) {
    const { application, team } = await leaderOf(deps, actor, applicationId);
    requireOpen(application.status, 'invite');
    const opportunity = await deps.opportunities.get(application.opportunityId);
    if (!opportunity) throw notFound('Opportunity');
    checkTeam(opportunity, actor, members, team);
    const at = deps.clock.now().toISOString();
    const invites: StoredInvite[] = members.map((m) => ({ applicationId, email: m.email, firstName: m.firstName, lastName: m.lastName, responseStatus: 'AwaitingResponse', invitedAt: at }));
    const outcome = await deps.applications.addInvites(application, invites);
    if (outcome === 'changed') continue;
    if (typeof outcome === 'object') throw new DomainError('Conflict', outcome.full <= 0 ? M.sessionFull : M.notEnoughPlaces(invites.length, outcome.full));
    await mailInvites(deps, application, invites);
    return getTeam(deps, actor, applicationId);
  }
  throw new DomainError('Conflict', APPLICATION_CHANGED_MESSAGE);
}

/** PATCH /volunteer/application/team/{applicationId}/me/response — an invited member answers Going or NotGoing. */
export async function respondToInvitation(deps: Deps, actor: Actor, applicationId: string, response: Exclude<ResponseStatus, 'AwaitingResponse'>): Promise<Team> {
  for (let attempt = 0; attempt < CHANGED_ATTEMPTS; attempt++) {
    const found = await deps.applications.get(applicationId);
    const invite = actor.email ? found?.team.find((m) => m.email === actor.email) : undefined;
    if (!found || found.application.applicationType !== 'Team') throw notFound('Team application');
    if (!invite) throw new DomainError('Forbidden', M.notInvited);
    requireOpen(found.application.status, 'respond');
    const seatDelta = ((holdsPlace(response) ? 1 : 0) - (holdsPlace(invite.responseStatus) ? 1 : 0)) as -1 | 0 | 1;
    const next: StoredInvite = { ...invite, responseStatus: response, respondedAt: deps.clock.now().toISOString() };
    const outcome = await deps.applications.respond(found.application, invite, next, seatDelta);
    if (outcome === 'changed') continue;
    if (typeof outcome === 'object') throw new DomainError('Conflict', M.sessionFull);
    const after = await deps.applications.get(applicationId);
    if (!after) throw notFound('Team application');
    return toTeam(after.application, after.team);
  }
  throw new DomainError('Conflict', APPLICATION_CHANGED_MESSAGE);
}

/** PATCH /volunteer/application/team/{applicationId}/reInvite — e-mails members again; a NotGoing member is asked again and retakes a place. */
export async function reInviteMembers(deps: Deps, actor: Actor, applicationId: string, emails: string[]): Promise<Team> {
  const { application, team } = await leaderOf(deps, actor, applicationId);
  requireOpen(application.status, 'invite');
  const unknown = emails.flatMap((email, i) => (team.some((m) => m.email === email) ? [] : [{ field: `body.emails.${i}`, message: 'This person is not in the team.' }]));
  if (unknown.length) throw invalid(unknown);
  const asked: StoredInvite[] = [];
  for (const email of new Set(emails)) {
    for (let attempt = 0; ; attempt++) {
      const current = await deps.applications.get(applicationId);
      const invite = current?.team.find((m) => m.email === email);
      if (!current || !invite) throw notFound('Team application');
      if (invite.responseStatus === 'Going') break;
      const next: StoredInvite = { ...invite, responseStatus: 'AwaitingResponse', invitedAt: deps.clock.now().toISOString(), respondedAt: undefined };
      const outcome = await deps.applications.respond(current.application, invite, next, invite.responseStatus === 'NotGoing' ? 1 : 0);
      if (outcome === 'saved') {
        asked.push(next);
        break;
      }
      if (typeof outcome === 'object') throw new DomainError('Conflict', M.sessionFull);
      if (attempt >= CHANGED_ATTEMPTS) throw new DomainError('Conflict', APPLICATION_CHANGED_MESSAGE);
    }
  }
  await mailInvites(deps, application, asked);
  return getTeam(deps, actor, applicationId);
}

/** GET /volunteer/opportunity/{opportunityId}/applicants — the charity's (or the back office's) view of who applied. */
export async function listApplicants(deps: Deps, actor: Actor | 'backOffice', opportunityId: string): Promise<{ items: Application[] }> {
  const opportunity = await deps.opportunities.get(opportunityId);
  if (!opportunity) throw notFound('Opportunity');
  const relation = { applicant: false, charityView: true, charityManage: true };
  if (actor !== 'backOffice') {
    relation.charityManage = await hasCharityPermission(deps.roles, actor, opportunity.charity.id, 'Charity_VolunteeringManage');
    if (!relation.charityManage && !(await hasCharityPermission(deps.roles, actor, opportunity.charity.id, 'Charity_VolunteeringView'))) throw new DomainError('Forbidden');
  }
  const applications = await deps.applications.listByOpportunity(opportunityId);
  const items = await Promise.all(
    applications.map(async (application) => {
      const team = application.applicationType === 'Team' ? ((await deps.applications.get(application.id))?.team ?? []) : [];
      return toApplication(application, team, relation);
    }),
  );
  return { items };
}

/** Charity console: every application to the charity's opportunities, newest first (?status=). */
export async function listCharityApplications(deps: Deps, actor: Actor, charityId: string, status?: string): Promise<{ items: Application[] }> {
  const relation = { applicant: false, charityView: true, charityManage: await hasCharityPermission(deps.roles, actor, charityId, 'Charity_VolunteeringManage') };
  const applications = (await deps.applications.listByCharity(charityId)).filter((a) => !status || a.status === status);
  return { items: applications.map((application) => toApplication(application, [], relation)) };
}

