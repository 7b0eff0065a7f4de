// A schema-driven fuzz test over the OpenAPI document the app serves: every operation is called with
// inputs drawn from its own parameter and body schemas, bent with the inputs that broke it before
// (NUL bytes, integers past int4, long strings, deep objects, wrong types, percent-encoded paths),
// without a session and with a member's (an operator's on the admin API, a signing provider's on the
// seamless API). No answer may be a 5xx or leave the envelope.
import { errorCatalogue } from '@platform/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator } from '../../test/operators.ts';
import { newPlayer } from '../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { insertProvider } from '../modules/seamless/seamless.repository.ts';
import { signSeamless } from '../modules/seamless/seamless.service.ts';

/** Examples per operation and identity: bounded, so the whole file stays well under a minute on PGlite. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 14);

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

const deep = (levels: number): unknown => JSON.parse(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);

/** Strings that broke, or could break, a route: NUL bytes, sizes, encodings, numbers past int4, dialling codes libphonenumber does not know. */
const nastyStrings = [
  '\u0000',
  'a\u0000b',
  '%00',
  'x'.repeat(5000),
  '9'.repeat(12),
  '2147483648',
  '-1',
  '1e309',
  'NaN',
  '+999',
  "' or 1=1 --",
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '\ud800',
  '😀'.repeat(40),
  '__proto__',
  ' ',
  '',
];
const nastyNumbers = [0, -1, 1.5, 2_147_483_647, 2_147_483_648, 999_999_999_999, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.001];
const wrongTypes: unknown[] = [null, true, 'x', 12, [], {}, [[[]]], deep(12), deep(40)];

function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** Values a well-behaved client could send for the schema. */
function wellFormed(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => value(s, depth)));
  if (schema.allOf?.length) return value(schema.allOf[0] as Schema, depth);
  switch (typeOf(schema)) {
    case 'string':
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 24, 24) });
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -(2 ** 31)), max: Math.min(schema.maximum ?? 100_000, 2 ** 31) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(value(schema.items ?? {}, depth + 1), { maxLength: 4 });
    case 'object': {
      const properties = schema.properties ?? {};
      if (Object.keys(properties).length === 0)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, s] of Object.entries(properties)) record[k] = value(s, depth + 1);
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value for the schema: mostly well formed, sometimes one of the known troublemakers of its type, sometimes of another type. */
function value(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const type = typeOf(schema);
  const nasty =
    type === 'integer' || type === 'number'
      ? fc.constantFrom(...nastyNumbers)
      : type === 'object' || type === 'array'
        ? fc.constantFrom(deep(12), deep(40), {})
        : fc.constantFrom(...nastyStrings);
  if (depth > 4) return wellFormed(schema, depth);
  return fc.oneof(
    { weight: 5, arbitrary: wellFormed(schema, depth) },
    { weight: 2, arbitrary: nasty },
    { weight: 1, arbitrary: fc.constantFrom(...wrongTypes) },
  );
}

/** Path segments that are no well-formed id or code: bad percent-encoding, NUL, past maxParamLength. */
const nastySegments = ['%00', '%zz', '%E0%A4%A', '%2e%2e', '1'.repeat(150), '2147483648', '%F0%9F%98%80', '%20'];

/** encodeURIComponent, which refuses a lone surrogate: that one is sent as its (invalid) UTF-8 bytes. */
const encodeSegment = (text: string): string =>
  encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '')) + (/[\ud800-\udfff]/.test(text) ? '%ED%A0%80' : '');

const asText = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

interface Call {
  url: string;
  body?: string;
}

/** An operation's input before it is written as a request: path segments (encoded), query values, the body. */
interface Parts {
  segments: string[];
  query: unknown[];
  /** A value sent as JSON, or `{ raw }`: bytes sent as they are. */
  body: { value: unknown } | { raw: string } | undefined;
  encodePath: boolean;
}

