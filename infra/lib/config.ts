import type { Construct } from 'constructs';
import {
  DEFAULT_TRANSACTION_PROCESSING_FEES,
  transactionProcessingFeesSchema,
  type PaymentGatewaySettings,
} from '@giving/shared/contracts/payment-gateway';
import { COUNTRY_CODES, type CountryCode } from '@giving/shared/countries';
import type { TransactionProcessingFees } from '@giving/shared/fees';
import { DEFAULT_GUARD_EXCLUSIONS, OPTIONAL_GUARD_EXCLUSIONS, type OptionalGuardExclusion, type SiteGuardConfig } from '@giving/shared/site-guard';

/**
 * Deployment settings, read from CDK context (`npx cdk synth -c cardGatewayUrl=https://...` or cdk.json).
 * Every key has a default so a clean clone synthesizes offline; the defaults name example.org hosts
 * (reserved for documentation), so a deployment that forgot to set them is obvious.
 */
export interface DeploymentConfig {
  /** The card gateway's origin: the checkout frames its card fields, the payment tasks call its API. */
  readonly cardGatewayUrl: string;
  /** Publishable (browser-side) key of the gateway's Platform merchant account (Australia), handed to the SPA in /config.json. */
  readonly cardGatewayPublishableKey: string;
  /**
   * Public client key of the charitable Trust's merchant account (New Zealand's donations): its card fields encrypt
   * the card in the frame with the key the gateway serves for it. Its secret key is the Secrets Manager secret
   * giving/card-gateway-trust-api-key.
   */
  readonly cardGatewayTrustClientKey: string;
  /**
   * Context transactionProcessingFees: per country, the card transaction fee the donor covers (basis points + fixed
   * cents), as an object or JSON, e.g. {"nz":{"percentBasisPoints":190,"fixedCents":30}}; a country left out keeps
   * the suggested default (nz 1.9% + 30c, au 1.75% + 30c).
   */
  readonly transactionProcessingFees: Readonly<Record<CountryCode, TransactionProcessingFees>>;
  /** Public URL of the site for links in e-mails; undefined means the CloudFront distribution's URL. */
  readonly siteUrl: string | undefined;
  /** `Name <address>` or `address`; its domain must be a verified SES identity. */
  readonly mailFromAddress: string;
  /** OpenSearch data node type and count (zone awareness is on from two nodes). */
  readonly searchInstanceType: string;
  readonly searchDataNodes: number;
  /**
   * The HTTP API's own domain, CloudFront's origin for /api/* (context apiDomainName + apiCertificateArn, an ACM
   * certificate in the API's region). The API's default execute-api endpoint is disabled, so this domain is the only
   * address it answers on, and every route refuses a request without CloudFront's X-Origin-Verify: CloudFront (and
   * its web ACL) is the only way in. Point the name's DNS at the stack output ApiDomainTarget.
   */
  readonly apiDomain: { readonly name: string; readonly certificateArn: string };
  /** Custom domain for CloudFront (context webDomainName + webCertificateArn, an us-east-1 ACM certificate). */
  readonly webDomain: { readonly name: string; readonly certificateArn: string } | undefined;
  /**
   * The optional site-wide guard (spec §2 Account): context siteGuardDomains (comma-separated host names the
   * distribution answers to) turns it on; siteGuardExclusions picks the spec's optional exclusions
   * (default /api/ and /favicon.ico, `none` for none). Undefined: the guard is off.
   */
  readonly siteGuard: SiteGuardConfig | undefined;
  /** Context singleSignInUrl: where the Login button goes when the organisation signs in elsewhere (https). */
  readonly singleSignInUrl: string | undefined;
}

export const CONTEXT_DEFAULTS = {
  cardGatewayUrl: 'https://sandbox.gateway.example.org',
  cardGatewayPublishableKey: 'pk_test_giving',
  cardGatewayTrustClientKey: 'ck_test_trust_nz',
  transactionProcessingFees: DEFAULT_TRANSACTION_PROCESSING_FEES,
  mailFromAddress: 'Giving <receipts@giving.example.org>',
  searchInstanceType: 't3.small.search',
  searchDataNodes: 2,
  apiDomainName: 'api.giving.example.org',
  /** Not a real certificate: a deployment must name its own (the default fails at deploy, as it should). */
  apiCertificateArn: 'arn:aws:acm:ap-southeast-2:000000000000:certificate/00000000-0000-0000-0000-000000000000',
} as const;

