import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { LIVE_STAGE } from '@giving/shared/live/channels';

export interface ApiStackProps extends StackProps {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  /** The API's own domain and its certificate (in this stack's region): CloudFront's origin for /api/*. */
  readonly domain: { readonly name: string; readonly certificateArn: string };
  /** A manifest declares `websocket`: make the live-updates WebSocket API (its routes come from that service's stack). */
  readonly liveUpdates?: boolean;
}

/**
 * The live API's id as an export of its own name: service stacks import it by that name for the grant and endpoint of
 * functions that post to connections, so the grant's resource is a value known when it is written (cdk-nag's
 * acknowledgement of its @connections wildcard names it exactly). API ids never change, so the export never blocks.
 */
export const LIVE_API_ID_EXPORT = 'GivingApi-LiveApiId';

/** The live-updates WebSocket API and its one stage (`live`), which CloudFront's /live behaviour forwards to. */
export interface LiveApi {
  readonly api: apigwv2.WebSocketApi;
  readonly stage: apigwv2.WebSocketStage;
  /** <api>.execute-api.<region>.amazonaws.com: CloudFront's origin for /live. */
  readonly domainName: string;
  /** https://<domainName>/live: the management API (@connections) for functions that post to connections. */
  readonly managementEndpoint: string;
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
  /** Present when a manifest declares `websocket`. */
  readonly live?: LiveApi;

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
    if (props.liveUpdates) this.live = this.liveApi();
  }

  /**
   * The WebSocket API for live page progress. Browsers reach it only through CloudFront's /live (its viewer path is
   * the stage's name, so the origin request is exactly the stage's URL), where the web ACL's rate rules apply and
   * CloudFront adds X-Origin-Verify, which `$connect` checks. Its execute-api endpoint stays on: a custom domain cannot
   * be shared with the HTTP API's, and the management API (@connections) is called on it.
   */
  private liveApi(): LiveApi {
    const api = new apigwv2.WebSocketApi(this, 'LiveApi', {
      apiName: 'giving-live',
      description: "Giving platform live updates (a fundraising page's total); $connect and $disconnect come from the service manifest.",
    });
    const accessLogs = new logs.LogGroup(this, 'LiveAccessLogs', { retention: logs.RetentionDays.THREE_MONTHS });
    const stage = new apigwv2.WebSocketStage(this, 'LiveStage', {
      webSocketApi: api,
      stageName: LIVE_STAGE,
      autoDeploy: true,
      // Connects and messages per second across the API; each browser connects once per page it has open.
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigateway.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            route: '$context.routeKey',
            event: '$context.eventType',
            connectionId: '$context.connectionId',
            status: '$context.status',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    new CfnOutput(this, 'LiveApiId', { value: api.apiId, exportName: LIVE_API_ID_EXPORT, description: 'The live-updates WebSocket API (service stacks import it by this name).' });
    const domainName = `${api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    return { api, stage, domainName, managementEndpoint: `https://${domainName}/${LIVE_STAGE}` };
  }
}
