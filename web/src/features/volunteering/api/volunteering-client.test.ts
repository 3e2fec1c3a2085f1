import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { errorMessageOf, fieldMessagesOf, isNotFound } from '../../../lib/api-client';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import {
  MissingParameterError,
  SERVER_SIDE_ERROR,
  SIGN_IN_AGAIN,
  UNEXPECTED_SERVER_ERROR,
  VolunteeringApiError,
  buildPath,
  volunteeringFile,
  volunteeringRequest,
} from './volunteering-client';

const thing = z.object({ id: z.string() });
const empty = (status: number) => new Response(null, { status });

async function failure(promise: Promise<unknown>): Promise<VolunteeringApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VolunteeringApiError);
  return error as VolunteeringApiError;
}

describe('the volunteering client: spec 2 §8 error catalogue', () => {
  it('general client: a status other than 200 or 204 is "An unexpected server error occurred." with the status and body', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', '/api/volunteering/ReIndexVolunteeringOpportunity', json(500, { title: 'Internal' }));

    const error = await failure(volunteeringRequest({ kind: 'general', method: 'POST', path: '/volunteering/ReIndexVolunteeringOpportunity', schema: thing }));

    expect(error.message).toBe(UNEXPECTED_SERVER_ERROR);
    expect(error.message).toBe('An unexpected server error occurred.');
    expect(error.status).toBe(500);
    expect(error.response).toBe('{"title":"Internal"}');
    expect(error.result).toEqual({ title: 'Internal' });
  });

  it('general client: 200 parses the body, 204 answers nothing', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/volunteering/opportunity/template/t1', json(200, { id: 't1' }));
    fetch.on('PATCH', '/api/volunteering/opportunity/o1/toggleOnlineStatus', empty(204));

    await expect(volunteeringRequest({ kind: 'general', method: 'GET', path: '/volunteering/opportunity/template/{templateId}', params: { templateId: 't1' }, schema: thing })).resolves.toEqual({ id: 't1' });
    await expect(
      volunteeringRequest({ kind: 'general', method: 'PATCH', path: '/volunteering/opportunity/{opportunityId}/toggleOnlineStatus', params: { opportunityId: 'o1' } }),
    ).resolves.toBeUndefined();
  });

  it('member client: 401 is an error carrying the parsed body', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/volunteer/application/me', problem(401, { title: 'Sign in to continue.', code: 'Unauthenticated' }));

    const error = await failure(volunteeringRequest({ kind: 'member', method: 'GET', path: '/volunteer/application/me', schema: thing }));

    expect(error.status).toBe(401);
    expect(error.result).toMatchObject({ title: 'Sign in to continue.', code: 'Unauthenticated' });
    expect(error.message).toBe('Sign in to continue.');
  });

  it('member client: a 401 without a body still says what to do', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/volunteer/member/me', empty(401));

    const error = await failure(volunteeringRequest({ kind: 'member', method: 'GET', path: '/volunteer/member/me', schema: thing }));

    expect(error.message).toBe(SIGN_IN_AGAIN);
    expect(error.result).toBeUndefined();
  });

  it('member client: any other unexpected status is "An unexpected server error occurred.", keeping the server detail for the screen', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', '/api/volunteer/session/s1/individualApply', problem(409, { title: 'Conflict', detail: 'This session is full. Please choose another session.' }));

    const error = await failure(
      volunteeringRequest({ kind: 'member', method: 'POST', path: '/volunteer/session/{sessionId}/individualApply', params: { sessionId: 's1' }, expect: [201], schema: thing }),
    );

    expect(error.message).toBe('An unexpected server error occurred.');
    expect(error.status).toBe(409);
    expect(errorMessageOf(error)).toBe('This session is full. Please choose another session.');
  });

  it('member client: a read answering 204 is "A server side error occurred."', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/volunteer/volunteer/configuration', empty(204));

    const error = await failure(volunteeringRequest({ kind: 'member', method: 'GET', path: '/volunteer/volunteer/configuration', schema: thing }));

    expect(error.message).toBe(SERVER_SIDE_ERROR);
    expect(error.message).toBe('A server side error occurred.');
    expect(error.status).toBe(204);
  });

  it('member client: a write expecting 201 accepts it', async () => {
    const fetch = installFetchFake();
    fetch.on('POST', '/api/volunteer/session/s1/teamApply', json(201, { id: 'a1' }));

    await expect(
      volunteeringRequest({ kind: 'member', method: 'POST', path: '/volunteer/session/{sessionId}/teamApply', params: { sessionId: 's1' }, body: {}, expect: [201], schema: thing }),
    ).resolves.toEqual({ id: 'a1' });
    expect(fetch.calls[0]?.body).toEqual({});
  });

  it('back office: a write answering 401 is "A server side error occurred." with the parsed body', async () => {
    const fetch = installFetchFake();
    fetch.on('PATCH', '/api/volunteering/backOffice/opportunity/o1', problem(401, { title: 'Sign in to continue.' }));

    const error = await failure(
      volunteeringRequest({ kind: 'backOffice', method: 'PATCH', path: '/volunteering/backOffice/opportunity/{opportunityId}', params: { opportunityId: 'o1' }, body: {}, expect: [204] }),
    );

    expect(error.message).toBe('A server side error occurred.');
    expect(error.status).toBe(401);
    expect(error.result).toMatchObject({ title: 'Sign in to continue.' });
  });

  it('back office: a GET answering 204 is "A server side error occurred."', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/volunteering/backOffice/opportunity/o1/edit', empty(204));

    const error = await failure(
      volunteeringRequest({ kind: 'backOffice', method: 'GET', path: '/volunteering/backOffice/opportunity/{opportunityId}/edit', params: { opportunityId: 'o1' }, schema: thing }),
    );

    expect(error.message).toBe(SERVER_SIDE_ERROR);
  });

  it('back office: a write answering its 204 resolves; another status is "An unexpected server error occurred."', async () => {
    const fetch = installFetchFake();
    fetch.on('DELETE', '/api/volunteering/backOffice/opportunity/o1', empty(204));
    fetch.on('DELETE', '/api/volunteering/backOffice/opportunity/o2', problem(404, { title: 'Not found' }));

    const call = (opportunityId: string) =>
      volunteeringRequest({ kind: 'backOffice', method: 'DELETE', path: '/volunteering/backOffice/opportunity/{opportunityId}', params: { opportunityId }, expect: [204] });
    await expect(call('o1')).resolves.toBeUndefined();
    expect((await failure(call('o2'))).message).toBe(UNEXPECTED_SERVER_ERROR);
  });

  it("a missing path parameter is \"The parameter '{name}' must be defined.\" and nothing is sent", async () => {
    const fetch = installFetchFake();

    const error = await volunteeringRequest({ kind: 'member', method: 'DELETE', path: '/volunteer/application/{applicationId}', params: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MissingParameterError);
    expect((error as Error).message).toBe("The parameter 'applicationId' must be defined.");
    expect(() => buildPath('/volunteer/session/{sessionId}/application', { sessionId: '' })).toThrow("The parameter 'sessionId' must be defined.");
    expect(fetch.calls).toHaveLength(0);
  });

  it('encodes path parameters and adds the query, sending the ID token when signed in', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', '/api/volunteering/charity/kiwi%20coast/vacancy/beach%2Fclean?country=nz', json(200, { id: 'o1' }));

    await volunteeringRequest({
      kind: 'general',
      method: 'GET',
      path: '/volunteering/charity/{charityUrl}/vacancy/{opportunityUrl}',
      params: { charityUrl: 'kiwi coast', opportunityUrl: 'beach/clean' },
      query: { country: 'nz', empty: '' },
      schema: thing,
    });

    expect(fetch.calls).toHaveLength(1);
  });

  it('a binary answer comes with the file name from content-disposition', async () => {
    const fetch = installFetchFake();
    fetch.on(
      'POST',
      '/api/volunteering/modelTraining',
      new Response('{"weights":{}}', { status: 200, headers: { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="role-model-2026-11-21.json"' } }),
    );
    fetch.on('POST', '/api/volunteering/ReIndexUserVolunteerApplication', json(403, { title: 'Forbidden' }));

    const file = await volunteeringFile({ kind: 'general', method: 'POST', path: '/volunteering/modelTraining', fallbackName: 'model.json' });

    expect(file.filename).toBe('role-model-2026-11-21.json');
    expect(await file.blob.text()).toBe('{"weights":{}}');
    const error = await failure(volunteeringFile({ kind: 'general', method: 'POST', path: '/volunteering/ReIndexUserVolunteerApplication', fallbackName: 'x' }));
    expect(error.message).toBe(UNEXPECTED_SERVER_ERROR);
  });

  it('the shared screens read its errors: the sentence to show, the fields the server named, a 404', async () => {
    const fetch = installFetchFake();
    fetch.on(
      'POST',
      '/api/volunteer/session/s1/teamApply',
      problem(400, { title: 'Validation failed', code: 'ValidationFailed', detail: 'Check the highlighted fields.', errors: [{ field: 'body.teamName', message: 'Required.' }, { field: 'body.teamName', message: 'Too long.' }] }),
    );
    fetch.on('GET', '/api/volunteering/charity/kiwi/vacancy/gone', problem(404, { title: 'Not found' }));

    const invalid = await failure(volunteeringRequest({ kind: 'member', method: 'POST', path: '/volunteer/session/{sessionId}/teamApply', params: { sessionId: 's1' }, expect: [201], schema: thing }));
    expect(invalid.message).toBe(UNEXPECTED_SERVER_ERROR);
    expect(errorMessageOf(invalid)).toBe('Check the highlighted fields.');
    expect(fieldMessagesOf(invalid)).toEqual({ teamName: 'Required.' });

    const gone = await failure(volunteeringRequest({ kind: 'general', method: 'GET', path: '/volunteering/charity/{charityUrl}/vacancy/{opportunityUrl}', params: { charityUrl: 'kiwi', opportunityUrl: 'gone' }, expect: [200], schema: thing }));
    expect(isNotFound(gone)).toBe(true);
    expect(errorMessageOf(gone)).toBe(UNEXPECTED_SERVER_ERROR);

    const missing = await volunteeringRequest({ kind: 'member', method: 'DELETE', path: '/volunteer/application/{applicationId}', params: {} }).catch((e: unknown) => e);
    expect(errorMessageOf(missing)).toBe("The parameter 'applicationId' must be defined.");
  });
});
