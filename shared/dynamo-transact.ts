import { TransactionCanceledException, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/**
 * Either every write landed, or the indexes of the items whose condition failed (nothing was written), with the
 * items as they were for those that asked for them (ReturnValuesOnConditionCheckFailure: 'ALL_OLD').
 */
export type TransactOutcome = { ok: true } | { ok: false; failed: number[]; oldItems: Record<number, Record<string, unknown>> };


const CONFLICT_ATTEMPTS = 8;

/**
 * One TransactWriteItems call. A condition that fails is the caller's answer, not an error. Transactions that only
 * collided with another writer on the same items (TransactionConflict) are tried again after a short, jittered
 * wait: concurrent donations all add to one stats item, so collisions are normal there.
 */
export async function transactWrite(client: DynamoDBDocumentClient, items: TransactItems, options: { attempts?: number } = {}): Promise<TransactOutcome> {
  const attempts = options.attempts ?? CONFLICT_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    try {
      await client.send(new TransactWriteCommand({ TransactItems: items }));
      return { ok: true };
    } catch (error) {
      const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : undefined;
      const failed = (reasons ?? []).flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
      if (failed.length > 0) {
        const oldItems: Record<number, Record<string, unknown>> = {};
        for (const index of failed) {
          const item = reasons?.[index]?.Item;
          if (item) oldItems[index] = unmarshall(item as Record<string, AttributeValue>);
        }
        return { ok: false, failed, oldItems };
      }
      if (!isTransactionConflict(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** Math.min(attempt, 5)));
    }
  }
}

/** The transaction only collided with other writers of the same items (what is still thrown once the attempts run out). */
export function isTransactionConflict(error: unknown): boolean {
  const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
  return (error as Error)?.name === 'TransactionConflictException' || reasons.some((reason) => reason.Code === 'TransactionConflict');
}
