import { describe, expect, it } from 'vitest';
import { InvalidEventPatternError, compilePattern, matchesPattern } from './pattern';

/**
 * Cases from the EventBridge user guide ("Creating event patterns", "Comparison operators", "Matching on arrays",
 * "Null values and empty strings"): each operator with an event that matches and one that does not.
 */
const ec2Event = {
  version: '0',
  id: '7bf73129-1428-4cd3-a780-95db273d1602',
  'detail-type': 'EC2 Instance State-change Notification',
  source: 'aws.ec2',
  account: '123456789012',
  time: '2017-10-02T18:43:48Z',
  region: 'us-east-1',
  resources: ['arn:aws:ec2:us-east-1:123456789012:instance/i-b188560f'],
  detail: { 'instance-id': 'i-abcd1111', state: 'pending' },
};
const withDetail = (detail: Record<string, unknown>) => ({ ...ec2Event, detail });

type Case = [name: string, pattern: Record<string, unknown>, event: unknown, matches: boolean];

const cases: Record<string, Case[]> = {
  'exact values and AND': [
    ['source, detail-type and a detail field', { source: ['aws.ec2'], 'detail-type': ['EC2 Instance State-change Notification'], detail: { state: ['pending'] } }, ec2Event, true],
    ['one field differs', { source: ['aws.ec2'], detail: { state: ['terminated'] } }, ec2Event, false],
    ['a list of values is OR', { source: ['aws.ec2', 'aws.fargate'] }, { ...ec2Event, source: 'aws.fargate' }, true],
    ['none of the listed values', { source: ['aws.ec2', 'aws.fargate'] }, { ...ec2Event, source: 'aws.s3' }, false],
    ['a field the pattern names must exist', { detail: { 'instance-type': ['t2.micro'] } }, ec2Event, false],
    ['matching is case sensitive', { source: ['AWS.EC2'] }, ec2Event, false],
    ['numbers match numbers', { detail: { 'x-limit': [301.8] } }, withDetail({ 'x-limit': 301.8 }), true],
    ['a number does not match its string', { detail: { 'x-limit': [301.8] } }, withDetail({ 'x-limit': '301.8' }), false],
    ['booleans', { detail: { enabled: [true] } }, withDetail({ enabled: true }), true],
    ['boolean false is not true', { detail: { enabled: [true] } }, withDetail({ enabled: false }), false],
  ],
  arrays: [
    ['event array intersects the pattern list', { resources: ['arn:aws:ec2:us-east-1:123456789012:instance/i-b188560f', 'arn:aws:ec2:us-east-1:111122223333:instance/i-b188560f'] }, ec2Event, true],
    ['no element matches', { resources: ['arn:aws:ec2:us-east-1:444455556666:instance/i-b188560f'] }, ec2Event, false],
    ['an array of objects matches when one element matches', { detail: { items: { sku: ['B'] } } }, withDetail({ items: [{ sku: 'A' }, { sku: 'B' }] }), true],
    ['fields of one pattern must come from the same element', { detail: { items: { sku: ['A'], qty: [2] } } }, withDetail({ items: [{ sku: 'A', qty: 1 }, { sku: 'B', qty: 2 }] }), false],
  ],
  'null and empty string': [
    ['null matches null', { detail: { responseElements: [null] } }, withDetail({ eventVersion: '', responseElements: null }), true],
    ['empty string matches empty string', { detail: { eventVersion: [''] } }, withDetail({ eventVersion: '', responseElements: null }), true],
    ['null does not match an empty string', { detail: { eventVersion: [null] } }, withDetail({ eventVersion: '', responseElements: null }), false],
    ['an empty string does not match null', { detail: { responseElements: [''] } }, withDetail({ eventVersion: '', responseElements: null }), false],
    ['null does not match a missing field', { detail: { other: [null] } }, withDetail({ eventVersion: '' }), false],
  ],
  prefix: [
    ['time starts with the date', { time: [{ prefix: '2017-10-02' }] }, ec2Event, true],
    ['another date', { time: [{ prefix: '2017-10-03' }] }, ec2Event, false],
    ['region in the US', { region: [{ prefix: 'us-' }] }, ec2Event, true],
    ['prefix is case sensitive', { region: [{ prefix: 'US-' }] }, ec2Event, false],
    ['prefix only applies to strings', { detail: { code: [{ prefix: '4' }] } }, withDetail({ code: 404 }), false],
    ['prefix with equals-ignore-case', { detail: { service: [{ prefix: { 'equals-ignore-case': 'EventB' } }] } }, withDetail({ service: 'eventbridge' }), true],
    ['prefix with equals-ignore-case, upper case value', { detail: { service: [{ prefix: { 'equals-ignore-case': 'eventb' } }] } }, withDetail({ service: 'EVENTBRIDGE' }), true],
    ['prefix with equals-ignore-case, other prefix', { detail: { service: [{ prefix: { 'equals-ignore-case': 'EventB' } }] } }, withDetail({ service: 'sqs' }), false],
  ],
  suffix: [
    ['file name ends in .png', { FileName: [{ suffix: '.png' }] }, { FileName: 'image.png' }, true],
    ['file name ends in .jpg', { FileName: [{ suffix: '.png' }] }, { FileName: 'image.jpg' }, false],
    ['suffix is case sensitive', { FileName: [{ suffix: '.png' }] }, { FileName: 'image.PNG' }, false],
    ['suffix with equals-ignore-case', { detail: { FileName: [{ suffix: { 'equals-ignore-case': '.png' } }] } }, withDetail({ FileName: 'IMAGE.PNG' }), true],
    ['suffix with equals-ignore-case, other suffix', { detail: { FileName: [{ suffix: { 'equals-ignore-case': '.png' } }] } }, withDetail({ FileName: 'image.gif' }), false],
  ],
  'anything-but': [
    ['a string besides initializing', { detail: { state: [{ 'anything-but': 'initializing' }] } }, ec2Event, true],
    ['exactly initializing', { detail: { state: [{ 'anything-but': 'initializing' }] } }, withDetail({ state: 'initializing' }), false],
    ['a number besides 123', { detail: { 'x-limit': [{ 'anything-but': 123 }] } }, withDetail({ 'x-limit': 124 }), true],
    ['exactly 123', { detail: { 'x-limit': [{ 'anything-but': 123 }] } }, withDetail({ 'x-limit': 123 }), false],
    ['not in a list of strings', { detail: { state: [{ 'anything-but': ['stopped', 'overloaded'] }] } }, withDetail({ state: 'running' }), true],
    ['in the list of strings', { detail: { state: [{ 'anything-but': ['stopped', 'overloaded'] }] } }, withDetail({ state: 'stopped' }), false],
    ['not in a list of numbers', { detail: { 'x-limit': [{ 'anything-but': [100, 200, 300] }] } }, withDetail({ 'x-limit': 301.8 }), true],
    ['in the list of numbers', { detail: { 'x-limit': [{ 'anything-but': [100, 200, 300] }] } }, withDetail({ 'x-limit': 200 }), false],
    ['a missing field does not match', { detail: { other: [{ 'anything-but': 'initializing' }] } }, ec2Event, false],
    ['region outside the US (prefix)', { detail: { Region: [{ 'anything-but': { prefix: 'us-' } }] } }, withDetail({ Region: 'eu-west-1' }), true],
    ['region in the US (prefix)', { detail: { Region: [{ 'anything-but': { prefix: 'us-' } }] } }, withDetail({ Region: 'us-east-1' }), false],
    ['file name not ending in .txt (suffix)', { detail: { FileName: [{ 'anything-but': { suffix: '.txt' } }] } }, withDetail({ FileName: 'notes.md' }), true],
    ['file name ending in .txt (suffix)', { detail: { FileName: [{ 'anything-but': { suffix: '.txt' } }] } }, withDetail({ FileName: 'notes.txt' }), false],
    ['any casing of other values (equals-ignore-case)', { detail: { state: [{ 'anything-but': { 'equals-ignore-case': ['Stopped', 'OverLoaded'] } }] } }, withDetail({ state: 'running' }), true],
    ['a casing variation of a listed value', { detail: { state: [{ 'anything-but': { 'equals-ignore-case': ['Stopped', 'OverLoaded'] } }] } }, withDetail({ state: 'STOPPED' }), false],
    ['a path without /lib/ (wildcard)', { detail: { FilePath: [{ 'anything-but': { wildcard: '*/lib/*' } }] } }, withDetail({ FilePath: '/usr/bin/node' }), true],
    ['a path with /lib/ (wildcard)', { detail: { FilePath: [{ 'anything-but': { wildcard: '*/lib/*' } }] } }, withDetail({ FilePath: '/usr/lib/node' }), false],
  ],
  numeric: [
    ['the docs example: range, less than and equals', { detail: { 'c-count': [{ numeric: ['>', 0, '<=', 5] }], 'd-count': [{ numeric: ['<', 10] }], 'x-limit': [{ numeric: ['=', 3.018e2] }] } }, withDetail({ 'c-count': 5, 'd-count': 7, 'x-limit': 301.8 }), true],
    ['c-count outside the range', { detail: { 'c-count': [{ numeric: ['>', 0, '<=', 5] }] } }, withDetail({ 'c-count': 6 }), false],
    ['lower bound is exclusive', { detail: { 'c-count': [{ numeric: ['>', 0, '<=', 5] }] } }, withDetail({ 'c-count': 0 }), false],
    ['>= includes the bound', { detail: { n: [{ numeric: ['>=', 10] }] } }, withDetail({ n: 10 }), true],
    ['< excludes the bound', { detail: { n: [{ numeric: ['<', 10] }] } }, withDetail({ n: 10 }), false],
    ['a numeric string is not a number', { detail: { n: [{ numeric: ['>', 0] }] } }, withDetail({ n: '5' }), false],
    ['equals', { detail: { n: [{ numeric: ['=', 5] }] } }, withDetail({ n: 5.0 }), true],
  ],
  exists: [
    ['state exists', { detail: { state: [{ exists: true }] } }, ec2Event, true],
    ['state does not exist (it does)', { detail: { state: [{ exists: false }] } }, ec2Event, false],
    ['c-count does not exist', { detail: { 'c-count': [{ exists: false }] } }, ec2Event, true],
    ['c-count exists (it does not)', { detail: { 'c-count': [{ exists: true }] } }, ec2Event, false],
    ['exists only applies to leaf nodes', { detail: { config: [{ exists: true }] } }, withDetail({ config: { a: 1 } }), false],
    ['exists false when the parent is missing', { detail: { 'c-count': [{ exists: false }] } }, { source: 'aws.ec2' }, true],
  ],
  'equals-ignore-case': [
    ['any casing of the detail type', { 'detail-type': [{ 'equals-ignore-case': 'ec2 instance state-change notification' }] }, ec2Event, true],
    ['a different detail type', { 'detail-type': [{ 'equals-ignore-case': 'ec2 instance launch successful' }] }, ec2Event, false],
  ],
  wildcard: [
    ['event bus ARN with wildcards', { EventBusArn: [{ wildcard: 'arn:aws:events:us-east-1:*:event-bus/*' }] }, { EventBusArn: 'arn:aws:events:us-east-1:123456789012:event-bus/giving' }, true],
    ['another region', { EventBusArn: [{ wildcard: 'arn:aws:events:us-east-1:*:event-bus/*' }] }, { EventBusArn: 'arn:aws:events:eu-west-1:123456789012:event-bus/giving' }, false],
    ['dir/*.png matches nested paths', { FileName: [{ wildcard: 'dir/*.png' }] }, { FileName: 'dir/sub/pic.png' }, true],
    ['dir/*.png does not match another extension', { FileName: [{ wildcard: 'dir/*.png' }] }, { FileName: 'dir/pic.jpg' }, false],
    ['an escaped star is literal', { Name: [{ wildcard: 'a\\*b' }] }, { Name: 'a*b' }, true],
    ['an escaped star is not a wildcard', { Name: [{ wildcard: 'a\\*b' }] }, { Name: 'axyzb' }, false],
  ],
  cidr: [
    ['an address inside 10.0.0.0/24', { detail: { sourceIPAddress: [{ cidr: '10.0.0.0/24' }] } }, withDetail({ sourceIPAddress: '10.0.0.255' }), true],
    ['an address outside 10.0.0.0/24', { detail: { sourceIPAddress: [{ cidr: '10.0.0.0/24' }] } }, withDetail({ sourceIPAddress: '10.0.1.1' }), false],
    ['an IPv6 address inside its block', { detail: { ip: [{ cidr: '2001:db8::/32' }] } }, withDetail({ ip: '2001:db8:1::7' }), true],
    ['an IPv6 address outside its block', { detail: { ip: [{ cidr: '2001:db8::/32' }] } }, withDetail({ ip: '2001:db9::1' }), false],
  ],
  $or: [
    ['any of c-count, d-count or x-limit', { detail: { $or: [{ 'c-count': [{ numeric: ['>', 0, '<=', 5] }] }, { 'd-count': [{ numeric: ['<', 10] }] }, { 'x-limit': [{ numeric: ['=', 3.018e2] }] }] } }, withDetail({ 'c-count': 50, 'd-count': 7 }), true],
    ['none of them', { detail: { $or: [{ 'c-count': [{ numeric: ['>', 0, '<=', 5] }] }, { 'd-count': [{ numeric: ['<', 10] }] }] } }, withDetail({ 'c-count': 50, 'd-count': 70 }), false],
    ['$or beside other fields is ANDed with them', { source: ['aws.cloudwatch'], $or: [{ metrics: { namespace: ['AWS/EC2'] } }, { metrics: { expression: [{ prefix: '' }] } }] }, { source: 'aws.cloudwatch', metrics: { expression: 'm1+m2' } }, true],
    ['$or with the other field failing', { source: ['aws.cloudwatch'], $or: [{ metrics: { namespace: ['AWS/EC2'] } }, { metrics: { expression: [{ prefix: '' }] } }] }, { source: 'aws.ec2', metrics: { namespace: 'AWS/EC2' } }, false],
  ],
  'several operators in one pattern': [
    ['the docs combined example', { time: [{ prefix: '2017-10-02' }], detail: { state: [{ 'anything-but': 'initializing' }], 'c-count': [{ numeric: ['>', 0, '<=', 5] }], 'd-count': [{ numeric: ['<', 10] }], 'x-limit': [{ 'anything-but': [100, 200, 300] }] } }, withDetail({ state: 'running', 'c-count': 2, 'd-count': 8, 'x-limit': 301.8 }), true],
    ['the combined example with state initializing', { time: [{ prefix: '2017-10-02' }], detail: { state: [{ 'anything-but': 'initializing' }], 'c-count': [{ numeric: ['>', 0, '<=', 5] }] } }, withDetail({ state: 'initializing', 'c-count': 2 }), false],
    ['an exact value or a prefix in one list', { detail: { state: ['stopped', { prefix: 'pend' }] } }, ec2Event, true],
    ['exists:false or a value', { detail: { reason: [{ exists: false }, 'manual'] } }, withDetail({ reason: 'manual' }), true],
    ['exists:false or a value, another value', { detail: { reason: [{ exists: false }, 'manual'] } }, withDetail({ reason: 'scheduled' }), false],
  ],
};

