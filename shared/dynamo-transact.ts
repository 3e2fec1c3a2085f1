import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** Either every write landed, or the indexes of the items whose condition failed (nothing was written). */
export type TransactOutcome = { ok: true } | { ok: false; failed: number[] };

const CONFLICT_ATTEMPTS = 8;

/**
 * One TransactWriteItems call. A condition that fails is the caller's answer, not an error. Transactions that only
 * collided with another writer on the same items (TransactionConflict) are tried again after a short, jittered
 * wait: concurrent donations all add to one stats item, so collisions are normal there.
 */
export async function transactWrite(client: DynamoDBDocumentClient, items: TransactItems): Promise<TransactOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.send(new TransactWriteCommand({ TransactItems: items }));
      return { ok: true };
    } catch (error) {
      const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : undefined;
      const failed = (reasons ?? []).flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
      if (failed.length > 0) return { ok: false, failed };
      const collided =
        (error as Error).name === 'TransactionConflictException' || (reasons ?? []).some((reason) => reason.Code === 'TransactionConflict');
      if (!collided || attempt >= CONFLICT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** Math.min(attempt, 5)));
    }
  }
}