/** Defaults that are fine to synthesize with but wrong to deploy with. */
const DEPLOYMENT_SPECIFIC: readonly string[] = ['cardGatewayUrl', 'cardGatewayPublishableKey', 'cardGatewayTrustClientKey', 'mailFromAddress', 'apiDomainName', 'apiCertificateArn'];

export interface ReadConfig {
  readonly config: DeploymentConfig;
  /** Deployment-specific context keys that were not set and fell back to CONTEXT_DEFAULTS. */
  readonly defaulted: readonly string[];
}

export function readConfig(scope: Construct): ReadConfig {
  const defaulted: string[] = [];
  const text = (key: Exclude<keyof typeof CONTEXT_DEFAULTS, 'transactionProcessingFees'>, fallback: string): string => {
    const value: unknown = scope.node.tryGetContext(key);
    if (value === undefined || value === '') {
      if (DEPLOYMENT_SPECIFIC.includes(key)) defaulted.push(key);
      return fallback;
    }
    return String(value);
  };
  const siteUrl: unknown = scope.node.tryGetContext('siteUrl');
  const singleSignInUrl: unknown = scope.node.tryGetContext('singleSignInUrl');
  const webDomainName: unknown = scope.node.tryGetContext('webDomainName');
  const webCertificateArn: unknown = scope.node.tryGetContext('webCertificateArn');
  if (Boolean(webDomainName) !== Boolean(webCertificateArn)) {
    throw new Error('context webDomainName and webCertificateArn go together: set both or neither');
  }
  const config: DeploymentConfig = {
    cardGatewayUrl: httpsUrl('cardGatewayUrl', text('cardGatewayUrl', CONTEXT_DEFAULTS.cardGatewayUrl)),
    cardGatewayPublishableKey: text('cardGatewayPublishableKey', CONTEXT_DEFAULTS.cardGatewayPublishableKey),
    cardGatewayTrustClientKey: text('cardGatewayTrustClientKey', CONTEXT_DEFAULTS.cardGatewayTrustClientKey),
    transactionProcessingFees: transactionFees(scope.node.tryGetContext('transactionProcessingFees')),
    siteUrl: siteUrl ? httpsUrl('siteUrl', String(siteUrl)) : undefined,
    mailFromAddress: text('mailFromAddress', CONTEXT_DEFAULTS.mailFromAddress),
    searchInstanceType: text('searchInstanceType', CONTEXT_DEFAULTS.searchInstanceType),
    searchDataNodes: Number(text('searchDataNodes', String(CONTEXT_DEFAULTS.searchDataNodes))),
    apiDomain: {
      name: hostName('apiDomainName', text('apiDomainName', CONTEXT_DEFAULTS.apiDomainName)),
      certificateArn: certificateArn('apiCertificateArn', text('apiCertificateArn', CONTEXT_DEFAULTS.apiCertificateArn)),
    },
    webDomain: webDomainName ? { name: String(webDomainName), certificateArn: String(webCertificateArn) } : undefined,
    siteGuard: siteGuard(scope.node.tryGetContext('siteGuardDomains'), scope.node.tryGetContext('siteGuardExclusions')),
    singleSignInUrl: singleSignInUrl ? httpsUrl('singleSignInUrl', String(singleSignInUrl)) : undefined,
  };
  if (!Number.isInteger(config.searchDataNodes) || config.searchDataNodes < 1) {
    throw new Error(`context searchDataNodes must be a positive integer, got ${config.searchDataNodes}`);
  }
  mailDomain(config.mailFromAddress);
  return { config, defaulted };
}

/** Each country's fees: the context's (an object, or JSON as `-c transactionProcessingFees='{...}'` gives) over the defaults. */
function transactionFees(context: unknown): Record<CountryCode, TransactionProcessingFees> {
  let given: unknown = context ?? {};
  if (typeof given === 'string') {
    try {
      given = given.trim() === '' ? {} : (JSON.parse(given) as unknown);
    } catch {
      throw new Error(`context transactionProcessingFees is not JSON: ${given as string}`);
    }
  }
  if (typeof given !== 'object' || given === null || Array.isArray(given)) throw new Error('context transactionProcessingFees must be an object keyed by country');
  const unknown = Object.keys(given).filter((key) => !(COUNTRY_CODES as string[]).includes(key));
  if (unknown.length > 0) throw new Error(`context transactionProcessingFees: unknown country ${unknown.join(', ')} (use ${COUNTRY_CODES.join(', ')})`);
  const fees = {} as Record<CountryCode, TransactionProcessingFees>;
  for (const country of COUNTRY_CODES) {
    const value = (given as Record<string, unknown>)[country] ?? DEFAULT_TRANSACTION_PROCESSING_FEES[country];
    const parsed = transactionProcessingFeesSchema.safeParse(value);
    if (!parsed.success) {
      throw new Error(`context transactionProcessingFees.${country} needs whole percentBasisPoints (0-1000) and fixedCents (0-500), got ${JSON.stringify(value)}`);
    }
    fees[country] = parsed.data;
  }
  return fees;
}

