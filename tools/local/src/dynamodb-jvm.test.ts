import { describe, expect, it } from 'vitest';
import { dynamoDbJvmOptions, LONG_LIVED_JVM_OPTIONS, SHORT_LIVED_JVM_OPTIONS } from './dynamodb-jvm';

describe("DynamoDB Local's JVM options", () => {
  it('keeps the full JIT for a long-lived platform (npm start, the benchmarks): the client compiler alone halved its writes', () => {
    expect(dynamoDbJvmOptions({})).toEqual(['-Xms256m']);
    expect(dynamoDbJvmOptions({}).join(' ')).toBe(LONG_LIVED_JVM_OPTIONS);
    expect(dynamoDbJvmOptions({}).some((option) => option.startsWith('-XX:TieredStopAtLevel'))).toBe(false);
  });

  it("takes the test configurations' short-lived options, or anyone's own, from LOCAL_DYNAMODB_JVM_OPTIONS", () => {
    expect(dynamoDbJvmOptions({ LOCAL_DYNAMODB_JVM_OPTIONS: SHORT_LIVED_JVM_OPTIONS })).toEqual(['-Xms256m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC']);
    expect(dynamoDbJvmOptions({ LOCAL_DYNAMODB_JVM_OPTIONS: ' -Xmx1g  ' })).toEqual(['-Xmx1g']);
  });
});
