// What a live operation's `next` says about errors, told as over HTTP although graphql-ws has no
// Apollo formatError or masking plugin: a field that met the database unable to serve says
// SERVICE_UNAVAILABLE (without this the driver's own message, "terminating connection due to
// administrator command", went to the client); an error of ours says INTERNAL_SERVER_ERROR with a
// logref that finds it in the log, never its own message (SQL, paths); graphql-js's request errors
// are the client's input. And a live source that fails ends as one last `next`, then complete.
import { GraphQLError, type ExecutionResult } from 'graphql';
import { describe, expect, it } from 'vitest';
import { endsAlone, INTERNAL_MESSAGE, maskLiveResult, SERVICE_UNAVAILABLE } from '../../src/graphql/errors.js';

const driverError = (code: string, message: string) => Object.assign(new Error(message), { code });

/** A report that remembers what it was given and answers numbered logrefs. */
function reports() {
  const reported: GraphQLError[] = [];
  return { reported, report: (e: GraphQLError) => `ref-${reported.push(e)}` };
}

describe('errors in a live result', () => {
  it('answers a field that met an unreachable database with SERVICE_UNAVAILABLE, path kept', () => {
    const { reported, report } = reports();
    const result: ExecutionResult = {
      data: { events: { name: 'customer/created', resource: null } },
      errors: [
        new GraphQLError('terminating connection due to administrator command', { path: ['events', 'resource'], originalError: driverError('57P01', 'terminating connection due to administrator command') }),
        new GraphQLError('not yours', { path: ['events', 'name'], extensions: { code: 'FORBIDDEN' } }),
      ],
    };
    const masked = maskLiveResult(result, report)!;
    expect(masked.data).toEqual(result.data);
    expect(masked.errors!.map((e) => e.toJSON())).toEqual([
      expect.objectContaining({ message: expect.not.stringContaining('terminating'), path: ['events', 'resource'], extensions: { code: SERVICE_UNAVAILABLE } }),
      expect.objectContaining({ message: 'not yours', extensions: { code: 'FORBIDDEN' } }),
    ]);
    expect(reported).toEqual([]);
  });

  it('tells an error of ours by logref only, and reports it', () => {
    const { reported, report } = reports();
    const sqlError = driverError('SQLITE_ERROR', 'no such table: customers');
    const result: ExecutionResult = {
      data: { events: { name: 'customer/created', resource: null, status: null } },
      errors: [
        new GraphQLError('no such table: customers', { path: ['events', 'resource'], originalError: sqlError }),
        // graphql-js's own field errors (a non-null field left null, a value its type cannot serialise) carry no code either.
        new GraphQLError('Enum "Status" cannot represent value: "weird"', { path: ['events', 'status'] }),
      ],
    };
    const masked = maskLiveResult(result, report)!;
    expect(masked.errors!.map((e) => e.toJSON())).toEqual([
      { message: INTERNAL_MESSAGE, path: ['events', 'resource'], extensions: { code: 'INTERNAL_SERVER_ERROR', logref: 'ref-1' } },
      { message: INTERNAL_MESSAGE, path: ['events', 'status'], extensions: { code: 'INTERNAL_SERVER_ERROR', logref: 'ref-2' } },
    ]);
    expect(reported.map((e) => e.message)).toEqual(['no such table: customers', 'Enum "Status" cannot represent value: "weird"']);
    expect(reported[0].originalError).toBe(sqlError);
  });

  it("labels graphql-js's request errors (no path) as the client's input, message kept", () => {
    const { reported, report } = reports();
    const coercion = new GraphQLError('Variable "$first" got invalid value "x"; Int cannot represent non-integer value: "x"');
    const masked = maskLiveResult({ errors: [coercion] }, report)!;
    expect(masked.errors!.map((e) => e.toJSON())).toEqual([{ message: coercion.message, extensions: { code: 'BAD_USER_INPUT' } }]);
    expect(reported).toEqual([]);
  });

  it('leaves a result without such errors as it is', () => {
    const { report } = reports();
    expect(maskLiveResult({ data: { a: 1 } }, report)).toBeUndefined();
    expect(maskLiveResult({ data: null, errors: [new GraphQLError('bad input', { extensions: { code: 'BAD_USER_INPUT' } })] }, report)).toBeUndefined();
  });
});

describe('a live source that fails', () => {
  async function* failing(): AsyncGenerator<ExecutionResult> {
    yield { data: { n: 1 } };
    throw driverError('SQLITE_ERROR', 'no such table: events');
  }

  it('ends with its error as the last result, then is done, and stays done', async () => {
    const it = endsAlone(failing());
    expect(await it.next()).toEqual({ done: false, value: { data: { n: 1 } } });
    const last = await it.next();
    expect(last.done).toBe(false);
    const { errors } = last.value as ExecutionResult;
    expect(errors).toHaveLength(1);
    expect(errors![0].originalError).toMatchObject({ message: 'no such table: events' });
    expect(errors![0].extensions?.code).toBeUndefined();
    expect(await it.next()).toEqual({ done: true, value: undefined });
  });

  it('passes return() to the source', async () => {
    let returned = false;
    const source = failing();
    const it = endsAlone({ ...source, next: () => source.next(), return: async (v) => { returned = true; return source.return(v); }, throw: (e) => source.throw(e), [Symbol.asyncIterator]() { return this; } } as AsyncGenerator<ExecutionResult>);
    await it.return(undefined);
    expect(returned).toBe(true);
  });
});