/** What the donations functions read as PAYMENT_GATEWAY_SETTINGS: each merchant account's public key and each country's fees. */
export function paymentGatewaySettingsOf(config: Pick<DeploymentConfig, 'cardGatewayPublishableKey' | 'cardGatewayTrustClientKey' | 'transactionProcessingFees'>): PaymentGatewaySettings {
  return {
    accounts: { Trust: { clientKey: config.cardGatewayTrustClientKey }, Platform: { clientKey: config.cardGatewayPublishableKey } },
    transactionProcessingFees: { nz: { ...config.transactionProcessingFees.nz }, au: { ...config.transactionProcessingFees.au } },
  };
}

/** A context list: a comma-separated string (as `-c key=a,b` gives) or a JSON array (as cdk.json can). */
function contextList(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
  return items.map((item) => item.trim()).filter(Boolean);
}

function siteGuard(domainsContext: unknown, exclusionsContext: unknown): SiteGuardConfig | undefined {
  const domains = contextList(domainsContext).map((domain) => domain.toLowerCase());
  for (const domain of domains) {
    if (!/^[a-z0-9.-]+$/.test(domain)) throw new Error(`context siteGuardDomains: ${domain} is not a host name`);
  }
  if (domains.length === 0) return undefined;
  const chosen = exclusionsContext === undefined || exclusionsContext === '' ? [...DEFAULT_GUARD_EXCLUSIONS] : contextList(exclusionsContext);
  const optionalExclusions = chosen.filter((item) => item !== 'none');
  for (const item of optionalExclusions) {
    if (!(OPTIONAL_GUARD_EXCLUSIONS as readonly string[]).includes(item)) {
      throw new Error(`context siteGuardExclusions: ${item} is not one of ${OPTIONAL_GUARD_EXCLUSIONS.join(', ')} (or none)`);
    }
  }
  return { domains, optionalExclusions: optionalExclusions as OptionalGuardExclusion[] };
}

/** `Name <user@domain>` or `user@domain` as its parts (the user pool's SES e-mail takes them apart). */
export function mailSender(mailFromAddress: string): { name?: string; address: string } {
  const match = /^\s*(?:(.*?)\s*<([^<>\s@]+@[^<>\s@]+)>|([^<>\s@]+@[^<>\s@]+))\s*$/.exec(mailFromAddress);
  if (!match) throw new Error(`context mailFromAddress is not an e-mail address: ${mailFromAddress}`);
  return match[3] ? { address: match[3] } : { ...(match[1] ? { name: match[1] } : {}), address: match[2] as string };
}

/** The domain of `Name <user@domain>` or `user@domain`: the SES identity the functions may send as. */
export function mailDomain(mailFromAddress: string): string {
  const match = /<?[^<>\s@]+@([^<>\s@]+?)>?$/.exec(mailFromAddress.trim());
  if (!match?.[1]) throw new Error(`context mailFromAddress is not an e-mail address: ${mailFromAddress}`);
  return match[1];
}

/** An https URL without its trailing slash (handlers append paths to it); anything else fails fast. */
function httpsUrl(key: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`context ${key} is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:') throw new Error(`context ${key} must be an https URL: ${value}`);
  return url.href.replace(/\/+$/, '');
}

function hostName(key: string, value: string): string {
  if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(value)) throw new Error(`context ${key} is not a host name: ${value}`);
  return value;
}

function certificateArn(key: string, value: string): string {
  if (!/^arn:aws[a-z-]*:acm:[a-z0-9-]+:\d{12}:certificate\/[0-9a-f-]+$/.test(value)) throw new Error(`context ${key} is not an ACM certificate ARN: ${value}`);
  return value;
}

/** The origin of a URL, for the Content-Security-Policy. */
export function originOf(url: string): string {
  return new URL(url).origin;
}
