import { ExecutionDoesNotExist, GetExecutionHistoryCommand, type HistoryEvent, type SFNClient } from '@aws-sdk/client-sfn';
import type { PaymentHistoryEntry } from '@giving/shared/contracts/back-office-payments';
import type { WorkflowHistory } from '../domain/back-office-payments';

/** 'ChargeCard' -> 'Charge card'. */
const words = (name: string) => name.replace(/([a-z])([A-Z])/g, (_match, last: string, next: string) => `${last} ${next.toLowerCase()}`);

/**
 * A payment's history as Step Functions kept it: its execution is named by the tracking number (a refund's, by the
 * refund id, with the refund state machine). States entered and
 * left, tasks that failed (with the error's name only: its cause may hold a gateway's message), and how it ended.
 * Input and output data are never asked for.
 */
export function stepFunctionsPaymentHistory(client: SFNClient, stateMachineArn: string, workflowName = 'Payment workflow'): WorkflowHistory {
  const executionArn = (trackingNumber: string) => `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${trackingNumber}`;
  const entryOf = (event: HistoryEvent): PaymentHistoryEntry | undefined => {
    const at = (event.timestamp ?? new Date()).toISOString();
    const type = event.type ?? '';
    if (type === 'ExecutionStarted') return { at, step: workflowName, outcome: 'Started' };
    if (type === 'ExecutionSucceeded') return { at, step: workflowName, outcome: 'Succeeded' };
    if (type === 'ExecutionFailed') return { at, step: workflowName, outcome: 'Failed', ...(event.executionFailedEventDetails?.error ? { detail: event.executionFailedEventDetails.error } : {}) };
    if (type === 'ExecutionTimedOut') return { at, step: workflowName, outcome: 'Timed out' };
    if (type === 'ExecutionAborted') return { at, step: workflowName, outcome: 'Stopped' };
    if (type.endsWith('StateEntered') && event.stateEnteredEventDetails?.name) return { at, step: words(event.stateEnteredEventDetails.name), outcome: 'Started' };
    if (type.endsWith('StateExited') && event.stateExitedEventDetails?.name) return { at, step: words(event.stateExitedEventDetails.name), outcome: 'Finished' };
    if (type === 'TaskFailed' || type === 'LambdaFunctionFailed') {
      const error = event.taskFailedEventDetails?.error ?? event.lambdaFunctionFailedEventDetails?.error;
      return { at, step: 'Task', outcome: 'Failed', ...(error ? { detail: error } : {}) };
    }
    return undefined;
  };
  return {
    async of(trackingNumber) {
      const entries: PaymentHistoryEntry[] = [];
      let nextToken: string | undefined;
      try {
        do {
          const page = await client.send(new GetExecutionHistoryCommand({ executionArn: executionArn(trackingNumber), includeExecutionData: false, maxResults: 1000, nextToken }));
          for (const event of page.events ?? []) {
            const entry = entryOf(event);
            if (entry) entries.push(entry);
          }
          nextToken = page.nextToken;
        } while (nextToken);
      } catch (error) {
        // Not started yet (or never: a payment refused before its workflow): its own record is its history.
        if (error instanceof ExecutionDoesNotExist || (error as Error).name === 'ExecutionDoesNotExist') return [];
        throw error;
      }
      return entries;
    },
  };
}
