// What a subscription's `next` says when a field met the database unable to serve: graphql-ws has
// no Apollo formatError, so without this the driver's own message ("terminating connection due to
// administrator command") went to the client. The same code and message as over HTTP instead.
import { GraphQLError, type ExecutionResult } from 'graphql';
import { describe, expect, it } from 'vitest';
import { maskLiveResult, SERVICE_UNAVAILABLE } from '../../src/graphql/errors.js';

const driverError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('errors in a live result', () => {
  it('answers a field that met an unreachable database with SERVICE_UNAVAILABLE, path kept', () => {
    const result: ExecutionResult = {
      data: { events: { name: 'customer/created', resource: null } },
      errors: [
        new GraphQLError('terminating connection due to administrator command', { path: ['events', 'resource'], originalError: driverError('57P01', 'terminating connection due to administrator command') }),
        new GraphQLError('not yours', { path: ['events', 'name'], extensions: { code: 'FORBIDDEN' } }),
      ],
    };
    const masked = maskLiveResult(result)!;
    expect(masked.data).toEqual(result.data);
    expect(masked.errors!.map((e) => e.toJSON())).toEqual([
      expect.objectContaining({ message: expect.not.stringContaining('terminating'), path: ['events', 'resource'], extensions: { code: SERVICE_UNAVAILABLE } }),
      expect.objectContaining({ message: 'not yours', extensions: { code: 'FORBIDDEN' } }),
    ]);
  });

  it('leaves a result without such errors as it is', () => {
    expect(maskLiveResult({ data: { a: 1 } })).toBeUndefined();
    expect(maskLiveResult({ data: null, errors: [new GraphQLError('bad input', { extensions: { code: 'BAD_USER_INPUT' } })] })).toBeUndefined();
  });
});
