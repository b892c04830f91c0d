// Per-request DataLoaders: thin batching wrappers over the request's Reader (src/services/reader.ts),
// which decides what the caller may see. Rows by id per resource, to-one targets per relation, and
// children per (rel, query) batched over all parents of one level, so a nested query runs one
// statement per level whatever the number of parents.
import DataLoader from 'dataloader';
import type { RelDef, ResourceDef } from '../model/types.js';
import type { Values } from '../data/codec.js';
import type { ListQuery } from '../data/query.js';
import type { ServiceContext } from '../services/context.js';
import { freshReader, readerOf, type Reader } from '../services/reader.js';

export class Loaders {
  private readonly loaders = new Map<string, DataLoader<number, unknown>>();

  /** Each GraphQL execution is a read unit of its own (a subscription executes once per event). */
  constructor(private readonly ctx: ServiceContext) {
    freshReader(ctx);
  }

  private get reader(): Reader {
    return readerOf(this.ctx);
  }

  private loader<V>(key: string, batch: (ids: readonly number[]) => Promise<V[]>): DataLoader<number, V> {
    let l = this.loaders.get(key) as DataLoader<number, V> | undefined;
    if (!l) this.loaders.set(key, l = new DataLoader(batch) as DataLoader<number, V>);
    return l;
  }

  /** Forgets every loaded row and which read hooks ran: a mutation has changed data later fields may read. */
  clearAll(): void {
    this.loaders.clear();
    this.reader.forget();
  }

  /** The scope decision for `rel` from an `owner` row, made by the Reader (throws when refused). */
  mayFollow(owner: ResourceDef, rel: RelDef): void {
    this.reader.mayFollow(owner, rel);
  }

  /** Rows by id of ids the caller was given (its token's chain, its store's events). */
  byId(r: ResourceDef): DataLoader<number, Values | undefined> {
    return this.loader(`id:${r.name}`, async (ids) => {
      const found = await this.reader.byIds(r, ids);
      return ids.map((id) => found.get(id));
    });
  }

  /** The target of a to-one rel by foreign key value. */
  target(owner: ResourceDef, rel: RelDef): DataLoader<number, Values | undefined> {
    return this.loader(`one:${owner.name}.${rel.name}`, async (ids) => {
      const found = await this.reader.targets(owner, rel, ids);
      return ids.map((id) => found.get(id));
    });
  }

  children(owner: ResourceDef, rel: RelDef, q: ListQuery): DataLoader<number, Values[]> {
    return this.loader(`many:${owner.name}.${rel.name}:${JSON.stringify(q)}`, async (ids) => {
      const byParent = await this.reader.children(owner, rel, ids, q);
      return ids.map((id) => byParent.get(id) ?? []);
    });
  }

  childCount(owner: ResourceDef, rel: RelDef, q: ListQuery): DataLoader<number, number> {
    return this.loader(`count:${owner.name}.${rel.name}:${JSON.stringify([q.filters, q.attributeFilters])}`, async (ids) => {
      const counts = await this.reader.childCounts(owner, rel, ids, q);
      return ids.map((id) => counts.get(id) ?? 0);
    });
  }
}
