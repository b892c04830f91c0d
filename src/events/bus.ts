// Tells whoever listens that a store's event log grew (after commit). Consumers (webhook
// dispatcher, live subscriptions) then read the log itself, so a lost signal loses nothing: it
// only delays. With Redis the signal also reaches every other instance sharing the database.
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export class EventBus {
  private readonly emitter = new EventEmitter();
  private readonly instance = randomUUID();
  private pub?: Redis;
  private sub?: Redis;

  constructor(private readonly channel = 'commerce:events') {
    // One listener per live subscription; their number is bounded by connection limits, not here.
    this.emitter.setMaxListeners(0);
  }

  /** Fans signals out through Redis pub/sub (REDIS_URL). */
  async connectRedis(url: string): Promise<void> {
    const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    await this.sub.subscribe(this.channel);
    this.sub.on('message', (_channel: string, message: string) => {
      const [from, store] = message.split(' ');
      if (from !== this.instance) this.emitter.emit('store', Number(store));
    });
  }

  publish(storeId: number): void {
    this.emitter.emit('store', storeId);
    // A failed publish only delays other instances until their next poll of the log.
    this.pub?.publish(this.channel, `${this.instance} ${storeId}`).catch(() => undefined);
  }

  subscribe(fn: (storeId: number) => void): () => void {
    this.emitter.on('store', fn);
    return () => this.emitter.off('store', fn);
  }

  async close(): Promise<void> {
    await Promise.all([this.pub?.quit().catch(() => undefined), this.sub?.quit().catch(() => undefined)]);
  }
}
