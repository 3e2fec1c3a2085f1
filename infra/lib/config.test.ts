import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { CONTEXT_DEFAULTS, mailSender, mailDomain, originOf, paymentGatewaySettingsOf, readConfig } from './config';

const read = (context: Record<string, unknown> = {}) => readConfig(new App({ context }));

describe('deployment config from context', () => {
  it('falls back to defaults and names the ones that must be set before deploying', () => {
    const { config, defaulted } = read();
    const { apiDomainName, apiCertificateArn, ...rest } = CONTEXT_DEFAULTS;
    expect(config).toMatchObject({ ...rest, siteUrl: undefined, webDomain: undefined, siteGuard: undefined, singleSignInUrl: undefined });
    expect(config.apiDomain).toEqual({ name: apiDomainName, certificateArn: apiCertificateArn });
    expect(defaulted).toEqual(['cardGatewayUrl', 'cardGatewayPublishableKey', 'cardGatewayTrustClientKey', 'mailFromAddress', 'apiDomainName', 'apiCertificateArn']);
    expect(config.transactionProcessingFees).toEqual({ nz: { percentBasisPoints: 190, fixedCents: 30 }, au: { percentBasisPoints: 175, fixedCents: 30 } });
  });

  it('reads the merchant accounts’ client keys and the transaction fees, as an object or JSON, a country at a time', () => {
    const { config } = read({ cardGatewayTrustClientKey: 'ck_live_trust', transactionProcessingFees: '{"nz":{"percentBasisPoints":210,"fixedCents":25}}' });
    expect(config.transactionProcessingFees).toEqual({ nz: { percentBasisPoints: 210, fixedCents: 25 }, au: { percentBasisPoints: 175, fixedCents: 30 } });
    expect(read({ transactionProcessingFees: { au: { percentBasisPoints: 0, fixedCents: 0 } } }).config.transactionProcessingFees.au).toEqual({ percentBasisPoints: 0, fixedCents: 0 });
    expect(paymentGatewaySettingsOf({ ...config, cardGatewayPublishableKey: 'pk_live_platform' })).toEqual({
      accounts: { Trust: { clientKey: 'ck_live_trust' }, Platform: { clientKey: 'pk_live_platform' } },
      transactionProcessingFees: { nz: { percentBasisPoints: 210, fixedCents: 25 }, au: { percentBasisPoints: 175, fixedCents: 30 } },
    });
  });

  it('rejects transaction fees that are not whole basis points and cents in range, or name an unknown country', () => {
    expect(() => read({ transactionProcessingFees: '{nz:1}' })).toThrow(/not JSON/);
    expect(() => read({ transactionProcessingFees: { nz: { percentBasisPoints: 1.9, fixedCents: 30 } } })).toThrow(/transactionProcessingFees.nz/);
    expect(() => read({ transactionProcessingFees: { au: { percentBasisPoints: 175, fixedCents: -1 } } })).toThrow(/transactionProcessingFees.au/);
    expect(() => read({ transactionProcessingFees: { nz: { percentBasisPoints: 5000, fixedCents: 30 } } })).toThrow(/0-1000/);
    expect(() => read({ transactionProcessingFees: { uk: { percentBasisPoints: 100, fixedCents: 20 } } })).toThrow(/unknown country uk/);
    expect(() => read({ transactionProcessingFees: [] })).toThrow(/object keyed by country/);
  });

  it('takes context values, trimming trailing slashes from URLs', () => {
    const { config, defaulted } = read({
      cardGatewayUrl: 'https://api.gateway.test/v1/',
      cardGatewayPublishableKey: 'pk_live_1',
      cardGatewayTrustClientKey: 'ck_live_1',
      mailFromAddress: 'receipts@giving.org.nz',
      siteUrl: 'https://giving.org.nz/',
      searchDataNodes: '1',
      webDomainName: 'giving.org.nz',
      webCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      singleSignInUrl: 'https://sso.tasman-engineering.co.nz/koha',
      apiDomainName: 'api.giving.org.nz',
      apiCertificateArn: 'arn:aws:acm:ap-southeast-2:123456789012:certificate/0d1e2f3a-4b5c-6d7e-8f90-a1b2c3d4e5f6',
    });
    expect(config.singleSignInUrl).toBe('https://sso.tasman-engineering.co.nz/koha');
    expect(config.apiDomain).toEqual({ name: 'api.giving.org.nz', certificateArn: 'arn:aws:acm:ap-southeast-2:123456789012:certificate/0d1e2f3a-4b5c-6d7e-8f90-a1b2c3d4e5f6' });
    expect(config.cardGatewayUrl).toBe('https://api.gateway.test/v1');
    expect(config.siteUrl).toBe('https://giving.org.nz');
    expect(config.searchDataNodes).toBe(1);
    expect(config.webDomain).toEqual({ name: 'giving.org.nz', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' });
    expect(defaulted).toEqual([]);
  });

  it('rejects what would deploy a broken site', () => {
    expect(() => read({ cardGatewayUrl: 'http://gateway.test' })).toThrow(/https/);
    expect(() => read({ siteUrl: 'not a url' })).toThrow(/not a URL/);
    expect(() => read({ mailFromAddress: 'receipts' })).toThrow(/not an e-mail address/);
    expect(() => read({ searchDataNodes: '0' })).toThrow(/positive integer/);
    expect(() => read({ webDomainName: 'giving.org.nz' })).toThrow(/set both or neither/);
    expect(() => read({ apiDomainName: 'https://api.giving.org.nz' })).toThrow(/apiDomainName is not a host name/);
    expect(() => read({ apiCertificateArn: 'arn:aws:iam::123456789012:role/x' })).toThrow(/apiCertificateArn is not an ACM certificate ARN/);
    expect(mailSender('Koha <receipts@koha.nz>')).toEqual({ name: 'Koha', address: 'receipts@koha.nz' });
    expect(mailSender('receipts@koha.nz')).toEqual({ address: 'receipts@koha.nz' });
    expect(() => read({ singleSignInUrl: 'http://sso.example.org' })).toThrow(/https/);
  });

  it('reads the SES identity domain and the CSP origin', () => {
    expect(mailDomain('Giving <receipts@giving.org.nz>')).toBe('giving.org.nz');
    expect(mailDomain('receipts@giving.org.nz')).toBe('giving.org.nz');
    expect(originOf('https://api.gateway.test/v1')).toBe('https://api.gateway.test');
  });

  it('turns the site-wide guard on for the named domains, with the spec’s optional exclusions to choose from', () => {
    expect(read({ siteGuardDomains: '' }).config.siteGuard).toBeUndefined();
    expect(read({ siteGuardDomains: 'Staff.Giving.org.nz, intranet.giving.org.nz' }).config.siteGuard).toEqual({
      domains: ['staff.giving.org.nz', 'intranet.giving.org.nz'],
      optionalExclusions: ['/api/', '/favicon.ico'],
    });
    expect(read({ siteGuardDomains: ['staff.giving.org.nz'], siteGuardExclusions: ['/api/login', '/_next/'] }).config.siteGuard).toEqual({
      domains: ['staff.giving.org.nz'],
      optionalExclusions: ['/api/login', '/_next/'],
    });
    expect(read({ siteGuardDomains: 'staff.giving.org.nz', siteGuardExclusions: 'none' }).config.siteGuard?.optionalExclusions).toEqual([]);
    expect(() => read({ siteGuardDomains: 'staff.giving.org.nz', siteGuardExclusions: '/admin/' })).toThrow(/not one of/);
    expect(() => read({ siteGuardDomains: 'https://staff.giving.org.nz' })).toThrow(/not a host name/);
  });
});
