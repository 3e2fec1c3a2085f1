import type { Feedback } from '@giving/shared/contracts/volunteering';
import { ERASED_MEMBER_NAME, type ErasedDataset, type PersonalDataRow, type PersonalDataset } from '@giving/shared/personal-data';
import { FEEDBACK_QUESTIONS } from './applications';
import type { ApplicationStore, MemberDataStore, ReferenceStore, StoredApplication, StoredInvite } from './ports';

/**
 * Volunteering's part of "Download my data" and "Delete my account" (issue 17 item 7).
 *
 * Collect: everything volunteering holds about the member (their applications and hours, feedback they gave or got,
 * team invitations to their e-mail, volunteering they recorded themselves, comments, and its copies of their names
 * and roles), and nothing of anyone else (a team's other members, who gave the charity's feedback).
 *
 * Erase (safe to run again: every step finds only what is still theirs):
 * - Applications that were never completed are deleted (any places they hold go back to the session).
 * - Completed ones stay, because their hours count in the charity's records and the site's totals, without who
 *   applied ("Deleted member"), their message and team name, the written parts of either side's feedback, and the
 *   index key and session claim that find them by member.
 * - Team invitations to their e-mail stay in the team (the places and answers count) addressed to nobody.
 * - Charity feedback they gave (as a charity's staff) stays, given by "Deleted member".
 * - Volunteering they recorded themselves, their comments and the copies of their names and roles are deleted.
 */

export interface MemberRef {
  memberId: string;
  /** Lower case. */
  email: string;
}

type Deps = {
  applications: Pick<ApplicationStore, 'listByMember' | 'get' | 'delete' | 'invitesFor'>;
  reference: Pick<ReferenceStore, 'listExternalFeedback'>;
  memberData: MemberDataStore;
  clock: { now(): Date };
  newId: () => string;
};

/** Statuses whose hours were counted: the charity's records need the application. */
const COMPLETED = new Set(['Completed', 'UserFeedbackGiven', 'CharityFeedbackGiven', 'BothFeedbacksGiven']);
/** Questions answered with a rating or yes/no: such answers say nothing of who gave them. */
const CLOSED_QUESTIONS = new Set(FEEDBACK_QUESTIONS.filter((question) => question.kind !== 'text').map((question) => question.id));
const CLOSED_ANSWER = /^(yes|no|true|false)$/i;
/** A change that lost a race with another writer is tried again from a fresh read, this many times. */
const ATTEMPTS = 5;

export const DATASETS = {
  applications: 'applications',
  hours: 'hours',
  feedback: 'feedback',
  invitations: 'team-invitations',
  external: 'external-volunteering',
  comments: 'comments',
  names: 'names',
  roles: 'roles',
} as const;

const ANONYMOUS = { memberId: '', name: ERASED_MEMBER_NAME };

const feedbackRow = (application: StoredApplication, from: 'You' | 'The charity', feedback: Feedback): PersonalDataRow => ({
  applicationId: application.id,
  opportunity: application.opportunityTitle,
  charity: application.charity.name,
  givenBy: from === 'You' ? 'You' : `${application.charity.name}`,
  about: from === 'You' ? 'The volunteering role' : 'You, as a volunteer',
  rating: feedback.rating,
  comment: feedback.comment ?? null,
  answers: feedback.answers,
  givenAt: feedback.givenAt,
});

