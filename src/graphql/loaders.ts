// Per-request DataLoaders: rows by id per resource, and children per (rel, query) batched over
// all parents of one level, so a nested query runs one statement per level whatever the number of
// parents.
import DataLoader from 'dataloader';
import type { RelDef, ResourceDef } from '../model/types.js';
import type { Values } from '../data/codec.js';
import type { ListQuery } from '../data/query.js';
import { childScope, type TenantScope } from '../data/tenancy.js';
import { tenantScope } from '../auth/principal.js';
import type { ServiceContext } from '../services/context.js';
import { beforeRead } from '../services/resource-service.js';

export class Loaders {
  private readonly byIdLoaders = new Map<string, DataLoader<number, Values | undefined>>();
  private readonly childLoaders = new Map<string, DataLoader<number, Values[]>>();
  private readonly countLoaders = new Map<string, DataLoader<number, number>>();
  private readonly prepared = new Map<string, Promise<void>>();

  constructor(private readonly ctx: ServiceContext) {}

  /** The resource's read hook (expiry clean-up and the like), once per request. */
  private prepare(r: ResourceDef): Promise<void> {
    let p = this.prepared.get(r.name);
    if (!p) {
      p = beforeRead(this.ctx, r);
      this.prepared.set(r.name, p);
    }
    return p;
  }

  /**
   * Children reached through a parent are filtered by the caller's tenancy as well, since a parent
   * may be shared by several stores (a user's stores); rows that belong to their parent
   * (attributes) are exactly as visible as the parent.
   */
  private childScope(child: ResourceDef): TenantScope | undefined {
    return childScope(child, tenantScope(this.ctx.principal));
  }

  /** Forgets every loaded row: a mutation has changed data that later fields may read. */
  clearAll(): void {
    this.byIdLoaders.clear();
    this.childLoaders.clear();
    this.countLoaders.clear();
    this.prepared.clear();
  }

  /** Rows by id; ids must come from rows the caller may already see (foreign keys). */
  byId(r: ResourceDef): DataLoader<number, Values | undefined> {
    let l = this.byIdLoaders.get(r.name);
    if (!l) {
      l = new DataLoader(async (ids) => {
        await this.prepare(r);
        const found = await this.ctx.repo.findByIds(r, ids);
        return ids.map((id) => found.get(id));
      });
      this.byIdLoaders.set(r.name, l);
    }
    return l;
  }

  children(owner: ResourceDef, rel: RelDef, q: ListQuery): DataLoader<number, Values[]> {
    const key = `${owner.name}.${rel.name}:${JSON.stringify(q)}`;
    let l = this.childLoaders.get(key);
    if (!l) {
      const target = this.ctx.registry.resource(rel.target);
      l = new DataLoader(async (ids) => {
        await this.prepare(target);
        const { byParent } = await this.ctx.repo.listChildren(rel, target, ids, q, this.childScope(target));
        return ids.map((id) => byParent.get(id) ?? []);
      });
      this.childLoaders.set(key, l);
    }
    return l;
  }

  childCount(owner: ResourceDef, rel: RelDef, q: ListQuery): DataLoader<number, number> {
    const key = `${owner.name}.${rel.name}:${JSON.stringify([q.filters, q.attributeFilters])}`;
    let l = this.countLoaders.get(key);
    if (!l) {
      const target = this.ctx.registry.resource(rel.target);
      l = new DataLoader(async (ids) => {
        const counts = await this.ctx.repo.countChildren(rel, target, ids, q, this.childScope(target));
        return ids.map((id) => counts.get(id) ?? 0);
      });
      this.countLoaders.set(key, l);
    }
    return l;
  }
}