describe('matchesPattern', () => {
  for (const [operator, table] of Object.entries(cases)) {
    describe(operator, () => {
      it.each(table)('%s', (_name, pattern, event, expected) => {
        expect(matchesPattern(pattern, event)).toBe(expected);
      });
    });
  }

  it('matches the pattern the manifests generate for one event', () => {
    const match = compilePattern({ source: ['giving.donations'], 'detail-type': ['DonationCompleted'] });
    expect(match({ source: 'giving.donations', 'detail-type': 'DonationCompleted', detail: {} })).toBe(true);
    expect(match({ source: 'giving.donations', 'detail-type': 'PaymentFailed', detail: {} })).toBe(false);
  });
});

describe('invalid or unsupported patterns are refused, never matched silently', () => {
  it.each<[string, unknown]>([
    ['an unknown operator', { detail: { type: [{ contains: 'Normal' }] } }],
    ['a value that is not an array', { source: 'aws.ec2' }],
    ['an empty list', { source: [] }],
    ['a pattern that is not an object', ['aws.ec2']],
    ['an empty pattern', {}],
    ['two keys in one operator object', { FileName: [{ prefix: 'a', suffix: 'b' }] }],
    ['prefix with a number', { code: [{ prefix: 4 }] }],
    ['numeric with a string bound', { n: [{ numeric: ['>', '5'] }] }],
    ['numeric with an unknown comparison', { n: [{ numeric: ['!=', 5] }] }],
    ['numeric range upside down', { n: [{ numeric: ['<', 5, '>', 1] }] }],
    ['exists with a string', { n: [{ exists: 'yes' }] }],
    ['anything-but with a mixed list', { n: [{ 'anything-but': ['a', 1] }] }],
    ['anything-but with an unknown operator', { n: [{ 'anything-but': { contains: 'a' } }] }],
    ['consecutive wildcards', { n: [{ wildcard: 'a**b' }] }],
    ['a malformed CIDR block', { ip: [{ cidr: '10.0.0.0/33' }] }],
    ['$or with one alternative', { $or: [{ source: ['a'] }] }],
  ])('%s', (_name, pattern) => {
    expect(() => compilePattern(pattern)).toThrow(InvalidEventPatternError);
  });

  it('names the operator and where it is', () => {
    expect(() => compilePattern({ detail: { type: [{ contains: 'Normal' }] } })).toThrow('unsupported operator "contains" at "detail.type"');
  });
});