/** Everything volunteering holds about the member, as data sets (empty ones left out). */
export async function collectVolunteeringData(deps: Deps, member: MemberRef): Promise<PersonalDataset[]> {
  const [applications, invites, external, written, copies] = await Promise.all([
    deps.applications.listByMember(member.memberId),
    deps.applications.invitesFor(member.email),
    deps.reference.listExternalFeedback(member.memberId),
    deps.memberData.writtenBy(member.memberId),
    deps.memberData.copiesOf(member.memberId),
  ]);
  const mine = applications.filter((application) => application.applicant.memberId === member.memberId);

  const feedback: PersonalDataRow[] = [];
  for (const application of mine) {
    if (application.volunteerFeedback) feedback.push(feedbackRow(application, 'You', application.volunteerFeedback));
    if (application.charityFeedback) feedback.push(feedbackRow(application, 'The charity', application.charityFeedback));
  }
  // Feedback they gave for a charity, as its staff, is the charity's record about another person: the export says
  // only that their name is on it, never what it says or who it was about.
  for (const application of written.charityFeedbackGiven) {
    feedback.push({
      applicationId: application.id,
      opportunity: application.opportunityTitle,
      charity: application.charity.name,
      givenBy: `You, for ${application.charity.name}`,
      about: 'A volunteer',
      givenAt: application.charityFeedback!.givenAt,
    });
  }

  const invitations: PersonalDataRow[] = [];
  for (const invite of invites) {
    const found = await deps.applications.get(invite.applicationId);
    invitations.push({
      applicationId: invite.applicationId,
      opportunity: found?.application.opportunityTitle ?? null,
      charity: found?.application.charity.name ?? null,
      sessionStartsAt: found?.application.session.startsAt ?? null,
      email: invite.email,
      firstName: invite.firstName ?? null,
      lastName: invite.lastName ?? null,
      response: invite.responseStatus,
      invitedAt: invite.invitedAt,
      respondedAt: invite.respondedAt ?? null,
    });
  }

  const datasets: PersonalDataset[] = [
    {
      name: DATASETS.applications,
      description: 'Your applications to volunteer: the role, the charity, the session, the status and what you wrote, with your name and e-mail as the application keeps them.',
      rows: mine.map((application) => ({
        id: application.id,
        type: application.applicationType,
        status: application.status,
        opportunity: application.opportunityTitle,
        charity: application.charity.name,
        country: application.country,
        sessionStartsAt: application.session.startsAt,
        sessionEndsAt: application.session.endsAt,
        places: application.seats,
        message: application.message ?? null,
        teamName: application.teamName ?? null,
        fee: application.fee ? { cents: application.fee.amount.cents, currency: application.fee.amount.currency, feeType: application.fee.feeType } : null,
        firstName: application.applicant.firstName,
        lastName: application.applicant.lastName,
        email: application.applicant.email,
        workplaces: application.applicantWorkplaces.map((workplace) => workplace.workplaceName),
        declineReason: application.declineReason ?? null,
        completedBy: application.completedBy ?? null,
        completedAt: application.completedAt ?? null,
        createdAt: application.createdAt,
        updatedAt: application.updatedAt,
      })),
    },
    {
      name: DATASETS.hours,
      description: 'The hours you volunteered through Koha, as counted when each application was completed.',
      rows: mine
        .filter((application) => COMPLETED.has(application.status) && application.hours)
        .map((application) => ({
          applicationId: application.id,
          opportunity: application.opportunityTitle,
          charity: application.charity.name,
          hoursEach: application.hours!.hoursPerPerson,
          volunteers: application.hours!.volunteers,
          totalHours: application.hours!.totalHours,
          completedAt: application.completedAt ?? null,
        })),
    },
    { name: DATASETS.feedback, description: 'Feedback you gave about volunteering, and feedback charities gave about you.', rows: feedback },
    { name: DATASETS.invitations, description: "Invitations to join someone's volunteering team that were sent to your e-mail address, and your answers.", rows: invitations },
    {
      name: DATASETS.external,
      description: 'Volunteering you did outside Koha and recorded here yourself.',
      rows: external.map((record) => ({
        id: record.id,
        organisation: record.organisationName,
        activity: record.activity,
        date: record.date,
        hours: record.hours,
        rating: record.rating ?? null,
        comment: record.comment ?? null,
        recordedAt: record.createdAt,
      })),
    },
    {
      name: DATASETS.comments,
      description: 'Comments you wrote on volunteering roles.',
      rows: written.comments.map((comment) => ({ id: comment.id, opportunityId: comment.opportunityId, name: comment.author.name, text: comment.text, createdAt: comment.createdAt })),
    },
    {
      name: DATASETS.names,
      description: 'Your name as volunteering keeps it, to put on your applications.',
      rows: copies.names ? [{ firstName: copies.names.firstName, lastName: copies.names.lastName }] : [],
    },
    {
      name: DATASETS.roles,
      description: 'Your roles in charities and workplaces as volunteering keeps them, to decide what you may see and do.',
      rows: copies.roles.map((role) => ({ kind: role.kind, id: role.id, workplace: role.workplaceName ?? null, roles: role.roles })),
    },
  ];
  return datasets.filter((dataset) => dataset.rows.length > 0);
}

