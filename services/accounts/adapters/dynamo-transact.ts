/** Moved to shared (volunteering uses it too); accounts' adapters keep importing it from here. */
export { transactWrite, type TransactItems, type TransactOutcome } from '@giving/shared/dynamo-transact';
