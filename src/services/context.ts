// What every service call needs, built once per request (HTTP, WebSocket or GraphQL) by one factory.
// It holds no repository or database handle: services reach those through dataOf
// (src/services/data-access.ts), transports only through service functions.
import type { Registry } from '../model/types.js';
import type { Principal } from '../auth/principal.js';
import type { Clock } from './clock.js';
import type { TokenService } from '../auth/tokens.js';
import type { EventBus } from '../events/bus.js';
import type { FileStore } from '../files/file-store.js';
import type { ReadLimits } from '../data/cost.js';

import type { Pacer } from './pace.js';
import type { HeldKey } from './idempotency-store.js';

export interface ServiceContext {
  principal: Principal;
  registry: Registry;
  clock: Clock;
  tokens: TokenService;
  /** Signals, after commit, that a store's event log grew. */
  bus: EventBus;
  /** The service's public base URL; self links and `*_uri` references are absolute under it. */
  baseUrl: string;
  /** Request id, echoed as `logref` in error bodies. */
  requestId: string;
  /** Uploaded files (downloadables). */
  files: FileStore;
  /** Hard cap on the objects one REST answer or webhook payload embeds (MAX_RESPONSE_OBJECTS). */
  maxResponseObjects?: number;
  /** Cost and zoom-depth limits of a read (MAX_COST, REST_MAX_ZOOM_DEPTH), for reads stored to run later. */
  readLimits?: ReadLimits;
  /** The request's slices of the event loop (pace.ts); absent where nothing else waits (jobs, start-up). */
  pacer?: Pacer;
  /** The Idempotency-Key the request holds: its main write marks it (idempotency-store.ts, markEffect). */
  idempotency?: HeldKey;
}
