import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from '@giving/shared/contracts/volunteering';
import { DomainError } from '@giving/shared/errors';
import { allowedActions, fromStatusesOf, nextStatus, requireDeletable, requireOpen, TRANSITIONS, type LifecycleMove } from './lifecycle';

const MOVES: LifecycleMove[] = ['accept', 'decline', 'cancel', 'complete', 'volunteerFeedback', 'charityFeedback'];

describe('the application lifecycle', () => {
  it('has a row for every status', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...APPLICATION_STATUSES].sort());
  });

  it.each([
    ['Applied', 'accept', 'Accepted'],
    ['Applied', 'decline', 'Declined'],
    ['Applied', 'cancel', 'Retracted'],
    ['Accepted', 'complete', 'Completed'],
    ['Accepted', 'cancel', 'Retracted'],
    ['Accepted', 'decline', 'Declined'],
    ['Completed', 'volunteerFeedback', 'UserFeedbackGiven'],
    ['Completed', 'charityFeedback', 'CharityFeedbackGiven'],
    ['UserFeedbackGiven', 'charityFeedback', 'BothFeedbacksGiven'],
    ['CharityFeedbackGiven', 'volunteerFeedback', 'BothFeedbacksGiven'],
  ] as const)('%s --%s--> %s', (from, move, to) => {
    expect(nextStatus(from, move)).toBe(to);
  });

  it('refuses every other move with a 409 naming the move and the status', () => {
    let refused = 0;
    for (const status of APPLICATION_STATUSES) {
      for (const move of MOVES) {
        if (TRANSITIONS[status][move]) continue;
        refused++;
        let error: unknown;
        try {
          nextStatus(status, move);
        } catch (caught) {
          error = caught;
        }
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).code).toBe('Conflict');
        expect((error as DomainError).message).toContain(status);
      }
    }
    expect(refused).toBe(APPLICATION_STATUSES.length * MOVES.length - 10);
    expect(() => nextStatus('Completed', 'cancel')).toThrow('You cannot cancel an application that is Completed.');
    expect(() => nextStatus('Retracted', 'accept')).toThrow('You cannot accept an application that is Retracted.');
  });

  it('knows where each move may start from (what the conditional write checks)', () => {
    expect(fromStatusesOf('cancel')).toEqual(['Applied', 'Accepted']);
    expect(fromStatusesOf('volunteerFeedback')).toEqual(['Completed', 'CharityFeedbackGiven']);
  });

  it('lets the applicant edit only open applications and delete only unused ones', () => {
    expect(() => requireOpen('Accepted', 'edit')).not.toThrow();
    expect(() => requireOpen('Completed', 'edit')).toThrow(DomainError);
    expect(() => requireDeletable('Retracted')).not.toThrow();
    expect(() => requireDeletable('Accepted')).toThrow('Cancel this application before deleting it.');
    expect(() => requireDeletable('BothFeedbacksGiven')).toThrow('Completed applications are kept for your volunteering history.');
  });

  it('offers each side only its own moves', () => {
    expect(allowedActions('Applied', { applicant: false, charity: true, team: false })).toEqual(['accept', 'decline']);
    expect(allowedActions('Applied', { applicant: true, charity: false, team: true })).toEqual(['cancel', 'edit', 'contact', 'invite', 'delete']);
    expect(allowedActions('Accepted', { applicant: true, charity: false, team: false })).toContain('complete');
    expect(allowedActions('Completed', { applicant: true, charity: false, team: false })).toEqual(['volunteerFeedback']);
    expect(allowedActions('Completed', { applicant: false, charity: true, team: false })).toEqual(['charityFeedback']);
    expect(allowedActions('BothFeedbacksGiven', { applicant: true, charity: true, team: false })).toEqual([]);
  });
});
