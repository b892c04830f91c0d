// Carts, items, transactions, customers, subscriptions, payment settings, downloadables, the event
// log and webhooks. Columns follow the SDL in schema/ (test/model/registry-columns.test.ts checks
// that every property, fk and via of the registry exists here). Tables are created parents first:
// PostgreSQL needs a referenced table to exist. Foreign keys cascade where the parent owns the row
// and are set null where the row outlives its target (an applied tax outlives its tax).
import type { Db, Dialect } from '../database.js';
import { createTable, index, type TableSpec } from '../columns.js';

const store = { type: 'int', notNull: true, references: 'stores.id' } as const;
const bool = (on: 0 | 1) => ({ type: 'bool', notNull: true, defaultTo: on }) as const;

/** Billing or shipping address columns of carts and transactions. */
function address(prefix: 'billing' | 'shipping'): TableSpec {
  const cols = ['first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'region', 'postal_code', 'country', 'phone'];
  return Object.fromEntries(cols.map((c) => [`${prefix}_${c}`, 'text' as const]));
}

const totals: TableSpec = {
  total_item_price: 'decimal', total_tax: 'decimal', total_shipping: 'decimal', total_order: 'decimal',
};

async function customers(db: Db, dialect: Dialect) {
  await createTable(db, dialect, 'customers', {
    store_id: store,
    first_name: 'text',
    last_name: 'text',
    email: { type: 'text', notNull: true },
    tax_id: 'text',
    is_anonymous: bool(0),
  });
  await index(db, 'customers', ['store_id', 'email'], true);

  await createTable(db, dialect, 'subscriptions', {
    store_id: store,
    customer_id: { type: 'int', referencesSetNull: 'customers.id' },
    start_date: { type: 'text', notNull: true },
    next_transaction_date: 'text',
    end_date: 'text',
    frequency: { type: 'text', notNull: true },
    is_active: bool(1),
    past_due_amount: { type: 'decimal', notNull: true, defaultTo: '0' },
  });
  await index(db, 'subscriptions', ['store_id']);
  await index(db, 'subscriptions', ['customer_id']);
}

async function cartsAndTransactions(db: Db, dialect: Dialect) {
  await createTable(db, dialect, 'carts', {
    store_id: store,
    customer_id: { type: 'int', referencesSetNull: 'customers.id' },
    customer_email: 'text',
    ...address('billing'),
    ...address('shipping'),
    ...totals,
  });
  await index(db, 'carts', ['store_id']);
  await index(db, 'carts', ['customer_id']);

  await createTable(db, dialect, 'transactions', {
    store_id: store,
    customer_id: { type: 'int', referencesSetNull: 'customers.id' },
    subscription_id: { type: 'int', referencesSetNull: 'subscriptions.id' },
    status: { type: 'text', notNull: true },
    is_test: bool(0),
    currency_code: 'text',
    customer_first_name: 'text',
    customer_last_name: 'text',
    customer_email: 'text',
    customer_tax_id: 'text',
    ...address('billing'),
    ...address('shipping'),
    ...totals,
    hide_transaction: bool(0),
    data_is_fed: bool(0),
  });
  await index(db, 'transactions', ['store_id']);
  await index(db, 'transactions', ['customer_id']);
  await index(db, 'transactions', ['subscription_id']);

  await createTable(db, dialect, 'shipments', {
    store_id: store,
    transaction_id: { type: 'int', notNull: true, references: 'transactions.id' },
    address_name: 'text',
    first_name: 'text',
    last_name: 'text',
    company: 'text',
    address1: 'text',
    address2: 'text',
    city: 'text',
    region: 'text',
    postal_code: 'text',
    country: 'text',
    phone: 'text',
    shipping_service_description: 'text',
    total_item_price: 'decimal',
    total_tax: 'decimal',
    total_shipping: 'decimal',
    total_price: 'decimal',
  });
  await index(db, 'shipments', ['store_id']);
  await index(db, 'shipments', ['transaction_id']);
}

async function items(db: Db, dialect: Dialect) {
  await createTable(db, dialect, 'items', {
    store_id: store,
    // Exactly one of cart_id / transaction_id is set: checkout clears cart_id when it moves the
    // item, so deleting a cart never reaches a transaction's items.
    cart_id: { type: 'int', references: 'carts.id' },
    transaction_id: { type: 'int', references: 'transactions.id' },
    item_category_id: { type: 'int', referencesSetNull: 'item_categories.id' },
    shipment_id: { type: 'int', referencesSetNull: 'shipments.id' },
    // Not a rel (the spec lists the item's links): the item module reads it to make the
    // subscription_* properties read only once the item is connected to a subscription.
    subscription_id: { type: 'int', referencesSetNull: 'subscriptions.id' },
    name: { type: 'text', notNull: true },
    price: { type: 'decimal', notNull: true },
    quantity: { type: 'int', notNull: true, defaultTo: 1 },
    quantity_min: 'int',
    quantity_max: 'int',
    weight: 'decimal',
    code: 'text',
    parent_code: 'text',
    discount_name: 'text',
    discount_type: 'text',
    discount_details: 'text',
    subscription_frequency: 'text',
    subscription_start_date: 'text',
    subscription_next_transaction_date: 'text',
    subscription_end_date: 'text',
    is_future_line_item: bool(0),
    shipto: 'text',
    url: 'text',
    image: 'text',
    length: 'int',
    width: 'int',
    height: 'int',
    expires: 'int',
  });
  for (const col of ['store_id', 'cart_id', 'transaction_id', 'item_category_id', 'shipment_id', 'subscription_id']) {
    await index(db, 'items', [col]);
  }

  const itemChild = { type: 'int', notNull: true, references: 'items.id' } as const;
  await createTable(db, dialect, 'item_options', {
    store_id: store, item_id: itemChild, name: { type: 'text', notNull: true }, value: { type: 'text', notNull: true },
    price_mod: 'decimal', weight_mod: 'decimal',
  });
  for (const table of ['discount_details', 'coupon_details']) {
    await createTable(db, dialect, table, { store_id: store, item_id: itemChild, name: 'text', code: 'text', amount_per: 'decimal' });
  }
  for (const table of ['item_options', 'discount_details', 'coupon_details']) {
    await index(db, table, ['store_id']);
    await index(db, table, ['item_id']);
  }

  // A gift card code stays redeemable when the item that provisioned it is gone.
  await createTable(db, dialect, 'gift_card_codes', {
    store_id: store,
    item_id: { type: 'int', referencesSetNull: 'items.id' },
    code: { type: 'text', notNull: true },
    current_balance: { type: 'decimal', notNull: true, defaultTo: '0' },
  });
  await index(db, 'gift_card_codes', ['store_id', 'code'], true);
  await index(db, 'gift_card_codes', ['item_id']);
}

async function transactionRecords(db: Db, dialect: Dialect) {
  await createTable(db, dialect, 'applied_taxes', {
    store_id: store,
    transaction_id: { type: 'int', notNull: true, references: 'transactions.id' },
    tax_id: { type: 'int', referencesSetNull: 'taxes.id' },
    name: 'text',
    rate: 'decimal',
    amount: 'decimal',
    apply_to_shipping: bool(0),
    shipto: 'text',
  });
  await createTable(db, dialect, 'transaction_logs', {
    store_id: store,
    transaction_id: { type: 'int', notNull: true, references: 'transactions.id' },
    action: { type: 'text', notNull: true },
    status: 'text',
    amount: 'decimal',
    message: 'text',
    details: 'text',
  });
  for (const table of ['applied_taxes', 'transaction_logs']) {
    await index(db, table, ['store_id']);
    await index(db, table, ['transaction_id']);
  }
  await index(db, 'applied_taxes', ['tax_id']);

  await createTable(db, dialect, 'subscription_events', {
    store_id: store,
    subscription_id: { type: 'int', notNull: true, references: 'subscriptions.id' },
    transaction_id: { type: 'int', referencesSetNull: 'transactions.id' },
    type: { type: 'text', notNull: true },
    message: 'text',
    amount: 'decimal',
    currency_code: 'text',
  });
  for (const col of ['store_id', 'subscription_id', 'transaction_id']) await index(db, 'subscription_events', [col]);

  await createTable(db, dialect, 'subscription_mrr_snapshots', {
    store_id: store,
    snapshot_date: { type: 'text', notNull: true },
    currency_code: 'text',
    mrr: { type: 'decimal', notNull: true },
    active_subscriptions: 'int',
    new_subscriptions: 'int',
    cancelled_subscriptions: 'int',
  });
  await index(db, 'subscription_mrr_snapshots', ['store_id', 'snapshot_date'], true);

  await createTable(db, dialect, 'changelogs', {
    store_id: store,
    resource_type: { type: 'text', notNull: true },
    resource_id: { type: 'int', notNull: true },
    action: { type: 'text', notNull: true },
    actor: { type: 'text', notNull: true },
    diff: 'text',
    message: 'text',
  });
  await index(db, 'changelogs', ['store_id']);
}

async function settings(db: Db, dialect: Dialect) {
  await createTable(db, dialect, 'native_integrations', {
    store_id: store,
    provider: { type: 'text', notNull: true },
    config: { type: 'text', notNull: true },
  });
  await index(db, 'native_integrations', ['store_id', 'provider'], true);

  await createTable(db, dialect, 'payment_method_sets', {
    store_id: store,
    description: { type: 'text', notNull: true },
    is_live: bool(0),
    gateway: { type: 'text', notNull: true, defaultTo: 'test' },
  });
  await index(db, 'payment_method_sets', ['store_id']);

  await createTable(db, dialect, 'fraud_protections', {
    store_id: store,
    type: { type: 'text', notNull: true },
    description: 'text',
    json: 'text',
    score_threshold_reject: 'int',
  });
  await index(db, 'fraud_protections', ['store_id']);

  await createTable(db, dialect, 'payment_method_set_fraud_protections', {
    store_id: store,
    payment_method_set_id: { type: 'int', notNull: true, references: 'payment_method_sets.id' },
    fraud_protection_id: { type: 'int', notNull: true, references: 'fraud_protections.id' },
  });
  // Enabling the same protection twice on a set is a conflict (409), caught by this index.
  await index(db, 'payment_method_set_fraud_protections', ['payment_method_set_id', 'fraud_protection_id'], true);
  await index(db, 'payment_method_set_fraud_protections', ['fraud_protection_id']);
  await index(db, 'payment_method_set_fraud_protections', ['store_id']);

  await createTable(db, dialect, 'downloadables', {
    store_id: store,
    item_category_id: { type: 'int', referencesSetNull: 'item_categories.id' },
    name: { type: 'text', notNull: true },
    code: { type: 'text', notNull: true },
    price: { type: 'decimal', notNull: true, defaultTo: '0' },
    file_name: 'text',
    file_size: 'int',
    upload_date: 'timestamp',
    // Where src/files stored the upload, the type the client declared and the SHA-256 (hex) of
    // the bytes (the download's ETag); never shown.
    file_key: 'text',
    file_content_type: 'text',
    file_sha256: 'text',
  });
  await index(db, 'downloadables', ['store_id', 'code'], true);
  await index(db, 'downloadables', ['item_category_id']);
}

async function eventsAndWebhooks(db: Db, dialect: Dialect) {
  await createTable(db, dialect, 'events', {
    store_id: store,
    sequence: { type: 'int', notNull: true },
    name: { type: 'text', notNull: true },
    resource_type: { type: 'text', notNull: true },
    resource_id: { type: 'int', notNull: true },
    occurred_at: { type: 'timestamp', notNull: true },
    // The resource as rendered when the event happened (HAL+JSON text), so a deletion can still
    // be delivered.
    payload: 'text',
    // A refeed targets these webhook ids (JSON list); null means every matching webhook.
    webhook_ids: 'text',
    // Outbox state: set once the dispatcher has created the event's webhook deliveries.
    dispatched_at: 'timestamp',
  });
  await index(db, 'events', ['store_id', 'sequence'], true);
  await index(db, 'events', ['dispatched_at']);
  await index(db, 'events', ['resource_type', 'resource_id']);

  await createTable(db, dialect, 'webhooks', {
    store_id: store,
    name: { type: 'text', notNull: true },
    format: { type: 'text', notNull: true },
    version: { type: 'int', notNull: true, defaultTo: 2 },
    url: 'text',
    query: 'text',
    encryption_key: 'text',
    event_resource: { type: 'text', notNull: true, defaultTo: 'transaction' },
    is_active: bool(1),
    events: 'text',
    // Failed attempts since the last success: reaching WEBHOOK_DISABLE_AFTER sets is_active = 0.
    consecutive_failures: { type: 'int', notNull: true, defaultTo: 0 },
  });
  await index(db, 'webhooks', ['store_id']);

  await createTable(db, dialect, 'webhook_statuses', {
    store_id: store,
    webhook_id: { type: 'int', notNull: true, references: 'webhooks.id' },
    // The delivered event; kept when old events are pruned. With webhook_id it makes dispatch
    // idempotent: an event is queued once per webhook, however often the dispatcher retries.
    event_id: { type: 'int', referencesSetNull: 'events.id' },
    resource_type: { type: 'text', notNull: true },
    resource_id: { type: 'int', notNull: true },
    event: { type: 'text', notNull: true },
    status: { type: 'text', notNull: true, defaultTo: 'pending' },
    attempts: { type: 'int', notNull: true, defaultTo: 0 },
    next_attempt_at: 'timestamp',
  });
  await index(db, 'webhook_statuses', ['webhook_id', 'event_id'], true);
  await index(db, 'webhook_statuses', ['event_id']);
  await index(db, 'webhook_statuses', ['store_id']);
  await index(db, 'webhook_statuses', ['next_attempt_at']);

  await createTable(db, dialect, 'webhook_logs', {
    store_id: store,
    webhook_id: { type: 'int', notNull: true, references: 'webhooks.id' },
    webhook_status_id: { type: 'int', referencesSetNull: 'webhook_statuses.id' },
    resource_type: { type: 'text', notNull: true },
    resource_id: { type: 'int', notNull: true },
    event: { type: 'text', notNull: true },
    request_headers: 'text',
    response_code: 'int',
    response_body: 'text',
    error: 'text',
    duration: 'int',
  });
  for (const col of ['store_id', 'webhook_id', 'webhook_status_id']) await index(db, 'webhook_logs', [col]);
}

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await customers(db, dialect);
  await cartsAndTransactions(db, dialect);
  await items(db, dialect);
  await transactionRecords(db, dialect);
  await settings(db, dialect);
  await eventsAndWebhooks(db, dialect);
}
