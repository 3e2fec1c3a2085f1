import { useMutation } from '@tanstack/react-query';
import { reindexResultSchema, type ReindexResult } from '@giving/shared/contracts/volunteering';
import { volunteeringFile, volunteeringRequest } from './volunteering-client';

/** The five POST /volunteering/ReIndex* operations, in the order "Re-index all" runs them. */
export const REINDEX_OPERATIONS = [
  { name: 'ReIndexVolunteeringOpportunity', label: 'Opportunities' },
  { name: 'ReIndexUserVolunteerApplication', label: 'Members’ applications' },
  { name: 'ReIndexCharityVolunteerApplication', label: 'Charities’ applications' },
  { name: 'ReIndexVolunteerApplicationInvitation', label: 'Team invitations' },
  { name: 'ReIndexVolunteeringOpportunityCatalogues', label: 'Skill and category catalogues' },
] as const;
export type ReindexOperation = (typeof REINDEX_OPERATIONS)[number]['name'];

export const operationsCalls = {
  /** POST /volunteering/modelTraining: trains and keeps the recommender; answers the model file under the server's name. */
  train: () => volunteeringFile({ kind: 'backOffice', method: 'POST', path: '/volunteering/modelTraining', expect: [200], fallbackName: 'volunteering-recommender.json' }),
  /** POST /volunteering/ReIndex*: re-emits one kind of document for search; answers the counts. */
  reindex: (operation: ReindexOperation): Promise<ReindexResult> =>
    volunteeringRequest({ kind: 'backOffice', method: 'POST', path: `/volunteering/${operation}`, expect: [200], schema: reindexResultSchema }),
};

export const useTrainRecommender = () => useMutation({ mutationFn: operationsCalls.train });
export const useReindex = () => useMutation({ mutationFn: operationsCalls.reindex });
