// Gift cards (the store's gift card products) and the links of provisioning: a code knows the gift
// card it was made for, and an item records the first code it provisioned (svc:provisioned_gift_card_code).
import type { Db, Dialect } from '../database.js';
import { createTable, index } from '../columns.js';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createTable(db, dialect, 'gift_cards', {
    store_id: { type: 'int', notNull: true, references: 'stores.id' },
    name: { type: 'text', notNull: true },
    sku: { type: 'text', notNull: true },
    allow_autoprovisioning: { type: 'bool', notNull: true, defaultTo: 0 },
  });
  // Unique per store: checkout finds the gift card of an item by (store, sku).
  await index(db, 'gift_cards', ['store_id', 'sku'], true);
  const int = dialect === 'postgres' ? 'bigint' : 'integer';
  // A code outlives its gift card product, and an item outlives a deleted code.
  await db.schema.alterTable('gift_card_codes')
    .addColumn('gift_card_id', int, (c) => c.references('gift_cards.id').onDelete('set null')).execute();
  await index(db, 'gift_card_codes', ['gift_card_id']);
  await db.schema.alterTable('items')
    .addColumn('provisioned_gift_card_code_id', int, (c) => c.references('gift_card_codes.id').onDelete('set null')).execute();
}
