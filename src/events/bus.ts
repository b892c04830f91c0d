// Tells whoever listens in this process that a store's event log grew (after commit). Consumers
// (webhook dispatcher, subscriptions) then read the log itself, so a missed signal loses nothing.
import { EventEmitter } from 'node:events';

export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per live subscription; the count is bounded by connection limits, not here.
    this.emitter.setMaxListeners(0);
  }

  publish(storeId: number): void {
    this.emitter.emit('store', storeId);
  }

  subscribe(fn: (storeId: number) => void): () => void {
    this.emitter.on('store', fn);
    return () => this.emitter.off('store', fn);
  }
}
