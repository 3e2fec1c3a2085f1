import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { addressAnswerSchema } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { publicFundraisingKey, searchOf } from './keys';

export type AddressAnswer = z.infer<typeof addressAnswerSchema>;

/** Which address is asked about: a new event's (its page's too, for a single page), or a page's within an event. */
export type AddressQuestion = { kind: 'event'; eventUrl: string } | { kind: 'page'; eventId: string; pageUrl: string };

/** GET /api/fundraising/address?eventUrl= or ?eventId=&pageUrl= — whether the address is free, with free ones like it. */
export const checkAddress = ({ question, signal }: { question: AddressQuestion; signal?: AbortSignal }): Promise<AddressAnswer> =>
  api.get(
    `/fundraising/address${searchOf(question.kind === 'event' ? { eventUrl: question.eventUrl } : { eventId: question.eventId, pageUrl: question.pageUrl })}`,
    addressAnswerSchema,
    { signal },
  );

export const addressQueryOptions = (question: AddressQuestion) =>
  queryOptions({
    queryKey: [...publicFundraisingKey, 'address', question],
    queryFn: ({ signal }) => checkAddress({ question, signal }),
    // Someone else may take it meanwhile: ask again when asked again.
    staleTime: 0,
  });

/** Asks about `question` (undefined: nothing to ask yet); the last answer stays while the next is on its way. */
export const useAddressCheck = (question: AddressQuestion | undefined) =>
  useQuery({
    ...addressQueryOptions(question ?? { kind: 'event', eventUrl: '' }),
    enabled: question !== undefined,
    placeholderData: keepPreviousData,
  });
