import { ExecutionAlreadyExists, type SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { PaymentWorkflow } from '../domain/ports';
import type { RefundWorkflow } from '../domain/refunds';

/** Starts the payment state machine; the execution is named by the tracking number, so a second start is harmless. */
export function stepFunctionsPaymentWorkflow(client: SFNClient, stateMachineArn: string): PaymentWorkflow {
  return {
    async start(trackingNumber) {
      try {
        await client.send(
          new StartExecutionCommand({ stateMachineArn, name: trackingNumber, input: JSON.stringify({ trackingNumber }) }),
        );
      } catch (error) {
        // Same name: it already started (running or finished). That is what a retry wants.
        if (!(error instanceof ExecutionAlreadyExists)) throw error;
      }
    },
  };
}

/** Starts the refund state machine; the execution is named by the refund id, so a second start is harmless. */
export function stepFunctionsRefundWorkflow(client: SFNClient, stateMachineArn: string): RefundWorkflow {
  return {
    async start({ refundId, donationId }) {
      try {
        await client.send(new StartExecutionCommand({ stateMachineArn, name: refundId, input: JSON.stringify({ refundId, donationId }) }));
      } catch (error) {
        if (!(error instanceof ExecutionAlreadyExists)) throw error;
      }
    },
  };
}
