import { createHash } from 'node:crypto';
import { localSecretArn } from '../config';
import { AwsError, awsJsonHandler, epochSeconds, listen } from '../eventbridge/aws-json';
import { closeServer } from '../runtime/http-server';

/**
 * Secrets Manager's GetSecretValue (AWS JSON 1.1), enough for shared/lambda/secrets.ts to read the platform's secrets
 * exactly as it reads them in AWS: by name or by ARN, ResourceNotFoundException for anything else. The values are
 * the local platform's own test keys; there is no write API, because nothing at run time writes a secret.
 */
export interface RunningSecretsManager {
  url: string;
  /** The ARN a function's environment names for a secret (ENV.secretId), as CDK names the real one. */
  arnOf(name: string): string;
  stop(): Promise<void>;
}

export async function startSecretsManager(options: { port: number; secrets: Readonly<Record<string, string>> }): Promise<RunningSecretsManager> {
  const created = new Date();
  const arnOf = localSecretArn;
  const byId = new Map<string, string>();
  for (const name of Object.keys(options.secrets)) {
    byId.set(name, name);
    byId.set(arnOf(name), name);
  }
  const handler = awsJsonHandler({
    protocol: '1.1',
    targetPrefix: 'secretsmanager',
    operations: {
      GetSecretValue: (input) => {
        const name = byId.get(String(input.SecretId ?? ''));
        if (!name) throw new AwsError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
        return {
          ARN: arnOf(name),
          Name: name,
          SecretString: options.secrets[name],
          VersionId: createHash('sha256').update(`${name}:${options.secrets[name]}`).digest('hex').slice(0, 32),
          VersionStages: ['AWSCURRENT'],
          CreatedDate: epochSeconds(created),
        };
      },
    },
  });
  const { server, url } = await listen(handler, options.port);
  return { url, arnOf, stop: () => closeServer(server) };
}
