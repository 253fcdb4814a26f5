/**
 * A structural check of JUnit XML against the common schema's shape (Jenkins' junit-10.xsd):
 * elements, their attributes and types, required attributes, and the order and number of children.
 * No XSD validator runs here without a native dependency, so the schema's rules are written out.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

type Kind = 'int' | 'decimal' | 'string';

interface ElementShape {
  attributes: Record<string, Kind>;
  required: string[];
  /** Allowed children in the order the schema's sequence gives them, each with its most. */
  children: [string, number][];
  text?: boolean;
}

// The shape of the common JUnit schema (Jenkins' junit-10.xsd): elements, their attributes and
// types, required attributes, and the children each may hold, in sequence order.
const JUNIT_10: Record<string, ElementShape> = {
  testsuites: {
    attributes: {
      name: 'string',
      time: 'decimal',
      tests: 'int',
      failures: 'int',
      disabled: 'int',
      errors: 'int',
    },
    required: [],
    children: [['testsuite', Infinity]],
  },
  testsuite: {
    attributes: {
      name: 'string',
      tests: 'int',
      failures: 'int',
      errors: 'int',
      group: 'string',
      time: 'decimal',
      disabled: 'int',
      skipped: 'int',
      timestamp: 'string',
      hostname: 'string',
      id: 'string',
      package: 'string',
      file: 'string',
      log: 'string',
      url: 'string',
      version: 'string',
    },
    required: ['name', 'tests'],
    children: [
      ['properties', 1],
      ['testcase', Infinity],
      ['system-out', 1],
      ['system-err', 1],
    ],
  },
  properties: { attributes: {}, required: [], children: [['property', Infinity]] },
  property: { attributes: { name: 'string', value: 'string' }, required: ['name', 'value'], children: [] },
  testcase: {
    attributes: {
      name: 'string',
      assertions: 'string',
      time: 'decimal',
      classname: 'string',
      status: 'string',
      class: 'string',
      file: 'string',
      line: 'string',
      log: 'string',
      group: 'string',
      url: 'string',
    },
    required: ['name'],
    children: [
      ['skipped', 1],
      ['error', Infinity],
      ['failure', Infinity],
      ['system-out', Infinity],
      ['system-err', Infinity],
    ],
  },
  skipped: { attributes: { message: 'string' }, required: [], children: [], text: true },
  failure: {
    attributes: { message: 'string', type: 'string' },
    required: ['message', 'type'],
    children: [],
    text: true,
  },
  error: {
    attributes: { message: 'string', type: 'string' },
    required: ['message', 'type'],
    children: [],
    text: true,
  },
  'system-out': { attributes: {}, required: [], children: [], text: true },
  'system-err': { attributes: {}, required: [], children: [], text: true },
};

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

/** Every way `xml` departs from the schema's shape, as readable lines; none when it conforms. */
export function junitProblems(xml: string): string[] {
  const problems: string[] = [];
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return [`not well-formed: ${valid.err.msg} at line ${valid.err.line}`];
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: false,
  });
  const document = parser.parse(xml) as OrderedNode[];
  const elements = document.filter((n) => !('?xml' in n) && !('#text' in n));
  if (elements.length !== 1 || !('testsuites' in (elements[0] ?? {})))
    problems.push('the root is not one <testsuites>');
  const check = (node: OrderedNode, path: string) => {
    const name = Object.keys(node).find((k) => k !== ':@') ?? '';
    const shape = JUNIT_10[name];
    if (!shape) return void problems.push(`${path}: unknown element <${name}>`);
    const attributes = node[':@'] ?? {};
    for (const [attribute, value] of Object.entries(attributes)) {
      const kind = shape.attributes[attribute];
      if (!kind) problems.push(`${path}: <${name}> has no attribute ${attribute}`);
      if (kind === 'int' && !/^\d+$/.test(value))
        problems.push(`${path}: ${attribute}="${value}" is no integer`);
      if (kind === 'decimal' && !/^\d+(\.\d+)?$/.test(value))
        problems.push(`${path}: ${attribute}="${value}" is no decimal`);
    }
    for (const attribute of shape.required)
      if (!(attribute in attributes)) problems.push(`${path}: <${name}> lacks ${attribute}`);
    const children = (node[name] as OrderedNode[]).filter((c) => !('#text' in c));
    const texts = (node[name] as OrderedNode[]).filter(
      (c) => '#text' in c && String(c['#text']).trim() !== '',
    );
    if (texts.length > 0 && !shape.text) problems.push(`${path}: <${name}> holds text`);
    let position = 0;
    const counts = new Map<string, number>();
    children.forEach((child, i) => {
      const childName = Object.keys(child).find((k) => k !== ':@') ?? '';
      const index = shape.children.findIndex(([n]) => n === childName);
      if (index < 0) problems.push(`${path}: <${childName}> is not allowed in <${name}>`);
      else if (index < position) problems.push(`${path}: <${childName}> is out of order in <${name}>`);
      else position = index;
      counts.set(childName, (counts.get(childName) ?? 0) + 1);
      check(child, `${path}/${childName}[${i}]`);
    });
    for (const [childName, most] of shape.children)
      if ((counts.get(childName) ?? 0) > most) problems.push(`${path}: more than ${most} <${childName}>`);
  };
  for (const element of elements) check(element, 'testsuites');
  return problems;
}
