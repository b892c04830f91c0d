// The REST error body (DESIGN §3): `total` and the errors under `svc:errors`, each with the request
// id as `logref`, a stable code, a sentence and the field at fault.
import type { FieldError } from '../services/errors.js';
import type { Representation } from '../representations/types.js';

export function errorRepresentation(requestUrl: string, requestId: string, errors: FieldError[]): Representation {
  return {
    self: { href: requestUrl },
    class: ['error'],
    properties: { total: errors.length },
    links: [],
    embedded: [{
      rel: 'svc:errors',
      items: errors.map((e) => ({
        self: { href: requestUrl },
        class: ['error'],
        properties: { logref: requestId, code: e.code, message: e.message, ...(e.field ? { field: e.field } : {}) },
        links: [],
        embedded: [],
        actions: [],
      })),
    }],
    actions: [],
  };
}
