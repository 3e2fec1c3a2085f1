import { Stack, type StackProps } from 'aws-cdk-lib';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { rateRuleWebAcl } from './web-acl';

/** CloudFront takes a web ACL of scope CLOUDFRONT, which exists only in us-east-1. */
export const EDGE_REGION = 'us-east-1';
/** Where the edge stack publishes the web ACL's ARN for the web stack, which reads it across regions. */
export const WEB_ACL_ARN_PARAMETER = '/giving/edge/web-acl-arn';

/**
 * The one stack in us-east-1: CloudFront's web ACL with the site's rate rules (shared/edge.ts). Its ARN is published
 * in a parameter there and read by the web stack (infra/lib/web-stack.ts) when it deploys, because the rest of the
 * app is region-agnostic and CDK's cross-region references need both regions fixed at synth time.
 */
export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.webAcl = rateRuleWebAcl(this, 'WebAcl', {
      name: 'giving-site',
      aclScope: 'CLOUDFRONT',
      rules: 'site',
      description: 'Rate rules in front of CloudFront - payments, voucher look-ups and purchases, every request per address - from shared/edge.ts',
    });
    new ssm.StringParameter(this, 'WebAclArn', {
      parameterName: WEB_ACL_ARN_PARAMETER,
      stringValue: this.webAcl.attrArn,
      description: "The giving site's CloudFront web ACL, read by the web stack in its own region.",
    });
  }
}