function fieldsOf(op: Operation) {
  const params = op.parameters ?? [];
  return {
    pathParams: params.filter((p) => p.in === 'path'),
    queryParams: params.filter((p) => p.in === 'query'),
    body: op.requestBody?.content['application/json']?.schema,
  };
}

const rawBodies = ['', '{', 'null', '"\\u0000"', `${'['.repeat(100_000)}${']'.repeat(100_000)}`];

/** An operation's input drawn from its schemas (see value). */
function partsOf(op: Operation): fc.Arbitrary<Parts> {
  const { pathParams, queryParams, body } = fieldsOf(op);
  return fc.record({
    segments: fc.tuple(
      ...pathParams.map((p) =>
        fc.oneof(
          { weight: 4, arbitrary: value(p.schema).map((v) => encodeSegment(asText(v))) },
          { weight: 1, arbitrary: fc.constantFrom(...nastySegments) },
        ),
      ),
    ),
    query: fc.tuple(...queryParams.map((p) => fc.option(value(p.schema), { nil: undefined }))),
    body: body
      ? fc.oneof(
          { weight: 6, arbitrary: value(body).map((v) => ({ value: v })) },
          { weight: 1, arbitrary: fc.constantFrom(...rawBodies).map((raw) => ({ raw })) },
        )
      : fc.constant(undefined),
    // Now and then the path itself percent-encoded (/%77ps/...), as a proxy or a prober sends it.
    encodePath: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
  });
}

/** An input a well-behaved client could send: the base the targeted values are set into. */
function wellFormedParts(op: Operation): fc.Arbitrary<Parts> {
  const { pathParams, queryParams, body } = fieldsOf(op);
  return fc.record({
    segments: fc.tuple(...pathParams.map((p) => wellFormed(p.schema, 0).map((v) => encodeSegment(asText(v))))),
    query: fc.tuple(...queryParams.map((p) => wellFormed(p.schema, 0))),
    body: body ? wellFormed(body, 0).map((v) => ({ value: v })) : fc.constant(undefined),
    encodePath: fc.constant(false),
  });
}

/** What each field is also tried with, one field at a time, the others well formed. */
function targetedValues(schema: Schema): unknown[] {
  switch (typeOf(schema)) {
    case 'string':
      return ['a\u0000b', '999999999999', '+999', 'x'.repeat(5000), null];
    case 'integer':
    case 'number':
      return [2_147_483_648, 999_999_999_999, 1e308, -1, 'x'];
    default:
      return [deep(40), deep(12), 'x'];
  }
}

/**
 * A well-formed input of the operation with one field at a time set to each of its targeted values:
 * the cases a random draw may miss (a NUL in this very field, an id past int4).
 */
function targetedParts(op: Operation, base: Parts): Parts[] {
  const { pathParams, queryParams, body } = fieldsOf(op);
  const out: Parts[] = [];
  pathParams.forEach((p, i) => {
    for (const v of targetedValues(p.schema))
      out.push({ ...base, segments: base.segments.map((s, j) => (j === i ? encodeSegment(asText(v)) : s)) });
  });
  queryParams.forEach((p, i) => {
    for (const v of targetedValues(p.schema)) out.push({ ...base, query: base.query.map((q, j) => (j === i ? v : q)) });
  });
  const baseBody = base.body && 'value' in base.body ? base.body.value : undefined;
  if (body?.properties && baseBody !== null && typeof baseBody === 'object' && !Array.isArray(baseBody)) {
    for (const [name, schema] of Object.entries(body.properties)) {
      for (const v of targetedValues(schema)) out.push({ ...base, body: { value: { ...baseBody, [name]: v } } });
    }
  }
  return out;
}

