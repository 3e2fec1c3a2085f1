import type { WorkplaceMember } from '@giving/shared/contracts/accounts';

/** A member's name as lists show it; their e-mail when they have not given one. */
export const memberName = (member: Pick<WorkplaceMember, 'firstName' | 'lastName' | 'email'>) => `${member.firstName} ${member.lastName}`.trim() || member.email;
