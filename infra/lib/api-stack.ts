import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export interface ApiStackProps extends StackProps {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  /** The API's own domain and its certificate (in this stack's region): CloudFront's origin for /api/*. */
  readonly domain: { readonly name: string; readonly certificateArn: string };
}

/**
 * The one HTTP API and its JWT authorizer. Service stacks add their routes and integrations to it;
 * they reference this stack, never the other way round, so a service can be deployed on its own.
 */
export class ApiStack extends Stack {
  readonly httpApi: apigwv2.HttpApi;
  readonly jwtAuthorizer: apigwv2.HttpAuthorizer;
  /** The API's custom domain, CloudFront's origin for /api/* (the execute-api endpoint is disabled). */
  readonly apiDomainName: string;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: 'giving',
      description: 'Giving platform API; every route comes from a service manifest.',
      createDefaultStage: false,
      // CloudFront is the only way in: no <api-id>.execute-api address to go round it by.
      disableExecuteApiEndpoint: true,
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS });
    const stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigateway.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            method: '$context.httpMethod',
            route: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    this.jwtAuthorizer = new apigwv2.HttpAuthorizer(this, 'JwtAuthorizer', {
      httpApi: this.httpApi,
      authorizerName: 'cognito-jwt',
      type: apigwv2.HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtIssuer: props.userPool.userPoolProviderUrl,
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });

    // The API answers only on its custom domain, where CloudFront reaches it; DNS points the name at ApiDomainTarget.
    const domain = new apigwv2.DomainName(this, 'ApiDomain', {
      domainName: props.domain.name,
      certificate: acm.Certificate.fromCertificateArn(this, 'ApiCertificate', props.domain.certificateArn),
      securityPolicy: apigwv2.SecurityPolicy.TLS_1_2,
    });
    new apigwv2.ApiMapping(this, 'ApiMapping', { api: this.httpApi, domainName: domain, stage });
    new CfnOutput(this, 'ApiDomainTarget', {
      value: domain.regionalDomainName,
      description: `Point ${props.domain.name} (a CNAME, or an alias in Route 53) at this: CloudFront reaches the API there.`,
    });
    this.apiDomainName = props.domain.name;
  }
}
