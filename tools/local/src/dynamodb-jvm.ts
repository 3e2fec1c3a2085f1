/**
 * DynamoDB Local's JVM options. A long-lived platform (`npm start`, the benchmarks) keeps the JVM's full JIT: with the
 * client compiler only, DynamoDB Local wrote about half as many items a second (the submissions benchmark, 2026-11-27).
 * A test platform lives for seconds to minutes, where the JIT's second tier (C2) and G1's concurrent threads cost more
 * CPU than they return: the client compiler only and the serial collector took input fuzzing from 144 to 121
 * CPU-seconds on the 2-core machine, where every test run is CPU-bound. The test configurations ask for those
 * (LOCAL_DYNAMODB_JVM_OPTIONS); the variable also lets anyone choose their own.
 */
export const LONG_LIVED_JVM_OPTIONS = '-Xms256m';
export const SHORT_LIVED_JVM_OPTIONS = '-Xms256m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

export function dynamoDbJvmOptions(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.LOCAL_DYNAMODB_JVM_OPTIONS ?? LONG_LIVED_JVM_OPTIONS).split(' ').filter(Boolean);
}
