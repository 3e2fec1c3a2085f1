/**
 * EventBridge content filtering, as the bus applies a rule's event pattern to an event.
 * Semantics follow the EventBridge user guide (event patterns, comparison operators, arrays, null and empty values):
 * fields are ANDed, the values listed for a field are ORed, an array in the event matches when any element does,
 * operators apply to leaf values only. An operator we do not implement is an error, never a silent match.
 */

/** What AWS answers for a pattern it cannot accept (PutRule, TestEventPattern). */
export class InvalidEventPatternError extends Error {
  constructor(message: string) {
    super(`Event pattern is not valid. Reason: ${message}`);
    this.name = 'InvalidEventPatternException';
  }
}

type Leaf = string | number | boolean | null;
type LeafTest = (value: Leaf) => boolean;
type NodeTest = (node: unknown) => boolean;

/** A field's matchers: `exists` is about the field itself; the others test its leaf values. */
interface FieldTest {
  existsTrue: boolean;
  existsFalse: boolean;
  tests: LeafTest[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isLeaf = (value: unknown): value is Leaf =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** Compiles a pattern once (throwing InvalidEventPatternError for anything AWS would refuse or we do not support). */
export function compilePattern(pattern: unknown): (event: unknown) => boolean {
  if (!isPlainObject(pattern)) throw new InvalidEventPatternError('the pattern must be a JSON object');
  if (Object.keys(pattern).length === 0) throw new InvalidEventPatternError('the pattern must name at least one field');
  return compileObject(pattern, '');
}

export function matchesPattern(pattern: unknown, event: unknown): boolean {
  return compilePattern(pattern)(event);
}

function compileObject(pattern: Record<string, unknown>, path: string): NodeTest {
  const tests: NodeTest[] = [];
  for (const [key, sub] of Object.entries(pattern)) {
    const at = path ? `${path}.${key}` : key;
    if (key === '$or') {
      if (!Array.isArray(sub) || sub.length < 2 || !sub.every(isPlainObject)) {
        throw new InvalidEventPatternError(`"$or" at ${path || 'the top level'} must be an array of at least two objects`);
      }
      const alternatives = sub.map((alternative) => compileObject(alternative, path));
      tests.push((node) => alternatives.some((test) => test(node)));
    } else if (Array.isArray(sub)) {
      const field = compileField(sub, at);
      tests.push((node) => matchField(field, isPlainObject(node) ? node[key] : undefined));
    } else if (isPlainObject(sub)) {
      const nested = compileObject(sub, at);
      tests.push((node) => {
        const child = isPlainObject(node) ? node[key] : undefined;
        // An array of objects matches when one element matches the whole nested pattern.
        if (Array.isArray(child)) return child.some((element) => isPlainObject(element) && nested(element));
        return nested(isPlainObject(child) ? child : undefined);
      });
    } else {
      throw new InvalidEventPatternError(`"${at}" must be an object or an array`);
    }
  }
  return (node) => tests.every((test) => test(node));
}

/** The leaf values at a field: an array is flattened; an object is an intermediate node and has none. */
function leafValues(value: unknown): Leaf[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(leafValues);
  return isLeaf(value) ? [value] : [];
}

function matchField(field: FieldTest, value: unknown): boolean {
  const values = leafValues(value);
  if (values.length === 0) return field.existsFalse;
  if (field.existsTrue) return true;
  return field.tests.some((test) => values.some(test));
}

function compileField(matchers: unknown[], at: string): FieldTest {
  if (matchers.length === 0) throw new InvalidEventPatternError(`"${at}" must not be an empty array`);
  const field: FieldTest = { existsTrue: false, existsFalse: false, tests: [] };
  for (const matcher of matchers) {
    if (isLeaf(matcher)) {
      field.tests.push((value) => value === matcher);
      continue;
    }
    if (!isPlainObject(matcher)) throw new InvalidEventPatternError(`"${at}" may list only strings, numbers, booleans, null and operator objects`);
    const keys = Object.keys(matcher);
    const [operator] = keys;
    if (keys.length !== 1 || operator === undefined) {
      throw new InvalidEventPatternError(`an operator object at "${at}" must have exactly one key, got ${JSON.stringify(keys)}`);
    }
    const argument = matcher[operator];
    if (operator === 'exists') {
      if (typeof argument !== 'boolean') throw new InvalidEventPatternError(`"exists" at "${at}" must be true or false`);
      if (argument) field.existsTrue = true;
      else field.existsFalse = true;
      continue;
    }
    field.tests.push(compileOperator(operator, argument, at));
  }
  return field;
}

function compileOperator(operator: string, argument: unknown, at: string): LeafTest {
  switch (operator) {
    case 'prefix':
      return stringTest(argument, at, operator, (value, text) => value.startsWith(text), (value, text) => value.startsWith(text));
    case 'suffix':
      return stringTest(argument, at, operator, (value, text) => value.endsWith(text), (value, text) => value.endsWith(text));
    case 'equals-ignore-case': {
      const texts = stringList(argument, at, operator).map(fold);
      return (value) => typeof value === 'string' && texts.includes(fold(value));
    }
    case 'wildcard': {
      const regexes = stringList(argument, at, operator).map((text) => wildcardRegex(text, at));
      return (value) => typeof value === 'string' && regexes.some((regex) => regex.test(value));
    }
    case 'numeric':
      return numericTest(argument, at);
    case 'cidr':
      return cidrTest(argument, at);
    case 'anything-but':
      return anythingBut(argument, at);
    default:
      throw new InvalidEventPatternError(`unsupported operator "${operator}" at "${at}"`);
  }
}

const fold = (text: string) => text.toLowerCase();

/** prefix/suffix take a string, or `{"equals-ignore-case": string}`. */
function stringTest(
  argument: unknown,
  at: string,
  operator: string,
  exact: (value: string, text: string) => boolean,
  folded: (value: string, text: string) => boolean,
): LeafTest {
  if (typeof argument === 'string') return (value) => typeof value === 'string' && exact(value, argument);
  if (isPlainObject(argument) && Object.keys(argument).length === 1 && typeof argument['equals-ignore-case'] === 'string') {
    const text = fold(argument['equals-ignore-case']);
    return (value) => typeof value === 'string' && folded(fold(value), text);
  }
  throw new InvalidEventPatternError(`"${operator}" at "${at}" must be a string or {"equals-ignore-case": string}`);
}

function stringList(argument: unknown, at: string, operator: string): string[] {
  const list = Array.isArray(argument) ? argument : [argument];
  if (list.length === 0 || !list.every((item): item is string => typeof item === 'string')) {
    throw new InvalidEventPatternError(`"${operator}" at "${at}" must be a string or a non-empty list of strings`);
  }
  return list;
}

/** `*` matches any run of characters; `\*` and `\\` are a literal star and backslash; `**` is refused, as in AWS. */
function wildcardRegex(text: string, at: string): RegExp {
  let source = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === '\\') {
      const next = text[i + 1];
      if (next !== '*' && next !== '\\') throw new InvalidEventPatternError(`invalid escape in wildcard "${text}" at "${at}"`);
      source += `\\${next}`;
      i++;
    } else if (char === '*') {
      if (text[i + 1] === '*') throw new InvalidEventPatternError(`consecutive wildcard characters in "${text}" at "${at}"`);
      source += '.*';
    } else {
      source += char.replace(/[.+?^${}()|[\]/-]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`, 's');
}

const LOWER = new Set(['>', '>=']);
const UPPER = new Set(['<', '<=']);

/** `["=", n]`, `[op, n]`, or a range `[">"|">=", a, "<"|"<=", b]`; only JSON numbers match. */
function numericTest(argument: unknown, at: string): LeafTest {
  const invalid = () => new InvalidEventPatternError(`"numeric" at "${at}" must be [op, number] or [">"|">=", number, "<"|"<=", number]`);
  if (!Array.isArray(argument) || (argument.length !== 2 && argument.length !== 4)) throw invalid();
  const comparisons: ((value: number) => boolean)[] = [];
  for (let i = 0; i < argument.length; i += 2) {
    const op = argument[i];
    const bound = argument[i + 1];
    if (typeof bound !== 'number' || !Number.isFinite(bound)) throw invalid();
    if (argument.length === 4 && !(i === 0 ? LOWER : UPPER).has(op as string)) throw invalid();
    switch (op) {
      case '=':
        comparisons.push((value) => value === bound);
        break;
      case '<':
        comparisons.push((value) => value < bound);
        break;
      case '<=':
        comparisons.push((value) => value <= bound);
        break;
      case '>':
        comparisons.push((value) => value > bound);
        break;
      case '>=':
        comparisons.push((value) => value >= bound);
        break;
      default:
        throw invalid();
    }
  }
  if (argument.length === 4 && (argument[1] as number) > (argument[3] as number)) throw invalid();
  return (value) => typeof value === 'number' && comparisons.every((compare) => compare(value));
}

function anythingBut(argument: unknown, at: string): LeafTest {
  if (isLeaf(argument) && argument !== null && typeof argument !== 'boolean') return (value) => value !== argument;
  if (Array.isArray(argument)) {
    const allStrings = argument.every((item) => typeof item === 'string');
    const allNumbers = argument.every((item) => typeof item === 'number');
    if (argument.length === 0 || !(allStrings || allNumbers)) {
      throw new InvalidEventPatternError(`"anything-but" list at "${at}" must hold only strings or only numbers`);
    }
    const excluded: unknown[] = argument;
    return (value) => !excluded.includes(value);
  }
  if (isPlainObject(argument) && Object.keys(argument).length === 1) {
    const [operator] = Object.keys(argument) as [string];
    if (operator === 'prefix' || operator === 'suffix') {
      const text = argument[operator];
      if (typeof text !== 'string') throw new InvalidEventPatternError(`"anything-but" ${operator} at "${at}" must be a string`);
      return (value) => typeof value === 'string' && !(operator === 'prefix' ? value.startsWith(text) : value.endsWith(text));
    }
    if (operator === 'equals-ignore-case' || operator === 'wildcard') {
      const inner = compileOperator(operator, argument[operator], at);
      return (value) => typeof value === 'string' && !inner(value);
    }
  }
  throw new InvalidEventPatternError(
    `"anything-but" at "${at}" must be a string, a number, a list of either, or {prefix|suffix|equals-ignore-case|wildcard}`,
  );
}

/** IPv4 or IPv6 CIDR block; matches string values holding an address inside it. */
function cidrTest(argument: unknown, at: string): LeafTest {
  const invalid = () => new InvalidEventPatternError(`"cidr" at "${at}" must be an IPv4 or IPv6 CIDR block such as "10.0.0.0/24"`);
  if (typeof argument !== 'string') throw invalid();
  const [address, bitsText] = argument.split('/');
  const network = address === undefined ? undefined : parseIp(address);
  const bits = Number(bitsText);
  if (!network || !Number.isInteger(bits) || bits < 0 || bits > network.bits) throw invalid();
  const shift = BigInt(network.bits - bits);
  return (value) => {
    if (typeof value !== 'string') return false;
    const ip = parseIp(value);
    return ip !== undefined && ip.bits === network.bits && ip.value >> shift === network.value >> shift;
  };
}

function parseIp(text: string): { bits: number; value: bigint } | undefined {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) {
    const octets = text.split('.').map(Number);
    if (octets.some((octet) => octet > 255)) return undefined;
    return { bits: 32, value: octets.reduce((acc, octet) => (acc << 8n) | BigInt(octet), 0n) };
  }
  if (!/^[0-9a-fA-F:]+$/.test(text) || !text.includes(':')) return undefined;
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (all.some((group) => group.length === 0 || group.length > 4)) return undefined;
  return { bits: 128, value: all.reduce((acc, group) => (acc << 16n) | BigInt(parseInt(group, 16)), 0n) };
}
