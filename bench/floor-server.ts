import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';

/**
 * The submissions benchmark's floor: the least a server could do to accept a submission, in a Node process of its
 * own as the platform is. It reads the body, parses it and writes one payment item (a copy of the item the platform
 * stored for a real submission, under new keys) to the payments table, with its indexes and stream, through a
 * low-level client with its middleware cached (as the platform's acceptance write is), and answers 202. No edge, no
 * routing, no validation, no pricing, no idempotency look-up: what it reaches bounds what any submission path on this
 * machine could reach (bench/submissions.ts).
 *
 * Run by the benchmark: `node --import tsx bench/floor-server.ts`, with FLOOR_ENDPOINT, FLOOR_TABLE, FLOOR_REGION and
 * FLOOR_ITEM (the stored item, as JSON). It prints the port it listens on.
 */
const { FLOOR_ENDPOINT: endpoint, FLOOR_TABLE: table, FLOOR_REGION: region, FLOOR_ITEM: itemJson } = process.env;
if (!endpoint || !table || !region || !itemJson) throw new Error('FLOOR_ENDPOINT, FLOOR_TABLE, FLOOR_REGION and FLOOR_ITEM are required');
const stored = JSON.parse(itemJson) as Record<string, unknown>;
const client = new DynamoDBClient({ endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, cacheMiddleware: true });
let sequence = 0;

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    void (async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { donor: { email: string } };
        const id = `FLOOR${process.pid}-${sequence++}`;
        const at = new Date().toISOString();
        const item = {
          ...stored,
          pk: `PAYMENT#${id}`,
          trackingNumber: id,
          donor: body.donor,
          createdAt: at,
          updatedAt: at,
          gsi1sk: at,
          gsi3pk: `PAYER#${body.donor.email.toLowerCase()}`,
          gsi3sk: `${at}#${id}`,
          gsi4sk: `${at}#${id}`,
        };
        await client.send(
          new PutItemCommand({ TableName: table, Item: marshall(item, { removeUndefinedValues: true }), ConditionExpression: 'attribute_not_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
        );
        response.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ trackingNumber: id }));
      } catch {
        response.writeHead(500).end();
      }
    })();
  });
});
server.listen(0, '127.0.0.1', () => console.log(String((server.address() as AddressInfo).port)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