/** The written parts of feedback go with the person it was by or about; the rating and the yes/no answers stay. */
const withoutWriting = (feedback: Feedback, givenBy = feedback.givenBy): Feedback => ({
  rating: feedback.rating,
  answers: feedback.answers.filter(
    (answer) => CLOSED_QUESTIONS.has(answer.questionId) && (typeof answer.answer === 'number' || CLOSED_ANSWER.test(answer.answer)),
  ),
  givenBy,
  givenAt: feedback.givenAt,
});

/** The application as the charity's records keep it once its applicant deleted their account. */
export function anonymisedApplication(application: StoredApplication, at: string): StoredApplication {
  const {
    message: _message,
    teamName: _teamName,
    volunteerFeedback,
    charityFeedback,
    createKey: _createKey,
    ...kept
  } = application;
  return {
    ...kept,
    applicant: { memberId: '', email: '', firstName: ERASED_MEMBER_NAME, lastName: '' },
    ...(volunteerFeedback ? { volunteerFeedback: withoutWriting(volunteerFeedback, ANONYMOUS) } : {}),
    ...(charityFeedback ? { charityFeedback: withoutWriting(charityFeedback) } : {}),
    erasedAt: at,
    revision: application.revision + 1,
  };
}

/** A team invitation kept in its team (its place and answer count) addressed to nobody. */
export function anonymisedInvite(invite: StoredInvite, placeholder: string): StoredInvite {
  const { firstName: _first, lastName: _last, ...kept } = invite;
  return { ...kept, email: placeholder, firstName: ERASED_MEMBER_NAME };
}

/** A data set's tally while erasing (ErasedDataset, counted up). */
type Tally = { -readonly [K in keyof ErasedDataset]: ErasedDataset[K] };
const count = (name: string, erased = 0, anonymised = 0): Tally => ({ name, erased, anonymised });

/** Deletes what volunteering holds about the member, or removes who they were from what others need (see above). */
export async function eraseVolunteeringData(deps: Deps, member: MemberRef): Promise<ErasedDataset[]> {
  const at = deps.clock.now().toISOString();
  const applications = count(DATASETS.applications);
  const hours = count(DATASETS.hours);
  const feedback = count(DATASETS.feedback);

  for (const listed of await deps.applications.listByMember(member.memberId)) {
    for (let attempt = 1; ; attempt++) {
      const found = await deps.applications.get(listed.id);
      // Gone, or already kept without them (the index lags a moment behind).
      if (!found || found.application.applicant.memberId !== member.memberId) break;
      const { application, team } = found;
      const outcome = COMPLETED.has(application.status)
        ? await deps.memberData.anonymiseApplication(application, anonymisedApplication(application, at))
        : await deps.applications.delete(application, team);
      if (outcome === 'deleted') {
        applications.erased++;
        break;
      }
      if (outcome === 'saved') {
        applications.anonymised++;
        if (application.hours) hours.anonymised++;
        if (application.volunteerFeedback) feedback.anonymised++;
        if (application.charityFeedback) feedback.anonymised++;
        break;
      }
      if (attempt >= ATTEMPTS) throw new Error(`application ${application.id} kept changing while its applicant's data was erased`);
    }
  }

  const invitations = count(DATASETS.invitations);
  for (const invite of await deps.applications.invitesFor(member.email)) {
    // The invitation's key is its e-mail: a fresh placeholder keeps it apart from the team's other members.
    const placeholder = `deleted-member-${deps.newId().toLowerCase()}`;
    if ((await deps.memberData.anonymiseInvite(invite, anonymisedInvite(invite, placeholder), invite.invitedAt)) === 'saved') invitations.anonymised++;
  }

  const written = await deps.memberData.writtenBy(member.memberId);
  for (const application of written.charityFeedbackGiven) {
    if ((await deps.memberData.replaceCharityFeedbackGiver(application.id, member.memberId, ANONYMOUS)) === 'saved') feedback.anonymised++;
  }
  const comments = count(DATASETS.comments);
  for (const comment of written.comments) {
    await deps.memberData.deleteComment(comment);
    comments.erased++;
  }

  const external = count(DATASETS.external);
  for (const record of await deps.reference.listExternalFeedback(member.memberId)) {
    await deps.memberData.deleteExternalFeedback(record.id);
    external.erased++;
  }

  // Last: the copies say who the member is until everything that names them is done.
  const copies = await deps.memberData.deleteCopies(member.memberId);
  return [applications, hours, feedback, invitations, external, comments, count(DATASETS.names, copies.names), count(DATASETS.roles, copies.roles)];
}