function render(path: string, op: Operation, parts: Parts): Call {
  const { queryParams } = fieldsOf(op);
  let i = 0;
  let url = path.replace(/\{[^}]+\}/g, () => parts.segments[i++] ?? '1');
  if (parts.encodePath) url = url.replace(/^\/(\w)/, (_m, c: string) => `/%${c.charCodeAt(0).toString(16)}`);
  const search = new URLSearchParams();
  queryParams.forEach((p, j) => {
    const v = parts.query[j];
    if (v !== undefined) search.append(p.name, asText(v));
  });
  const qs = search.toString();
  const body = parts.body === undefined ? undefined : 'raw' in parts.body ? parts.body.raw : (JSON.stringify(parts.body.value) ?? '');
  return { url: qs ? `${url}?${qs}` : url, body };
}

/** An API key of an owner's account (every permission, every merchant), made before the tests. */
let operatorToken = '';
const providerSecret = 'fuzz-provider-secret';

let sut: TestApp;
let memberHeaders: Record<string, string>;
beforeAll(async () => {
  sut = await buildTestApp();
  operatorToken = (await makeOperator(sut.database.db, { account: 'fuzz', role: 'owner' })).key;
  await insertProvider(sut.database.db, { code: 'FUZZPROV', vendorCode: 'INHOUSE', secret: providerSecret });
  memberHeaders = (await newPlayer(sut.app, sut.database.db)).headers;
});
afterAll(() => sut.close());

/** What is wrong with an answer: a 5xx, or a body outside the envelope; undefined when it is fine. */
function problemOf(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  const json = (res.headers['content-type'] ?? '').toString().includes('json');
  // Pages (the sandbox payment page, the dev outbox) and redirects are not API answers.
  if (res.statusCode < 400 && !json) return undefined;
  let body: { success?: unknown; message?: unknown; code?: unknown; value?: unknown };
  try {
    body = res.json();
  } catch {
    return `status ${res.statusCode}, not JSON`;
  }
  if (typeof body !== 'object' || body === null || typeof body.message !== 'string' || !('value' in body)) return 'not the envelope';
  if (res.statusCode >= 400) {
    if (body.success !== false) return 'a failure without success: false';
    if (typeof body.code !== 'string' || !(body.code in errorCatalogue)) return `code ${String(body.code)} not in the catalogue`;
    if (errorCatalogue[body.code as keyof typeof errorCatalogue].status !== res.statusCode)
      return `status ${res.statusCode} is not ${body.code}'s`;
  } else if (body.success !== true) return 'a success without success: true';
  return undefined;
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('answers every generated input below 500 and in the envelope, without a session and with one', async () => {
    const document = sut.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
    // Logging out ends the member's session: last, so every other operation is tried with it.
    operations.sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    expect(operations.length).toBeGreaterThan(100);

    const failures = new Map<string, string>();
    let requests = 0;
    for (const [n, { path, method, op }] of operations.entries()) {
      const identities: Record<string, Record<string, string>> = { anonymous: {}, member: memberHeaders };
      if (path.startsWith('/admin/')) identities.operator = { authorization: `Bearer ${operatorToken}` };
      if (path.startsWith('/seamless/')) identities.provider = { 'x-provider': 'FUZZPROV' };
      const drawn = fc.sample(partsOf(op), { numRuns: RUNS, seed: SEED + n });
      const [base] = fc.sample(wellFormedParts(op), { numRuns: 1, seed: SEED + n });
      const calls = [...drawn, ...targetedParts(op, base as Parts)].map((parts) => render(path, op, parts));
      for (const [who, headers] of Object.entries(identities)) {
        for (const call of calls) {
          const sent: Record<string, string> = { ...headers };
          if (call.body !== undefined) sent['content-type'] = 'application/json';
          if (who === 'provider') sent['x-signature'] = signSeamless(providerSecret, call.body ?? '');
          const res = await sut.app.inject({ method: method as 'GET', url: call.url, headers: sent, payload: call.body });
          requests++;
          const problem = problemOf(res);
          const key = `${method} ${path} (${who}): ${problem}`;
          if (problem && !failures.has(key))
            failures.set(key, `${call.url} ${(call.body ?? '').slice(0, 120)} -> ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(requests).toBeGreaterThan(operations.length * RUNS * 2);
    expect(Object.fromEntries(failures)).toEqual({});
  }, 120_000);
});
