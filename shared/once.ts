/**
 * Work done once per key, however often at-least-once delivery brings it: the port use cases name (an e-mail owed
 * once per denial and recipient). The DynamoDB implementation is the Lambda wrappers' idempotency store.
 */
export interface Once {
  /** 'new' when this caller now owns the key; 'done' when it was handled before; 'busy' when another holds it. */
  begin(key: string): Promise<'new' | 'done' | 'busy'>;
  complete(key: string): Promise<void>;
  /** Gives the key back after a failure, so a retry does the work. */
  release(key: string): Promise<void>;
}
