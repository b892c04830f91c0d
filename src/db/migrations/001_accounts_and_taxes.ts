// OAuth clients, users, stores, their attributes and tokens; item categories and taxes.
import type { Db, Dialect } from '../database.js';
import { createTable, index } from '../columns.js';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createTable(db, dialect, 'clients', {
    client_id: { type: 'text', notNull: true },
    client_secret_hash: { type: 'text', notNull: true },
    redirect_uri: { type: 'text', notNull: true },
    javascript_origin_uri: 'text',
    project_name: { type: 'text', notNull: true },
    project_description: 'text',
    company_name: { type: 'text', notNull: true },
    company_url: 'text',
    company_logo: 'text',
    contact_name: { type: 'text', notNull: true },
    contact_email: { type: 'text', notNull: true },
    contact_phone: { type: 'text', notNull: true },
  });
  await index(db, 'clients', ['client_id'], true);

  await createTable(db, dialect, 'users', {
    first_name: { type: 'text', notNull: true },
    last_name: { type: 'text', notNull: true },
    email: { type: 'text', notNull: true },
    phone: 'text',
    password_hash: 'text',
    is_programmer: { type: 'bool', notNull: true, defaultTo: 0 },
    is_front_end_developer: { type: 'bool', notNull: true, defaultTo: 0 },
    is_designer: { type: 'bool', notNull: true, defaultTo: 0 },
    is_merchant: { type: 'bool', notNull: true, defaultTo: 0 },
    created_by_client_id: { type: 'int', referencesSetNull: 'clients.id' },
  });
  await index(db, 'users', ['email'], true);

  await createTable(db, dialect, 'stores', {
    user_id: { type: 'int', notNull: true, references: 'users.id' },
    store_name: { type: 'text', notNull: true },
    store_domain: { type: 'text', notNull: true },
    store_url: { type: 'text', notNull: true },
    store_email: { type: 'text', notNull: true },
    postal_code: { type: 'text', notNull: true },
    region: { type: 'text', notNull: true },
    country: { type: 'text', notNull: true },
    currency_code: { type: 'text', notNull: true, defaultTo: 'USD' },
    timezone: 'text',
    is_active: { type: 'bool', notNull: true, defaultTo: 1 },
    // Last sequence number of the store's event log; bumped under the row lock by each event.
    event_sequence: { type: 'int', notNull: true, defaultTo: 0 },
  });
  await index(db, 'stores', ['store_domain'], true);
  await index(db, 'stores', ['user_id']);

  await createTable(db, dialect, 'attributes', {
    store_id: { type: 'int', references: 'stores.id' },
    parent_type: { type: 'text', notNull: true },
    parent_id: { type: 'int', notNull: true },
    name: { type: 'text', notNull: true },
    value: { type: 'text', notNull: true },
    visibility: { type: 'text', notNull: true, defaultTo: 'private' },
  });
  await index(db, 'attributes', ['parent_type', 'parent_id', 'name'], true);

  await createTable(db, dialect, 'refresh_tokens', {
    token_hash: { type: 'text', notNull: true },
    client_id: { type: 'int', notNull: true, references: 'clients.id' },
    user_id: { type: 'int', references: 'users.id' },
    store_id: { type: 'int', references: 'stores.id' },
    scope: { type: 'text', notNull: true },
    family: { type: 'text', notNull: true },
    revoked_at: 'timestamp',
    rotated_at: 'timestamp',
  });
  await index(db, 'refresh_tokens', ['token_hash'], true);
  await index(db, 'refresh_tokens', ['family']);

  await createTable(db, dialect, 'item_categories', {
    store_id: { type: 'int', notNull: true, references: 'stores.id' },
    code: { type: 'text', notNull: true },
    name: { type: 'text', notNull: true },
    item_delivery_type: { type: 'text', notNull: true, defaultTo: 'notshipped' },
    max_downloads_per_customer: 'int',
    max_downloads_time_period: 'int',
    default_weight: 'decimal',
    shipping_flat_rate: 'decimal',
    handling_fee_type: 'text',
    handling_fee: 'decimal',
  });
  await index(db, 'item_categories', ['store_id', 'code'], true);

  await createTable(db, dialect, 'taxes', {
    store_id: { type: 'int', notNull: true, references: 'stores.id' },
    name: { type: 'text', notNull: true },
    type: { type: 'text', notNull: true },
    country: 'text',
    region: 'text',
    city: 'text',
    is_live: { type: 'bool', notNull: true, defaultTo: 0 },
    service_provider: { type: 'text', notNull: true, defaultTo: '' },
    apply_to_shipping: { type: 'bool', notNull: true, defaultTo: 0 },
    use_origin_rates: { type: 'bool', notNull: true, defaultTo: 0 },
    exempt_all_customer_tax_ids: { type: 'bool', notNull: true, defaultTo: 0 },
    rate: { type: 'decimal', notNull: true },
  });
  await index(db, 'taxes', ['store_id']);

  await createTable(db, dialect, 'tax_item_categories', {
    store_id: { type: 'int', notNull: true, references: 'stores.id' },
    tax_id: { type: 'int', notNull: true, references: 'taxes.id' },
    item_category_id: { type: 'int', notNull: true, references: 'item_categories.id' },
  });
  await index(db, 'tax_item_categories', ['tax_id', 'item_category_id'], true);
  await index(db, 'tax_item_categories', ['item_category_id']);
}
