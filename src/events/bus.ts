// Tells whoever listens that a store's event log grew (after commit). Consumers (webhook
// dispatcher, live subscriptions) then read the log itself, so a lost signal loses nothing: it
// only delays. With Redis the signal also reaches every other instance sharing the database;
// while Redis is away (or not yet there at start) the bus is in-process only and other instances
// find the events by polling the log, until the connection comes back and subscribes again.
// A signal also says whether the write left the webhook dispatcher anything (an event written
// undispatched, src/events/log.ts): the writes of a store without webhooks wake only the live
// readers, where each had woken the dispatcher for a pass of two statements that found nothing.
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { OptionalRedis } from '../ops/redis.js';

export class EventBus {
  private readonly emitter = new EventEmitter();
  private readonly instance = randomUUID();
  private pub?: Redis;
  private sub?: Redis;

  constructor(private readonly channel = 'commerce:events') {
    // One listener per live subscription; their number is bounded by connection limits, not here.
    this.emitter.setMaxListeners(0);
  }

  /** Fans signals out through Redis pub/sub whenever it is reachable; never waits for it or fails. */
  connectRedis(redis: OptionalRedis): void {
    this.pub = redis.client('events-publish');
    this.sub = redis.client('events-subscribe', (c) => {
      // Subscribed again on every (re)connection: a subscription made while away would be lost.
      return c.subscribe(this.channel);
    });
    this.sub?.on('message', (_channel: string, message: string) => {
      // An instance of an earlier version sends no third part: its signals are for the dispatcher too.
      const [from, store, dispatch] = message.split(' ');
      if (from !== this.instance) this.emitter.emit('store', Number(store), dispatch !== '0');
    });
  }

  /**
   * The store's log grew (after commit). `dispatch`: whether the write left the webhook
   * dispatcher anything; when unsure, say so (true), as a lost signal only delays.
   */
  publish(storeId: number, dispatch = true): void {
    this.emitter.emit('store', storeId, dispatch);
    // A failed publish only delays other instances until their next poll of the log.
    if (this.pub?.status === 'ready') this.pub.publish(this.channel, `${this.instance} ${storeId} ${dispatch ? 1 : 0}`).catch(() => undefined);
  }

  subscribe(fn: (storeId: number, dispatch: boolean) => void): () => void {
    this.emitter.on('store', fn);
    return () => this.emitter.off('store', fn);
  }
}
