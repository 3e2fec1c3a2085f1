import { applicationParams, feedbackInputSchema } from '@giving/shared/contracts/volunteering';
import { created, ok } from '@giving/shared/lambda/http';
import { deps } from '../adapters';
import * as use from '../domain/applications';
import { actorOf, namedActorOf, volunteeringRoute } from '../http';


/** GET /volunteer/application/{applicationId}/feedbackQuestions */
export const questions = volunteeringRoute({ params: applicationParams }, async (request) => {
  await use.getApplication(deps(), actorOf(request), request.params.applicationId);
  return ok({ items: use.FEEDBACK_QUESTIONS });
});

/** POST /volunteer/application/{applicationId}/volunteerFeedback (201 + the application) */
export const volunteer = volunteeringRoute({ params: applicationParams, body: feedbackInputSchema }, async (request) =>
  created(await use.giveFeedback(deps(), await namedActorOf(request), request.params.applicationId, 'volunteerFeedback', request.body)),
);

/** POST /volunteer/application/{applicationId}/charityFeedback (201 + the application) */
export const charity = volunteeringRoute({ params: applicationParams, body: feedbackInputSchema }, async (request) =>
  created(await use.giveFeedback(deps(), await namedActorOf(request), request.params.applicationId, 'charityFeedback', request.body)),
);

/** GET /volunteer/application/{applicationId}/charityFeedback */
export const getCharity = volunteeringRoute({ params: applicationParams }, async (request) => ok(await use.getCharityFeedback(deps(), actorOf(request), request.params.applicationId)));
