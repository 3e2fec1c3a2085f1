import { Stack } from 'aws-cdk-lib';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { IConstruct } from 'constructs';

/**
 * A cdk-nag finding id (`AwsSolutions-IAM5[Resource::...]`) for a value, rendered the way cdk-nag renders it
 * (`arn:<AWS::Partition>:s3:::name-<AWS::AccountId>/*`), so an acknowledgement names exactly that value
 * whether the stack is environment-agnostic or pinned to an account and region.
 */
export function findingId(scope: IConstruct, rule: 'AwsSolutions-IAM4' | 'AwsSolutions-IAM5', kind: 'Policy' | 'Resource', value: string): string {
  return `${rule}[${kind}::${flattenCfnReference(Stack.of(scope).resolve(value))}]`;
}

export function wildcardResourceFinding(scope: IConstruct, resource: string): string {
  return findingId(scope, 'AwsSolutions-IAM5', 'Resource', resource);
}
