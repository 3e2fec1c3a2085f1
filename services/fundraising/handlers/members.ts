import {
  eventIdParams,
  eventInvitationParams,
  eventMemberParams,
  invitationAnswerSchema,
  invitationIdParams,
  inviteSchema,
  memberUpdateSchema,
  pageIdParams,
  pageInvitationParams,
  pageMemberParams,
} from '@giving/shared/contracts/fundraising';
import type { ZodMiniType } from 'zod/mini';
import { created, noContent, ok } from '@giving/shared/lambda/http';
import { deps, depsWithMail } from '../adapters';
import * as use from '../domain/members';
import type { TeamKind } from '../domain/ports';
import { actorOf, fundraisingRoute } from '../http';

/** GET /fundraising/roles */
export const roles = fundraisingRoute({}, async () => ok(use.FUNDRAISING_ROLE_CATALOGUE));

/** GET /fundraising/me */
export const mine = fundraisingRoute({}, async (request) => ok(await use.mine(deps(), await actorOf(request))));

/** GET /fundraising/me/invitations */
export const myInvitations = fundraisingRoute({}, async (request) => ok(await use.myInvitations(deps(), await actorOf(request))));

/** PATCH /fundraising/me/invitations/{invitationId} */
export const answerInvitation = fundraisingRoute({ params: invitationIdParams, body: invitationAnswerSchema }, async (request) =>
  ok(await use.answerInvitation(deps(), await actorOf(request), request.params.invitationId, request.body.answer)),
);

/** The same team routes for events ({eventId}) and pages ({pageId}). */
function teamHandlers(kind: TeamKind) {
  // One schema per kind; the handlers read the id by kind (idOf), so the shapes are typed loosely here.
  const idParams = (kind === 'event' ? eventIdParams : pageIdParams) as unknown as ZodMiniType<Record<string, string>>;
  const memberParams = (kind === 'event' ? eventMemberParams : pageMemberParams) as unknown as ZodMiniType<Record<string, string> & { memberId: string }>;
  const invitationParams = (kind === 'event' ? eventInvitationParams : pageInvitationParams) as unknown as ZodMiniType<Record<string, string> & { invitationId: string }>;
  const idOf = (params: Record<string, string>) => (kind === 'event' ? params.eventId! : params.pageId!);
  return {
    Me: fundraisingRoute({ params: idParams }, async (request) => ok(await use.myRole(deps(), await actorOf(request), kind, idOf(request.params)))),
    Members: fundraisingRoute({ params: idParams }, async (request) => ok(await use.listMembers(deps(), await actorOf(request), kind, idOf(request.params)))),
    Join: fundraisingRoute({ params: idParams }, async (request) => ok(await use.join(deps(), await actorOf(request), kind, idOf(request.params)))),
    UpdateMember: fundraisingRoute({ params: memberParams, body: memberUpdateSchema }, async (request) =>
      ok(await use.updateMember(deps(), await actorOf(request), kind, idOf(request.params), request.params.memberId, request.body.role)),
    ),
    RemoveMember: fundraisingRoute({ params: memberParams }, async (request) => {
      await use.removeMember(deps(), await actorOf(request), kind, idOf(request.params), request.params.memberId);
      return noContent();
    }),
    Invitations: fundraisingRoute({ params: idParams }, async (request) => ok(await use.listInvitations(deps(), await actorOf(request), kind, idOf(request.params)))),
    Invite: fundraisingRoute({ params: idParams, body: inviteSchema }, async (request) =>
      created(await use.invite(depsWithMail(), await actorOf(request), kind, idOf(request.params), request.body)),
    ),
    RemoveInvitation: fundraisingRoute({ params: invitationParams }, async (request) => {
      await use.removeInvitation(deps(), await actorOf(request), kind, idOf(request.params), request.params.invitationId);
      return noContent();
    }),
    ResendInvitation: fundraisingRoute({ params: invitationParams }, async (request) => {
      await use.resendInvitation(depsWithMail(), await actorOf(request), kind, idOf(request.params), request.params.invitationId);
      return noContent();
    }),
  };
}

const event = teamHandlers('event');
const page = teamHandlers('page');

export const eventMe = event.Me;
export const eventMembers = event.Members;
export const eventJoin = event.Join;
export const eventUpdateMember = event.UpdateMember;
export const eventRemoveMember = event.RemoveMember;
export const eventInvitations = event.Invitations;
export const eventInvite = event.Invite;
export const eventRemoveInvitation = event.RemoveInvitation;
export const eventResendInvitation = event.ResendInvitation;
export const pageMe = page.Me;
export const pageMembers = page.Members;
export const pageJoin = page.Join;
export const pageUpdateMember = page.UpdateMember;
export const pageRemoveMember = page.RemoveMember;
export const pageInvitations = page.Invitations;
export const pageInvite = page.Invite;
export const pageRemoveInvitation = page.RemoveInvitation;
export const pageResendInvitation = page.ResendInvitation;
