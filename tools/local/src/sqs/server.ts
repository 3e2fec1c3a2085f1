import { createRequestHandler } from 'local-aws-sqs';
import { ACCOUNT_ID, REGION } from '../config';
import { listen } from '../eventbridge/aws-json';
import { closeServer } from '../runtime/http-server';

export interface RunningSqs {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * SQS on this machine: local-aws-sqs (SQS JSON protocol, visibility timeout, redrive to a DLQ), in memory.
 * Port 0 picks a free port. Queue URLs and ARNs carry the platform's region and account.
 */
export async function startSqs(options: { port: number; hostname?: string }): Promise<RunningSqs> {
  const { service, requestHandler } = createRequestHandler({
    port: options.port,
    region: REGION,
    accountId: ACCOUNT_ID,
    // Tests and restarts recreate queues by name at once; AWS's 60 s wait after DeleteQueue would only slow them.
    emulateQueueCreationLifecycle: false,
  });
  // Our own listen (createSqsServer would throw an uncaught error on a busy port, and never resolve).
  const { server, port, url } = await listen(requestHandler, options.port, options.hostname);
  service.PORT = port; // queue URLs carry the real port
  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    stop() {
      // Drops open long polls too, which would otherwise hold the server for up to 20 s.
      stopping ??= closeServer(server);
      return stopping;
    },
  };
}
