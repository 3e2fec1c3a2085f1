/**
 * `npm start`: the local platform with demo data. Ctrl-C (or SIGTERM) stops every child it started.
 * --quiet keeps handler logs at warn level (the browser tests use it).
 *
 * Environment: LOCAL_PORT_BASE moves the block of ports; LOCAL_SITE_GUARD_DOMAINS (comma-separated host names,
 * e.g. `localhost`) turns on the optional site-wide guard (spec §2 Account: anonymous visitors are sent to
 * /login) for those hosts, and LOCAL_SITE_GUARD_EXCLUSIONS picks the spec's optional exclusions
 * (default `/api/,/favicon.ico`; `none` for none). Unset, the guard is off. LOCAL_SINGLE_SIGN_IN_URL sends the
 * Login button to a single-sign-in address instead of the login modal.
 */
const quiet = process.argv.includes('--quiet');
// LOCAL_EVIDENCE_DIR (browser tests): keep every request body and every log line, at debug level, for the card-number scan.
const evidenceDir = process.env.LOCAL_EVIDENCE_DIR;
if (evidenceDir) {
  const { teeProcessOutput } = await import('./evidence');
  const path = await import('node:path');
  const { rmSync } = await import('node:fs');
  // This run's evidence only.
  rmSync(path.resolve(evidenceDir), { recursive: true, force: true });
  teeProcessOutput(path.resolve(evidenceDir));
  process.env.LOG_LEVEL = 'debug';
}
process.env.LOG_LEVEL ??= quiet ? 'warn' : 'info';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
// Imported after the environment is set: loggers read LOG_LEVEL when their modules load.
const { describeSignIns, startPlatform } = await import('./platform');

const started = Date.now();
const platform = await startPlatform({
  log: (line) => console.log(`… ${line}`),
  maxConcurrentExecutions: process.env.LOCAL_MAX_CONCURRENT_EXECUTIONS ? Number(process.env.LOCAL_MAX_CONCURRENT_EXECUTIONS) : undefined,
});
const { urls } = platform;
console.log(
  [
    '',
    `Koha is running at ${urls.site}   (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    `  mail outbox     ${urls.mail}`,
    `  card gateway    ${urls.cardGateway}   sandbox dashboard; test cards in the README`,
    `  DynamoDB Local  ${urls.dynamodb}   SQS ${urls.sqs}   EventBridge ${urls.eventBridge}   Step Functions ${urls.stepFunctions}`,
    `  S3 ${urls.s3}   Cognito ${urls.cognito} (pool ${platform.cognito.userPoolId})   Scheduler ${urls.scheduler}`,
    `  Secrets Manager ${urls.secretsManager}   OpenSearch (stand-in) ${urls.search}`,
    ...(process.env.LOCAL_SITE_GUARD_DOMAINS ? [`  site guard on for ${process.env.LOCAL_SITE_GUARD_DOMAINS}: anonymous visitors are sent to /login`] : []),
    '',
    ...describeSignIns(),
    '',
    'Press Ctrl-C to stop.',
  ].join('\n'),
);

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) {
    console.log('Forcing exit.');
    process.exit(1);
  }
  stopping = true;
  console.log(`\n${signal}: stopping the platform…`);
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  platform.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutdown(signal));

export {};
