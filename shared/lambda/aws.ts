import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * One client per process, created on first use. Endpoints come from AWS_ENDPOINT_URL_<SERVICE>
 * on the local platform, and from the Lambda environment in AWS.
 */
let documentClientInstance: DynamoDBDocumentClient | undefined;

export function documentClient(): DynamoDBDocumentClient {
  documentClientInstance ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClientInstance;
}
