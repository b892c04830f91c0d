import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { GraphQLContext } from '../context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  Date: { input: string; output: string; }
  DateTime: { input: string; output: string; }
  Decimal: { input: string; output: string; }
  JSON: { input: unknown; output: unknown; }
};

/**
 * A tax applied by checkout to a transaction: one per tax and shipto address, amount unrounded
 * (read only).
 */
export type AppliedTax = Node & {
  __typename?: 'AppliedTax';
  /** Unrounded; the transaction's total_tax is the rounded sum. */
  amount?: Maybe<Scalars['Decimal']['output']>;
  applyToShipping?: Maybe<Scalars['Boolean']['output']>;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The tax's name at checkout. */
  name?: Maybe<Scalars['String']['output']>;
  rate?: Maybe<Scalars['Decimal']['output']>;
  /** Multiship address name the tax was computed for. */
  shipto?: Maybe<Scalars['String']['output']>;
  store: Store;
  /** Absent once the tax has been deleted. */
  tax?: Maybe<Tax>;
  transaction: Transaction;
};

/** A page of applied tax resources. */
export type AppliedTaxConnection = {
  __typename?: 'AppliedTaxConnection';
  edges: Array<AppliedTaxEdge>;
  nodes: Array<AppliedTax>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type AppliedTaxEdge = {
  __typename?: 'AppliedTaxEdge';
  cursor: Scalars['String']['output'];
  node: AppliedTax;
};

/** Conditions on applied tax properties; every given condition must hold. */
export type AppliedTaxFilter = {
  amount?: InputMaybe<NumberFilter>;
  applyToShipping?: InputMaybe<BooleanFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  id?: InputMaybe<StringFilter>;
  name?: InputMaybe<StringFilter>;
  rate?: InputMaybe<NumberFilter>;
  shipto?: InputMaybe<StringFilter>;
};

export type AppliedTaxOrder = {
  direction?: InputMaybe<SortDirection>;
  field: AppliedTaxOrderField;
};

export type AppliedTaxOrderField =
  | 'AMOUNT'
  | 'APPLY_TO_SHIPPING'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ID'
  | 'NAME'
  | 'RATE'
  | 'SHIPTO';

/** Result of a applied tax mutation: the resource, or what was wrong with the input. */
export type AppliedTaxPayload = {
  __typename?: 'AppliedTaxPayload';
  appliedTax?: Maybe<AppliedTax>;
  userErrors: Array<UserError>;
};

/** A custom name/value attribute of a client, store, user, customer, cart, transaction, subscription or item. */
export type Attribute = Node & {
  __typename?: 'Attribute';
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  value: Scalars['String']['output'];
  /** Set on creation only. */
  visibility?: Maybe<AttributeVisibility>;
};

/** A page of attribute resources. */
export type AttributeConnection = {
  __typename?: 'AttributeConnection';
  edges: Array<AttributeEdge>;
  nodes: Array<Attribute>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type AttributeEdge = {
  __typename?: 'AttributeEdge';
  cursor: Scalars['String']['output'];
  node: Attribute;
};

/** Conditions on attribute properties; every given condition must hold. */
export type AttributeFilter = {
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  id?: InputMaybe<StringFilter>;
  name?: InputMaybe<StringFilter>;
  value?: InputMaybe<StringFilter>;
  visibility?: InputMaybe<StringFilter>;
};

/** Properties of a attribute; every missing or invalid one is reported in userErrors. */
export type AttributeInput = {
  name?: InputMaybe<Scalars['String']['input']>;
  value?: InputMaybe<Scalars['String']['input']>;
  visibility?: InputMaybe<AttributeVisibility>;
};

export type AttributeOrder = {
  direction?: InputMaybe<SortDirection>;
  field: AttributeOrderField;
};

export type AttributeOrderField =
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ID'
  | 'NAME'
  | 'VALUE'
  | 'VISIBILITY';

/** Result of a attribute mutation: the resource, or what was wrong with the input. */
export type AttributePayload = {
  __typename?: 'AttributePayload';
  attribute?: Maybe<Attribute>;
  userErrors: Array<UserError>;
};

/** Who may see a custom attribute. */
export type AttributeVisibility =
  | 'PRIVATE'
  | 'PUBLIC'
  | 'RESTRICTED';

/** Filter on a Boolean property. */
export type BooleanFilter = {
  eq?: InputMaybe<Scalars['Boolean']['input']>;
  isDefined?: InputMaybe<Scalars['Boolean']['input']>;
};

/**
 * A shopping cart. Its items are modifiable until POST to its svc:checkout turns the cart into an
 * authorized transaction (taxes, fraud protections, payment).
 */
export type Cart = Node & {
  __typename?: 'Cart';
  attributes: AttributeConnection;
  billingAddress1?: Maybe<Scalars['String']['output']>;
  billingAddress2?: Maybe<Scalars['String']['output']>;
  billingCity?: Maybe<Scalars['String']['output']>;
  billingCompany?: Maybe<Scalars['String']['output']>;
  billingCountry?: Maybe<Scalars['String']['output']>;
  billingFirstName?: Maybe<Scalars['String']['output']>;
  billingLastName?: Maybe<Scalars['String']['output']>;
  billingPhone?: Maybe<Scalars['String']['output']>;
  billingPostalCode?: Maybe<Scalars['String']['output']>;
  billingRegion?: Maybe<Scalars['String']['output']>;
  customer?: Maybe<Customer>;
  customerEmail?: Maybe<Scalars['String']['output']>;
  /** Self link of a customer of this store. */
  customerUri?: Maybe<Scalars['String']['output']>;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  items: ItemConnection;
  shippingAddress1?: Maybe<Scalars['String']['output']>;
  shippingAddress2?: Maybe<Scalars['String']['output']>;
  shippingCity?: Maybe<Scalars['String']['output']>;
  shippingCompany?: Maybe<Scalars['String']['output']>;
  shippingCountry?: Maybe<Scalars['String']['output']>;
  shippingFirstName?: Maybe<Scalars['String']['output']>;
  shippingLastName?: Maybe<Scalars['String']['output']>;
  shippingPhone?: Maybe<Scalars['String']['output']>;
  shippingPostalCode?: Maybe<Scalars['String']['output']>;
  shippingRegion?: Maybe<Scalars['String']['output']>;
  store: Store;
  /** Sum of item prices times quantities, option modifiers and discounts included. */
  totalItemPrice?: Maybe<Scalars['Decimal']['output']>;
  totalOrder?: Maybe<Scalars['Decimal']['output']>;
  totalShipping?: Maybe<Scalars['Decimal']['output']>;
  totalTax?: Maybe<Scalars['Decimal']['output']>;
};


/**
 * A shopping cart. Its items are modifiable until POST to its svc:checkout turns the cart into an
 * authorized transaction (taxes, fraud protections, payment).
 */
export type CartAttributesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<AttributeFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<AttributeOrder>>;
};


/**
 * A shopping cart. Its items are modifiable until POST to its svc:checkout turns the cart into an
 * authorized transaction (taxes, fraud protections, payment).
 */
export type CartItemsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ItemFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<ItemOrder>>;
};

/** A page of cart resources. */
export type CartConnection = {
  __typename?: 'CartConnection';
  edges: Array<CartEdge>;
  nodes: Array<Cart>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type CartEdge = {
  __typename?: 'CartEdge';
  cursor: Scalars['String']['output'];
  node: Cart;
};

/** Conditions on cart properties; every given condition must hold. */
export type CartFilter = {
  billingAddress1?: InputMaybe<StringFilter>;
  billingAddress2?: InputMaybe<StringFilter>;
  billingCity?: InputMaybe<StringFilter>;
  billingCompany?: InputMaybe<StringFilter>;
  billingCountry?: InputMaybe<StringFilter>;
  billingFirstName?: InputMaybe<StringFilter>;
  billingLastName?: InputMaybe<StringFilter>;
  billingPhone?: InputMaybe<StringFilter>;
  billingPostalCode?: InputMaybe<StringFilter>;
  billingRegion?: InputMaybe<StringFilter>;
  customerEmail?: InputMaybe<StringFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  id?: InputMaybe<StringFilter>;
  shippingAddress1?: InputMaybe<StringFilter>;
  shippingAddress2?: InputMaybe<StringFilter>;
  shippingCity?: InputMaybe<StringFilter>;
  shippingCompany?: InputMaybe<StringFilter>;
  shippingCountry?: InputMaybe<StringFilter>;
  shippingFirstName?: InputMaybe<StringFilter>;
  shippingLastName?: InputMaybe<StringFilter>;
  shippingPhone?: InputMaybe<StringFilter>;
  shippingPostalCode?: InputMaybe<StringFilter>;
  shippingRegion?: InputMaybe<StringFilter>;
  totalItemPrice?: InputMaybe<NumberFilter>;
  totalOrder?: InputMaybe<NumberFilter>;
  totalShipping?: InputMaybe<NumberFilter>;
  totalTax?: InputMaybe<NumberFilter>;
};

/** Properties of a cart; every missing or invalid one is reported in userErrors. */
export type CartInput = {
  billingAddress1?: InputMaybe<Scalars['String']['input']>;
  billingAddress2?: InputMaybe<Scalars['String']['input']>;
  billingCity?: InputMaybe<Scalars['String']['input']>;
  billingCompany?: InputMaybe<Scalars['String']['input']>;
  billingCountry?: InputMaybe<Scalars['String']['input']>;
  billingFirstName?: InputMaybe<Scalars['String']['input']>;
  billingLastName?: InputMaybe<Scalars['String']['input']>;
  billingPhone?: InputMaybe<Scalars['String']['input']>;
  billingPostalCode?: InputMaybe<Scalars['String']['input']>;
  billingRegion?: InputMaybe<Scalars['String']['input']>;
  customerEmail?: InputMaybe<Scalars['String']['input']>;
  customerUri?: InputMaybe<Scalars['String']['input']>;
  shippingAddress1?: InputMaybe<Scalars['String']['input']>;
  shippingAddress2?: InputMaybe<Scalars['String']['input']>;
  shippingCity?: InputMaybe<Scalars['String']['input']>;
  shippingCompany?: InputMaybe<Scalars['String']['input']>;
  shippingCountry?: InputMaybe<Scalars['String']['input']>;
  shippingFirstName?: InputMaybe<Scalars['String']['input']>;
  shippingLastName?: InputMaybe<Scalars['String']['input']>;
  shippingPhone?: InputMaybe<Scalars['String']['input']>;
  shippingPostalCode?: InputMaybe<Scalars['String']['input']>;
  shippingRegion?: InputMaybe<Scalars['String']['input']>;
};

export type CartOrder = {
  direction?: InputMaybe<SortDirection>;
  field: CartOrderField;
};

export type CartOrderField =
  | 'BILLING_ADDRESS1'
  | 'BILLING_ADDRESS2'
  | 'BILLING_CITY'
  | 'BILLING_COMPANY'
  | 'BILLING_COUNTRY'
  | 'BILLING_FIRST_NAME'
  | 'BILLING_LAST_NAME'
  | 'BILLING_PHONE'
  | 'BILLING_POSTAL_CODE'
  | 'BILLING_REGION'
  | 'CUSTOMER_EMAIL'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ID'
  | 'SHIPPING_ADDRESS1'
  | 'SHIPPING_ADDRESS2'
  | 'SHIPPING_CITY'
  | 'SHIPPING_COMPANY'
  | 'SHIPPING_COUNTRY'
  | 'SHIPPING_FIRST_NAME'
  | 'SHIPPING_LAST_NAME'
  | 'SHIPPING_PHONE'
  | 'SHIPPING_POSTAL_CODE'
  | 'SHIPPING_REGION'
  | 'TOTAL_ITEM_PRICE'
  | 'TOTAL_ORDER'
  | 'TOTAL_SHIPPING'
  | 'TOTAL_TAX';

/** Result of a cart mutation: the resource, or what was wrong with the input. */
export type CartPayload = {
  __typename?: 'CartPayload';
  cart?: Maybe<Cart>;
  userErrors: Array<UserError>;
};

/** A create, update or delete of store configuration: who, what, when and the diff (read only). */
export type Changelog = Node & {
  __typename?: 'Changelog';
  action: ChangelogAction;
  /** Who changed it: `user:<id>`, `client:<id>` or `system`. */
  actor: Scalars['String']['output'];
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  /** Changed properties as JSON text: {"property": [old, new]}. */
  diff?: Maybe<Scalars['String']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** Why, when the system made the change (for example a webhook disabled after failed deliveries). */
  message?: Maybe<Scalars['String']['output']>;
  resourceId: Scalars['Int']['output'];
  /** REST name of the changed resource, for example tax or webhook. */
  resourceType: Scalars['String']['output'];
  store: Store;
};

/** How a changelog entry changed its resource. */
export type ChangelogAction =
  | 'CREATED'
  | 'DELETED'
  | 'MODIFIED';

/** A page of changelog resources. */
export type ChangelogConnection = {
  __typename?: 'ChangelogConnection';
  edges: Array<ChangelogEdge>;
  nodes: Array<Changelog>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type ChangelogEdge = {
  __typename?: 'ChangelogEdge';
  cursor: Scalars['String']['output'];
  node: Changelog;
};

/** Conditions on changelog properties; every given condition must hold. */
export type ChangelogFilter = {
  action?: InputMaybe<StringFilter>;
  actor?: InputMaybe<StringFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  diff?: InputMaybe<StringFilter>;
  id?: InputMaybe<StringFilter>;
  message?: InputMaybe<StringFilter>;
  resourceId?: InputMaybe<NumberFilter>;
  resourceType?: InputMaybe<StringFilter>;
};

export type ChangelogOrder = {
  direction?: InputMaybe<SortDirection>;
  field: ChangelogOrderField;
};

export type ChangelogOrderField =
  | 'ACTION'
  | 'ACTOR'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'DIFF'
  | 'ID'
  | 'MESSAGE'
  | 'RESOURCE_ID'
  | 'RESOURCE_TYPE';

/** Result of a changelog mutation: the resource, or what was wrong with the input. */
export type ChangelogPayload = {
  __typename?: 'ChangelogPayload';
  changelog?: Maybe<Changelog>;
  userErrors: Array<UserError>;
};

/** Registration of an integration (an OAuth 2.0 client). */
export type Client = Node & {
  __typename?: 'Client';
  attributes: AttributeConnection;
  /** Unique. Set only on creation. Generated (prefix and 30 random characters) when omitted. */
  clientId: Scalars['String']['output'];
  /** Generated automatically, shown once at registration, stored only as a hash. */
  clientSecret?: Maybe<Scalars['String']['output']>;
  /** confidential (default) or public; set at registration only (RFC 6749 §2.1). */
  clientType?: Maybe<ClientType>;
  /** An image URL shown on the OAuth authentication page. */
  companyLogo?: Maybe<Scalars['String']['output']>;
  /** Shown on the OAuth authentication page. */
  companyName: Scalars['String']['output'];
  companyUrl?: Maybe<Scalars['String']['output']>;
  contactEmail: Scalars['String']['output'];
  contactName: Scalars['String']['output'];
  contactPhone: Scalars['String']['output'];
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The origin that CORS allows for browser front ends of this client. */
  javascriptOriginUri?: Maybe<Scalars['String']['output']>;
  /** Shown on the OAuth authentication page. */
  projectDescription?: Maybe<Scalars['String']['output']>;
  /** Shown on the OAuth authentication page. */
  projectName: Scalars['String']['output'];
  redirectUri: Scalars['String']['output'];
};


/** Registration of an integration (an OAuth 2.0 client). */
export type ClientAttributesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<AttributeFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<AttributeOrder>>;
};

/** A page of client resources. */
export type ClientConnection = {
  __typename?: 'ClientConnection';
  edges: Array<ClientEdge>;
  nodes: Array<Client>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type ClientEdge = {
  __typename?: 'ClientEdge';
  cursor: Scalars['String']['output'];
  node: Client;
};

/** Conditions on client properties; every given condition must hold. */
export type ClientFilter = {
  clientId?: InputMaybe<StringFilter>;
  clientType?: InputMaybe<StringFilter>;
  companyLogo?: InputMaybe<StringFilter>;
  companyName?: InputMaybe<StringFilter>;
  companyUrl?: InputMaybe<StringFilter>;
  contactEmail?: InputMaybe<StringFilter>;
  contactName?: InputMaybe<StringFilter>;
  contactPhone?: InputMaybe<StringFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  id?: InputMaybe<StringFilter>;
  javascriptOriginUri?: InputMaybe<StringFilter>;
  projectDescription?: InputMaybe<StringFilter>;
  projectName?: InputMaybe<StringFilter>;
  redirectUri?: InputMaybe<StringFilter>;
};

/** Properties of a client; every missing or invalid one is reported in userErrors. */
export type ClientInput = {
  clientId?: InputMaybe<Scalars['String']['input']>;
  clientType?: InputMaybe<ClientType>;
  companyLogo?: InputMaybe<Scalars['String']['input']>;
  companyName?: InputMaybe<Scalars['String']['input']>;
  companyUrl?: InputMaybe<Scalars['String']['input']>;
  contactEmail?: InputMaybe<Scalars['String']['input']>;
  contactName?: InputMaybe<Scalars['String']['input']>;
  contactPhone?: InputMaybe<Scalars['String']['input']>;
  javascriptOriginUri?: InputMaybe<Scalars['String']['input']>;
  projectDescription?: InputMaybe<Scalars['String']['input']>;
  projectName?: InputMaybe<Scalars['String']['input']>;
  redirectUri?: InputMaybe<Scalars['String']['input']>;
};

export type ClientOrder = {
  direction?: InputMaybe<SortDirection>;
  field: ClientOrderField;
};

export type ClientOrderField =
  | 'CLIENT_ID'
  | 'CLIENT_TYPE'
  | 'COMPANY_LOGO'
  | 'COMPANY_NAME'
  | 'COMPANY_URL'
  | 'CONTACT_EMAIL'
  | 'CONTACT_NAME'
  | 'CONTACT_PHONE'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ID'
  | 'JAVASCRIPT_ORIGIN_URI'
  | 'PROJECT_DESCRIPTION'
  | 'PROJECT_NAME'
  | 'REDIRECT_URI';

/** Result of a client mutation: the resource, or what was wrong with the input. */
export type ClientPayload = {
  __typename?: 'ClientPayload';
  client?: Maybe<Client>;
  userErrors: Array<UserError>;
};

/**
 * RFC 6749 §2.1 client type: a confidential client keeps its secret (servers) and authenticates with
 * it at the token endpoint; a public client cannot (browser and native front ends): it must use PKCE
 * and its refresh tokens rotate with reuse detection.
 */
export type ClientType =
  | 'CONFIDENTIAL'
  | 'PUBLIC';

/** A coupon applied to an item, recorded by the cart and checkout (read only). */
export type CouponDetail = Node & {
  __typename?: 'CouponDetail';
  /** Discount amount per unit of the item. */
  amountPer?: Maybe<Scalars['Decimal']['output']>;
  /** The coupon code the customer entered. */
  code?: Maybe<Scalars['String']['output']>;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  item: Item;
  name?: Maybe<Scalars['String']['output']>;
  store: Store;
};

/** A page of coupon detail resources. */
export type CouponDetailConnection = {
  __typename?: 'CouponDetailConnection';
  edges: Array<CouponDetailEdge>;
  nodes: Array<CouponDetail>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type CouponDetailEdge = {
  __typename?: 'CouponDetailEdge';
  cursor: Scalars['String']['output'];
  node: CouponDetail;
};

/** Conditions on coupon detail properties; every given condition must hold. */
export type CouponDetailFilter = {
  amountPer?: InputMaybe<NumberFilter>;
  code?: InputMaybe<StringFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  id?: InputMaybe<StringFilter>;
  name?: InputMaybe<StringFilter>;
};

export type CouponDetailOrder = {
  direction?: InputMaybe<SortDirection>;
  field: CouponDetailOrderField;
};

export type CouponDetailOrderField =
  | 'AMOUNT_PER'
  | 'CODE'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ID'
  | 'NAME';

/** Result of a coupon detail mutation: the resource, or what was wrong with the input. */
export type CouponDetailPayload = {
  __typename?: 'CouponDetailPayload';
  couponDetail?: Maybe<CouponDetail>;
  userErrors: Array<UserError>;
};

/** A customer of a store: the person behind carts, transactions and subscriptions. */
export type Customer = Node & {
  __typename?: 'Customer';
  attributes: AttributeConnection;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  /** Unique per store: checkout reuses the customer with the cart's email. */
  email: Scalars['String']['output'];
  firstName?: Maybe<Scalars['String']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** A guest: created by checkout without an account. */
  isAnonymous?: Maybe<Scalars['Boolean']['output']>;
  lastName?: Maybe<Scalars['String']['output']>;
  store: Store;
  subscriptions: SubscriptionConnection;
  /** A customer with a tax id is exempt from taxes that exempt customer tax ids. */
  taxId?: Maybe<Scalars['String']['output']>;
  transactions: TransactionConnection;
};


/** A customer of a store: the person behind carts, transactions and subscriptions. */
export type CustomerAttributesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<AttributeFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<AttributeOrder>>;
};


/** A customer of a store: the person behind carts, transactions and subscriptions. */
export type CustomerSubscriptionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<SubscriptionFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<SubscriptionOrder>>;
};


/** A customer of a store: the person behind carts, transactions and subscriptions. */
export type CustomerTransactionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<TransactionFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<TransactionOrder>>;
};

/** A page of customer resources. */
export type CustomerConnection = {
  __typename?: 'CustomerConnection';
  edges: Array<CustomerEdge>;
  nodes: Array<Customer>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type CustomerEdge = {
  __typename?: 'CustomerEdge';
  cursor: Scalars['String']['output'];
  node: Customer;
};

/** Conditions on customer properties; every given condition must hold. */
export type CustomerFilter = {
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  email?: InputMaybe<StringFilter>;
  firstName?: InputMaybe<StringFilter>;
  id?: InputMaybe<StringFilter>;
  isAnonymous?: InputMaybe<BooleanFilter>;
  lastName?: InputMaybe<StringFilter>;
  taxId?: InputMaybe<StringFilter>;
};

/** Properties of a customer; every missing or invalid one is reported in userErrors. */
export type CustomerInput = {
  email?: InputMaybe<Scalars['String']['input']>;
  firstName?: InputMaybe<Scalars['String']['input']>;
  isAnonymous?: InputMaybe<Scalars['Boolean']['input']>;
  lastName?: InputMaybe<Scalars['String']['input']>;
  taxId?: InputMaybe<Scalars['String']['input']>;
};

export type CustomerOrder = {
  direction?: InputMaybe<SortDirection>;
  field: CustomerOrderField;
};

export type CustomerOrderField =
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'EMAIL'
  | 'FIRST_NAME'
  | 'ID'
  | 'IS_ANONYMOUS'
  | 'LAST_NAME'
  | 'TAX_ID';

/** Result of a customer mutation: the resource, or what was wrong with the input. */
export type CustomerPayload = {
  __typename?: 'CustomerPayload';
  customer?: Maybe<Customer>;
  userErrors: Array<UserError>;
};

/** Filter on a DateTime or Date property. */
export type DateFilter = {
  between?: InputMaybe<Array<Scalars['String']['input']>>;
  eq?: InputMaybe<Scalars['String']['input']>;
  gt?: InputMaybe<Scalars['String']['input']>;
  gte?: InputMaybe<Scalars['String']['input']>;
  isDefined?: InputMaybe<Scalars['Boolean']['input']>;
  lt?: InputMaybe<Scalars['String']['input']>;
  lte?: InputMaybe<Scalars['String']['input']>;
  not?: InputMaybe<Scalars['String']['input']>;
};

/** A resource was deleted, or what prevented it. */
export type DeletePayload = {
  __typename?: 'DeletePayload';
  deletedId?: Maybe<Scalars['ID']['output']>;
  userErrors: Array<UserError>;
};

/** A discount applied to an item, recorded by the cart and checkout (read only). */
export type DiscountDetail = Node & {
  __typename?: 'DiscountDetail';
  /** Discount amount per unit of the item. */
  amountPer?: Maybe<Scalars['Decimal']['output']>;
  code?: Maybe<Scalars['String']['output']>;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  item: Item;
  name?: Maybe<Scalars['String']['output']>;
  store: Store;
};

/** A page of discount detail resources. */
export type DiscountDetailConnection = {
  __typename?: 'DiscountDetailConnection';
  edges: Array<DiscountDetailEdge>;
  nodes: Array<DiscountDetail>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type DiscountDetailEdge = {
  __typename?: 'DiscountDetailEdge';
  cursor: Scalars['String']['output'];
  node: DiscountDetail;
};

/** Conditions on discount detail properties; every given condition must hold. */
export type DiscountDetailFilter = {
  amountPer?: InputMaybe<NumberFilter>;
  code?: InputMaybe<StringFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  id?: InputMaybe<StringFilter>;
  name?: InputMaybe<StringFilter>;
};

export type DiscountDetailOrder = {
  direction?: InputMaybe<SortDirection>;
  field: DiscountDetailOrderField;
};

export type DiscountDetailOrderField =
  | 'AMOUNT_PER'
  | 'CODE'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ID'
  | 'NAME';

/** Result of a discount detail mutation: the resource, or what was wrong with the input. */
export type DiscountDetailPayload = {
  __typename?: 'DiscountDetailPayload';
  discountDetail?: Maybe<DiscountDetail>;
  userErrors: Array<UserError>;
};

/**
 * A buyer's entitlement to a purchased file: created with the transaction for each of its items whose
 * code and item category match a downloadable of the store (a category delivered by download). The
 * download_url needs no token: it is the customer's link to the file, answering 410 Gone once the
 * download is exhausted, expired or revoked (refunding or voiding the transaction revokes it).
 * Reading downloads through the API needs downloadables_read (or the store's full access).
 */
export type Download = Node & {
  __typename?: 'Download';
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  /**
   * The customer's capability URL: GET answers the file as an attachment (Range requests too) with no
   * bearer token. Unguessable and stored only as a hash; null once the key it was made with is retired.
   */
  downloadUrl?: Maybe<Scalars['String']['output']>;
  /** Absent once the downloadable has been deleted. */
  downloadable?: Maybe<Downloadable>;
  /** Completed downloads left; null means unlimited (the category's max_downloads_per_customer is 0 or unset). */
  downloadsRemaining?: Maybe<Scalars['Int']['output']>;
  /** After this the URL answers 410; null means never (the category's max_downloads_time_period is 0 or unset). */
  expiresAt?: Maybe<Scalars['DateTime']['output']>;
  /** Name of the downloadable's current file (a replaced file is what the download serves). */
  fileName?: Maybe<Scalars['String']['output']>;
  /** Size of the downloadable's current file in bytes. */
  fileSize?: Maybe<Scalars['Int']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The transaction item that bought the file. */
  item?: Maybe<Item>;
  status: DownloadStatus;
  store: Store;
  transaction: Transaction;
};

/** A page of download resources. */
export type DownloadConnection = {
  __typename?: 'DownloadConnection';
  edges: Array<DownloadEdge>;
  nodes: Array<Download>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type DownloadEdge = {
  __typename?: 'DownloadEdge';
  cursor: Scalars['String']['output'];
  node: Download;
};

/** Conditions on download properties; every given condition must hold. */
export type DownloadFilter = {
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  downloadsRemaining?: InputMaybe<NumberFilter>;
  expiresAt?: InputMaybe<DateFilter>;
  fileName?: InputMaybe<StringFilter>;
  fileSize?: InputMaybe<NumberFilter>;
  id?: InputMaybe<StringFilter>;
  status?: InputMaybe<StringFilter>;
};

export type DownloadOrder = {
  direction?: InputMaybe<SortDirection>;
  field: DownloadOrderField;
};

export type DownloadOrderField =
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'DOWNLOADS_REMAINING'
  | 'EXPIRES_AT'
  | 'FILE_NAME'
  | 'FILE_SIZE'
  | 'ID'
  | 'STATUS';

/** Result of a download mutation: the resource, or what was wrong with the input. */
export type DownloadPayload = {
  __typename?: 'DownloadPayload';
  download?: Maybe<Download>;
  userErrors: Array<UserError>;
};

/** Whether a download can still be used: only an active one answers its download_url with the file. */
export type DownloadStatus =
  | 'ACTIVE'
  | 'EXHAUSTED'
  | 'EXPIRED'
  | 'REVOKED';

/**
 * A purchasable file. Over REST the file arrives as the multipart `file` part of a POST, PATCH or PUT;
 * over GraphQL it is staged first (stageDownloadableUpload, then a PUT of the bytes to the URL it
 * returns) and named by `stagedUploadId` in createDownloadable, updateDownloadable or replaceDownloadable.
 */
export type Downloadable = Node & {
  __typename?: 'Downloadable';
  /** Used when adding the item to the cart, so unique per store. */
  code: Scalars['String']['output'];
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  /** Item categories of the store whose items are downloaded (REST: svc:downloadable_item_categories). */
  downloadableItemCategories: ItemCategoryConnection;
  /** The uploaded file (application/octet-stream attachment): its URL, null when there is none (REST: svc:file). */
  fileHref?: Maybe<Scalars['String']['output']>;
  /** Name of the uploaded file. */
  fileName?: Maybe<Scalars['String']['output']>;
  /** Size of the uploaded file in bytes. */
  fileSize?: Maybe<Scalars['Int']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  itemCategory?: Maybe<ItemCategory>;
  /** Self link of an item category whose item_delivery_type is downloaded (checked by the module). */
  itemCategoryUri: Scalars['String']['output'];
  /** Shown to the customer in the cart. */
  name: Scalars['String']['output'];
  /** Amount the customer pays. */
  price?: Maybe<Scalars['Decimal']['output']>;
  store: Store;
  /** When the file was last uploaded. */
  uploadDate?: Maybe<Scalars['DateTime']['output']>;
};


/**
 * A purchasable file. Over REST the file arrives as the multipart `file` part of a POST, PATCH or PUT;
 * over GraphQL it is staged first (stageDownloadableUpload, then a PUT of the bytes to the URL it
 * returns) and named by `stagedUploadId` in createDownloadable, updateDownloadable or replaceDownloadable.
 */
export type DownloadableDownloadableItemCategoriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ItemCategoryFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<ItemCategoryOrder>>;
};

/** A page of downloadable resources. */
export type DownloadableConnection = {
  __typename?: 'DownloadableConnection';
  edges: Array<DownloadableEdge>;
  nodes: Array<Downloadable>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type DownloadableEdge = {
  __typename?: 'DownloadableEdge';
  cursor: Scalars['String']['output'];
  node: Downloadable;
};

/** Conditions on downloadable properties; every given condition must hold. */
export type DownloadableFilter = {
  code?: InputMaybe<StringFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  fileName?: InputMaybe<StringFilter>;
  fileSize?: InputMaybe<NumberFilter>;
  id?: InputMaybe<StringFilter>;
  name?: InputMaybe<StringFilter>;
  price?: InputMaybe<NumberFilter>;
  uploadDate?: InputMaybe<DateFilter>;
};

/** Properties of a downloadable; every missing or invalid one is reported in userErrors. */
export type DownloadableInput = {
  code?: InputMaybe<Scalars['String']['input']>;
  itemCategoryUri?: InputMaybe<Scalars['String']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  price?: InputMaybe<Scalars['Decimal']['input']>;
  /**
   * The id of a staged upload whose bytes have been PUT to its URL: it becomes the downloadable's file
   * (fileName and fileSize come from it) and cannot be used again. Omit it to keep the current file.
   */
  stagedUploadId?: InputMaybe<Scalars['ID']['input']>;
};

export type DownloadableOrder = {
  direction?: InputMaybe<SortDirection>;
  field: DownloadableOrderField;
};

export type DownloadableOrderField =
  | 'CODE'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'FILE_NAME'
  | 'FILE_SIZE'
  | 'ID'
  | 'NAME'
  | 'PRICE'
  | 'UPLOAD_DATE';

/** Result of a downloadable mutation: the resource, or what was wrong with the input. */
export type DownloadablePayload = {
  __typename?: 'DownloadablePayload';
  downloadable?: Maybe<Downloadable>;
  userErrors: Array<UserError>;
};

/**
 * An entry of the store's durable event log, written in the same transaction as the change it
 * announces. Read by webhooks, GraphQL subscriptions and the svc:events pull feed.
 */
export type Event = Node & {
  __typename?: 'Event';
  /** Opaque resume point for `events(after:)`. */
  cursor: Scalars['String']['output'];
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** `<resource>/<event>`, for example transaction/captured. */
  name: Scalars['String']['output'];
  occurredAt: Scalars['DateTime']['output'];
  /** The resource as it is now; null once deleted. */
  resource?: Maybe<EventSubject>;
  resourceId: Scalars['Int']['output'];
  resourceType: EventResource;
  /** Position in the store's log: increases by one per event of the store; cursors are built from it. */
  sequence: Scalars['Int']['output'];
  store: Store;
};

/** A page of event resources. */
export type EventConnection = {
  __typename?: 'EventConnection';
  edges: Array<EventEdge>;
  nodes: Array<Event>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type EventEdge = {
  __typename?: 'EventEdge';
  cursor: Scalars['String']['output'];
  node: Event;
};

/** Conditions on event properties; every given condition must hold. */
export type EventFilter = {
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  id?: InputMaybe<StringFilter>;
  name?: InputMaybe<StringFilter>;
  occurredAt?: InputMaybe<DateFilter>;
  resourceId?: InputMaybe<NumberFilter>;
  resourceType?: InputMaybe<StringFilter>;
  sequence?: InputMaybe<NumberFilter>;
};

export type EventOrder = {
  direction?: InputMaybe<SortDirection>;
  field: EventOrderField;
};

export type EventOrderField =
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ID'
  | 'NAME'
  | 'OCCURRED_AT'
  | 'RESOURCE_ID'
  | 'RESOURCE_TYPE'
  | 'SEQUENCE';

/** Result of a event mutation: the resource, or what was wrong with the input. */
export type EventPayload = {
  __typename?: 'EventPayload';
  event?: Maybe<Event>;
  userErrors: Array<UserError>;
};

/** Resource types whose events are logged, delivered to webhooks and streamed. */
export type EventResource =
  | 'CART'
  | 'CHANGELOG'
  | 'CUSTOMER'
  | 'SUBSCRIPTION'
  /** One per logged subscription lifecycle event. */
  | 'SUBSCRIPTION_EVENT'
  /** Daily MRR data. */
  | 'SUBSCRIPTION_MRR_SNAPSHOT'
  | 'TRANSACTION'
  | 'TRANSACTION_LOG';

/** The resource an event announces. */
export type EventSubject = Cart | Changelog | Customer | Subscription | SubscriptionEvent | SubscriptionMrrSnapshot | Transaction | TransactionLog;

/** Value formats checked on input. */
export type Format =
  | 'COUNTRY'
  | 'DATE'
  | 'EMAIL'
  | 'FREQUENCY'
  | 'JSON'
  | 'UNIX_TIMESTAMP'
  | 'URL';

/** A fraud-control configuration, enabled per payment method set. */
export type FraudProtection = Node & {
  __typename?: 'FraudProtection';
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  description?: Maybe<Scalars['String']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /**
   * Type-specific configuration as JSON text; required for vendor_recaptcha (`config`, `private_key`,
   * `site_key`) and custom_precheckout_hook (`enabled`, `url`, `failure_handling`). The requirement and
   * the keys are checked by the fraud_protection module: requiredWhen names a single value.
   */
  json?: Maybe<Scalars['String']['output']>;
  /** Payment method sets of the store (REST: svc:payment_method_sets). */
  paymentMethodSets: PaymentMethodSetConnection;
  /** For vendor_minfraud: 0 disables it, 100 logs only and lets every transaction through. */
  scoreThresholdReject?: Maybe<Scalars['Int']['output']>;
  store: Store;
  type: FraudProtectionType;
};


/** A fraud-control configuration, enabled per payment method set. */
export type FraudProtectionPaymentMethodSetsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<PaymentMethodSetFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<PaymentMethodSetOrder>>;
};

/** A page of fraud protection resources. */
export type FraudProtectionConnection = {
  __typename?: 'FraudProtectionConnection';
  edges: Array<FraudProtectionEdge>;
  nodes: Array<FraudProtection>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type FraudProtectionEdge = {
  __typename?: 'FraudProtectionEdge';
  cursor: Scalars['String']['output'];
  node: FraudProtection;
};

/** Conditions on fraud protection properties; every given condition must hold. */
export type FraudProtectionFilter = {
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  description?: InputMaybe<StringFilter>;
  id?: InputMaybe<StringFilter>;
  json?: InputMaybe<StringFilter>;
  scoreThresholdReject?: InputMaybe<NumberFilter>;
  type?: InputMaybe<StringFilter>;
};

/** Properties of a fraud protection; every missing or invalid one is reported in userErrors. */
export type FraudProtectionInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  json?: InputMaybe<Scalars['String']['input']>;
  scoreThresholdReject?: InputMaybe<Scalars['Int']['input']>;
  type?: InputMaybe<FraudProtectionType>;
};

export type FraudProtectionOrder = {
  direction?: InputMaybe<SortDirection>;
  field: FraudProtectionOrderField;
};

export type FraudProtectionOrderField =
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'DESCRIPTION'
  | 'ID'
  | 'JSON'
  | 'SCORE_THRESHOLD_REJECT'
  | 'TYPE';

/** Result of a fraud protection mutation: the resource, or what was wrong with the input. */
export type FraudProtectionPayload = {
  __typename?: 'FraudProtectionPayload';
  fraudProtection?: Maybe<FraudProtection>;
  userErrors: Array<UserError>;
};

/** How a fraud protection screens a checkout. */
export type FraudProtectionType =
  /** The store's own pre-payment webhook decides. */
  | 'CUSTOM_PRECHECKOUT_HOOK'
  /** Score-based: rejects at or above score_threshold_reject. */
  | 'VENDOR_MINFRAUD'
  /** Challenge-based: the customer solves a challenge. */
  | 'VENDOR_RECAPTCHA';

/**
 * A gift card product of the store. A transaction item whose `code` equals the `sku` of a gift card
 * with `allow_autoprovisioning` provisions one gift card code per unit at checkout (authorized only),
 * each with the item's unit price as its balance.
 */
export type GiftCard = Node & {
  __typename?: 'GiftCard';
  /** When true, buying an item with this sku creates its codes at checkout. */
  allowAutoprovisioning?: Maybe<Scalars['Boolean']['output']>;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  giftCardCodes: GiftCardCodeConnection;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** Unique per store: matched against an item's `code` at checkout. */
  sku: Scalars['String']['output'];
  store: Store;
};


/**
 * A gift card product of the store. A transaction item whose `code` equals the `sku` of a gift card
 * with `allow_autoprovisioning` provisions one gift card code per unit at checkout (authorized only),
 * each with the item's unit price as its balance.
 */
export type GiftCardGiftCardCodesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<GiftCardCodeFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<GiftCardCodeOrder>>;
};

/** A redeemable gift card code; codes bought in a transaction link back to the item that provisioned them. */
export type GiftCardCode = Node & {
  __typename?: 'GiftCardCode';
  /** Unique per store: the customer redeems it by code. */
  code: Scalars['String']['output'];
  currentBalance?: Maybe<Scalars['Decimal']['output']>;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  /** The gift card this code was provisioned for, if any. */
  giftCard?: Maybe<GiftCard>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The purchased item that provisioned this code, if any. */
  item?: Maybe<Item>;
  store: Store;
};

/** A page of gift card code resources. */
export type GiftCardCodeConnection = {
  __typename?: 'GiftCardCodeConnection';
  edges: Array<GiftCardCodeEdge>;
  nodes: Array<GiftCardCode>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type GiftCardCodeEdge = {
  __typename?: 'GiftCardCodeEdge';
  cursor: Scalars['String']['output'];
  node: GiftCardCode;
};

/** Conditions on gift card code properties; every given condition must hold. */
export type GiftCardCodeFilter = {
  code?: InputMaybe<StringFilter>;
  currentBalance?: InputMaybe<NumberFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  id?: InputMaybe<StringFilter>;
};

/** Properties of a gift card code; every missing or invalid one is reported in userErrors. */
export type GiftCardCodeInput = {
  code?: InputMaybe<Scalars['String']['input']>;
  currentBalance?: InputMaybe<Scalars['Decimal']['input']>;
};

export type GiftCardCodeOrder = {
  direction?: InputMaybe<SortDirection>;
  field: GiftCardCodeOrderField;
};

export type GiftCardCodeOrderField =
  | 'CODE'
  | 'CURRENT_BALANCE'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ID';

/** Result of a gift card code mutation: the resource, or what was wrong with the input. */
export type GiftCardCodePayload = {
  __typename?: 'GiftCardCodePayload';
  giftCardCode?: Maybe<GiftCardCode>;
  userErrors: Array<UserError>;
};

/** A page of gift card resources. */
export type GiftCardConnection = {
  __typename?: 'GiftCardConnection';
  edges: Array<GiftCardEdge>;
  nodes: Array<GiftCard>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type GiftCardEdge = {
  __typename?: 'GiftCardEdge';
  cursor: Scalars['String']['output'];
  node: GiftCard;
};

/** Conditions on gift card properties; every given condition must hold. */
export type GiftCardFilter = {
  allowAutoprovisioning?: InputMaybe<BooleanFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  id?: InputMaybe<StringFilter>;
  name?: InputMaybe<StringFilter>;
  sku?: InputMaybe<StringFilter>;
};

/** Properties of a gift card; every missing or invalid one is reported in userErrors. */
export type GiftCardInput = {
  allowAutoprovisioning?: InputMaybe<Scalars['Boolean']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  sku?: InputMaybe<Scalars['String']['input']>;
};

export type GiftCardOrder = {
  direction?: InputMaybe<SortDirection>;
  field: GiftCardOrderField;
};

export type GiftCardOrderField =
  | 'ALLOW_AUTOPROVISIONING'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ID'
  | 'NAME'
  | 'SKU';

/** Result of a gift card mutation: the resource, or what was wrong with the input. */
export type GiftCardPayload = {
  __typename?: 'GiftCardPayload';
  giftCard?: Maybe<GiftCard>;
  userErrors: Array<UserError>;
};

export type HttpMethod =
  | 'DELETE'
  | 'GET'
  | 'HEAD'
  | 'OPTIONS'
  | 'PATCH'
  | 'POST'
  | 'PUT';

/**
 * A product in a cart or contained in a transaction. Cart items can be modified; items of a
 * transaction cannot (409). The cart's item collection is the cart_id column, the transaction's
 * is transaction_id: checkout moves an item by setting transaction_id and clearing cart_id.
 */
export type Item = Node & {
  __typename?: 'Item';
  attributes: AttributeConnection;
  /** Free use, for example a SKU. */
  code?: Maybe<Scalars['String']['output']>;
  couponDetails: CouponDetailConnection;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  discountDetailList: DiscountDetailConnection;
  /** Required when discount_name is set (enforced by the item module). */
  discountDetails?: Maybe<Scalars['String']['output']>;
  /** Name of the line-item discount. */
  discountName?: Maybe<Scalars['String']['output']>;
  /** Required when discount_name is set (enforced by the item module: requiredWhen takes one value). */
  discountType?: Maybe<ItemDiscountType>;
  /** Unix timestamp after which the item is invalid and removed from the cart. */
  expires?: Maybe<Scalars['Int']['output']>;
  /** Gift card codes provisioned by buying this item. */
  giftCardCodes: GiftCardCodeConnection;
  /** Placeholder for future use. */
  height?: Maybe<Scalars['Int']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  image?: Maybe<Scalars['String']['output']>;
  /** True when the item is part of a future subscription. */
  isFutureLineItem?: Maybe<Scalars['Boolean']['output']>;
  itemCategory?: Maybe<ItemCategory>;
  /** Self link of an item category of this store. */
  itemCategoryUri?: Maybe<Scalars['String']['output']>;
  itemOptions: ItemOptionConnection;
  /** Placeholder for future use. */
  length?: Maybe<Scalars['Int']['output']>;
  name: Scalars['String']['output'];
  /** Marks a child product in a bundle. */
  parentCode?: Maybe<Scalars['String']['output']>;
  /** Base price before item-option modifiers; never negative (a line's options may not take it below zero either). */
  price: Scalars['Decimal']['output'];
  /** Set by checkout on an item that provisioned gift card codes: the first of them. */
  provisionedGiftCardCode?: Maybe<GiftCardCode>;
  /** Adding an item whose properties are all identical to a cart item increments that item's quantity. */
  quantity?: Maybe<Scalars['Int']['output']>;
  /** Maximum per product per cart; a higher quantity is lowered to it. */
  quantityMax?: Maybe<Scalars['Int']['output']>;
  /** Minimum per product per cart; a lower quantity is raised to it. */
  quantityMin?: Maybe<Scalars['Int']['output']>;
  /** Set on transaction items by checkout (one shipment per shipto address). */
  shipment?: Maybe<Shipment>;
  /** Multiship: the address name of the item's shipment. */
  shipto?: Maybe<Scalars['String']['output']>;
  store: Store;
  /** The subscription does not run on this day. Read only once connected to a subscription. */
  subscriptionEndDate?: Maybe<Scalars['Date']['output']>;
  /** A number followed by d, w, m or y; `.5m` is twice a month. Read only once connected to a subscription. */
  subscriptionFrequency?: Maybe<Scalars['String']['output']>;
  /** Read only once connected to a subscription. */
  subscriptionNextTransactionDate?: Maybe<Scalars['Date']['output']>;
  /** Read only once connected to a subscription. */
  subscriptionStartDate?: Maybe<Scalars['Date']['output']>;
  /** Absent while the item is in a cart. */
  transaction?: Maybe<Transaction>;
  url?: Maybe<Scalars['String']['output']>;
  /** Per-item weight for shipping rate requests. */
  weight?: Maybe<Scalars['Decimal']['output']>;
  /** Placeholder for future use. */
  width?: Maybe<Scalars['Int']['output']>;
};


/**
 * A product in a cart or contained in a transaction. Cart items can be modified; items of a
 * transaction cannot (409). The cart's item collection is the cart_id column, the transaction's
 * is transaction_id: checkout moves an item by setting transaction_id and clearing cart_id.
 */
export type ItemAttributesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<AttributeFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<AttributeOrder>>;
};


/**
 * A product in a cart or contained in a transaction. Cart items can be modified; items of a
 * transaction cannot (409). The cart's item collection is the cart_id column, the transaction's
 * is transaction_id: checkout moves an item by setting transaction_id and clearing cart_id.
 */
export type ItemCouponDetailsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<CouponDetailFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<CouponDetailOrder>>;
};


/**
 * A product in a cart or contained in a transaction. Cart items can be modified; items of a
 * transaction cannot (409). The cart's item collection is the cart_id column, the transaction's
 * is transaction_id: checkout moves an item by setting transaction_id and clearing cart_id.
 */
export type ItemDiscountDetailListArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<DiscountDetailFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<DiscountDetailOrder>>;
};


/**
 * A product in a cart or contained in a transaction. Cart items can be modified; items of a
 * transaction cannot (409). The cart's item collection is the cart_id column, the transaction's
 * is transaction_id: checkout moves an item by setting transaction_id and clearing cart_id.
 */
export type ItemGiftCardCodesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<GiftCardCodeFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<GiftCardCodeOrder>>;
};


/**
 * A product in a cart or contained in a transaction. Cart items can be modified; items of a
 * transaction cannot (409). The cart's item collection is the cart_id column, the transaction's
 * is transaction_id: checkout moves an item by setting transaction_id and clearing cart_id.
 */
export type ItemItemOptionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ItemOptionFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<ItemOptionOrder>>;
};

/** A category of items: delivery, shipping and the taxes that apply to its items. */
export type ItemCategory = Node & {
  __typename?: 'ItemCategory';
  /** Unique per store; every store has `DEFAULT`. */
  code: Scalars['String']['output'];
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  defaultWeight?: Maybe<Scalars['Decimal']['output']>;
  handlingFee?: Maybe<Scalars['Decimal']['output']>;
  handlingFeeType?: Maybe<Scalars['String']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  itemDeliveryType?: Maybe<ItemDeliveryType>;
  /** Required when items are downloaded. */
  maxDownloadsPerCustomer?: Maybe<Scalars['Int']['output']>;
  /** Hours; required when items are downloaded. */
  maxDownloadsTimePeriod?: Maybe<Scalars['Int']['output']>;
  name: Scalars['String']['output'];
  shippingFlatRate?: Maybe<Scalars['Decimal']['output']>;
  store: Store;
  taxItemCategories: TaxItemCategoryConnection;
};


/** A category of items: delivery, shipping and the taxes that apply to its items. */
export type ItemCategoryTaxItemCategoriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<TaxItemCategoryFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<TaxItemCategoryOrder>>;
};

/** A page of item category resources. */
export type ItemCategoryConnection = {
  __typename?: 'ItemCategoryConnection';
  edges: Array<ItemCategoryEdge>;
  nodes: Array<ItemCategory>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type ItemCategoryEdge = {
  __typename?: 'ItemCategoryEdge';
  cursor: Scalars['String']['output'];
  node: ItemCategory;
};

/** Conditions on item category properties; every given condition must hold. */
export type ItemCategoryFilter = {
  code?: InputMaybe<StringFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  defaultWeight?: InputMaybe<NumberFilter>;
  handlingFee?: InputMaybe<NumberFilter>;
  handlingFeeType?: InputMaybe<StringFilter>;
  id?: InputMaybe<StringFilter>;
  itemDeliveryType?: InputMaybe<StringFilter>;
  maxDownloadsPerCustomer?: InputMaybe<NumberFilter>;
  maxDownloadsTimePeriod?: InputMaybe<NumberFilter>;
  name?: InputMaybe<StringFilter>;
  shippingFlatRate?: InputMaybe<NumberFilter>;
};

/** Properties of a item category; every missing or invalid one is reported in userErrors. */
export type ItemCategoryInput = {
  code?: InputMaybe<Scalars['String']['input']>;
  defaultWeight?: InputMaybe<Scalars['Decimal']['input']>;
  handlingFee?: InputMaybe<Scalars['Decimal']['input']>;
  handlingFeeType?: InputMaybe<Scalars['String']['input']>;
  itemDeliveryType?: InputMaybe<ItemDeliveryType>;
  maxDownloadsPerCustomer?: InputMaybe<Scalars['Int']['input']>;
  maxDownloadsTimePeriod?: InputMaybe<Scalars['Int']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  shippingFlatRate?: InputMaybe<Scalars['Decimal']['input']>;
};

export type ItemCategoryOrder = {
  direction?: InputMaybe<SortDirection>;
  field: ItemCategoryOrderField;
};

export type ItemCategoryOrderField =
  | 'CODE'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'DEFAULT_WEIGHT'
  | 'HANDLING_FEE'
  | 'HANDLING_FEE_TYPE'
  | 'ID'
  | 'ITEM_DELIVERY_TYPE'
  | 'MAX_DOWNLOADS_PER_CUSTOMER'
  | 'MAX_DOWNLOADS_TIME_PERIOD'
  | 'NAME'
  | 'SHIPPING_FLAT_RATE';

/** Result of a item category mutation: the resource, or what was wrong with the input. */
export type ItemCategoryPayload = {
  __typename?: 'ItemCategoryPayload';
  itemCategory?: Maybe<ItemCategory>;
  userErrors: Array<UserError>;
};

/** A page of item resources. */
export type ItemConnection = {
  __typename?: 'ItemConnection';
  edges: Array<ItemEdge>;
  nodes: Array<Item>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

/** How items of a category reach the customer. */
export type ItemDeliveryType =
  | 'DOWNLOADED'
  | 'FLAT_RATE'
  | 'NOTSHIPPED'
  | 'PICKUP'
  | 'SHIPPED';

/** How a line-item discount is computed. */
export type ItemDiscountType =
  | 'PRICE_AMOUNT'
  | 'PRICE_PERCENTAGE'
  | 'QUANTITY_AMOUNT'
  | 'QUANTITY_PERCENTAGE';

export type ItemEdge = {
  __typename?: 'ItemEdge';
  cursor: Scalars['String']['output'];
  node: Item;
};

/** Conditions on item properties; every given condition must hold. */
export type ItemFilter = {
  code?: InputMaybe<StringFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  discountDetails?: InputMaybe<StringFilter>;
  discountName?: InputMaybe<StringFilter>;
  discountType?: InputMaybe<StringFilter>;
  expires?: InputMaybe<NumberFilter>;
  height?: InputMaybe<NumberFilter>;
  id?: InputMaybe<StringFilter>;
  image?: InputMaybe<StringFilter>;
  isFutureLineItem?: InputMaybe<BooleanFilter>;
  length?: InputMaybe<NumberFilter>;
  name?: InputMaybe<StringFilter>;
  parentCode?: InputMaybe<StringFilter>;
  price?: InputMaybe<NumberFilter>;
  quantity?: InputMaybe<NumberFilter>;
  quantityMax?: InputMaybe<NumberFilter>;
  quantityMin?: InputMaybe<NumberFilter>;
  shipto?: InputMaybe<StringFilter>;
  subscriptionEndDate?: InputMaybe<DateFilter>;
  subscriptionFrequency?: InputMaybe<StringFilter>;
  subscriptionNextTransactionDate?: InputMaybe<DateFilter>;
  subscriptionStartDate?: InputMaybe<DateFilter>;
  url?: InputMaybe<StringFilter>;
  weight?: InputMaybe<NumberFilter>;
  width?: InputMaybe<NumberFilter>;
};

/** Properties of a item; every missing or invalid one is reported in userErrors. */
export type ItemInput = {
  code?: InputMaybe<Scalars['String']['input']>;
  discountDetails?: InputMaybe<Scalars['String']['input']>;
  discountName?: InputMaybe<Scalars['String']['input']>;
  discountType?: InputMaybe<ItemDiscountType>;
  expires?: InputMaybe<Scalars['Int']['input']>;
  height?: InputMaybe<Scalars['Int']['input']>;
  image?: InputMaybe<Scalars['String']['input']>;
  itemCategoryUri?: InputMaybe<Scalars['String']['input']>;
  length?: InputMaybe<Scalars['Int']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  parentCode?: InputMaybe<Scalars['String']['input']>;
  price?: InputMaybe<Scalars['Decimal']['input']>;
  quantity?: InputMaybe<Scalars['Int']['input']>;
  quantityMax?: InputMaybe<Scalars['Int']['input']>;
  quantityMin?: InputMaybe<Scalars['Int']['input']>;
  shipto?: InputMaybe<Scalars['String']['input']>;
  subscriptionEndDate?: InputMaybe<Scalars['Date']['input']>;
  subscriptionFrequency?: InputMaybe<Scalars['String']['input']>;
  subscriptionNextTransactionDate?: InputMaybe<Scalars['Date']['input']>;
  subscriptionStartDate?: InputMaybe<Scalars['Date']['input']>;
  url?: InputMaybe<Scalars['String']['input']>;
  weight?: InputMaybe<Scalars['Decimal']['input']>;
  width?: InputMaybe<Scalars['Int']['input']>;
};

/** A chosen option of an item (size, colour...), with its price and weight modifiers. */
export type ItemOption = Node & {
  __typename?: 'ItemOption';
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  item: Item;
  name: Scalars['String']['output'];
  /** Added to the item's price. */
  priceMod?: Maybe<Scalars['Decimal']['output']>;
  store: Store;
  value: Scalars['String']['output'];
  /** Added to the item's weight. */
  weightMod?: Maybe<Scalars['Decimal']['output']>;
};

/** A page of item option resources. */
export type ItemOptionConnection = {
  __typename?: 'ItemOptionConnection';
  edges: Array<ItemOptionEdge>;
  nodes: Array<ItemOption>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type ItemOptionEdge = {
  __typename?: 'ItemOptionEdge';
  cursor: Scalars['String']['output'];
  node: ItemOption;
};

/** Conditions on item option properties; every given condition must hold. */
export type ItemOptionFilter = {
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  id?: InputMaybe<StringFilter>;
  name?: InputMaybe<StringFilter>;
  priceMod?: InputMaybe<NumberFilter>;
  value?: InputMaybe<StringFilter>;
  weightMod?: InputMaybe<NumberFilter>;
};

/** Properties of a item option; every missing or invalid one is reported in userErrors. */
export type ItemOptionInput = {
  name?: InputMaybe<Scalars['String']['input']>;
  priceMod?: InputMaybe<Scalars['Decimal']['input']>;
  value?: InputMaybe<Scalars['String']['input']>;
  weightMod?: InputMaybe<Scalars['Decimal']['input']>;
};

export type ItemOptionOrder = {
  direction?: InputMaybe<SortDirection>;
  field: ItemOptionOrderField;
};

export type ItemOptionOrderField =
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ID'
  | 'NAME'
  | 'PRICE_MOD'
  | 'VALUE'
  | 'WEIGHT_MOD';

/** Result of a item option mutation: the resource, or what was wrong with the input. */
export type ItemOptionPayload = {
  __typename?: 'ItemOptionPayload';
  itemOption?: Maybe<ItemOption>;
  userErrors: Array<UserError>;
};

export type ItemOrder = {
  direction?: InputMaybe<SortDirection>;
  field: ItemOrderField;
};

export type ItemOrderField =
  | 'CODE'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'DISCOUNT_DETAILS'
  | 'DISCOUNT_NAME'
  | 'DISCOUNT_TYPE'
  | 'EXPIRES'
  | 'HEIGHT'
  | 'ID'
  | 'IMAGE'
  | 'IS_FUTURE_LINE_ITEM'
  | 'LENGTH'
  | 'NAME'
  | 'PARENT_CODE'
  | 'PRICE'
  | 'QUANTITY'
  | 'QUANTITY_MAX'
  | 'QUANTITY_MIN'
  | 'SHIPTO'
  | 'SUBSCRIPTION_END_DATE'
  | 'SUBSCRIPTION_FREQUENCY'
  | 'SUBSCRIPTION_NEXT_TRANSACTION_DATE'
  | 'SUBSCRIPTION_START_DATE'
  | 'URL'
  | 'WEIGHT'
  | 'WIDTH';

/** Result of a item mutation: the resource, or what was wrong with the input. */
export type ItemPayload = {
  __typename?: 'ItemPayload';
  item?: Maybe<Item>;
  userErrors: Array<UserError>;
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Captures an authorized payment (REST: POST svc:capture). */
  captureTransaction: TransactionPayload;
  /**
   * A cart's checkout (REST: POST svc:checkout): taxes, the store's fraud protections and the payment,
   * then the cart becomes an authorized transaction (and is gone).
   */
  checkoutCart: TransactionPayload;
  createAttribute: AttributePayload;
  createCart: CartPayload;
  createCustomer: CustomerPayload;
  createDownloadable: DownloadablePayload;
  createFraudProtection: FraudProtectionPayload;
  createGiftCard: GiftCardPayload;
  createItem: ItemPayload;
  createItemCategory: ItemCategoryPayload;
  createItemOption: ItemOptionPayload;
  createNativeIntegration: NativeIntegrationPayload;
  createPaymentMethodSet: PaymentMethodSetPayload;
  createPaymentMethodSetFraudProtection: PaymentMethodSetFraudProtectionPayload;
  /** With a user token: creates a store of that user and returns a store_full_access token set. */
  createStore: TokenPayload;
  createTax: TaxPayload;
  createTaxItemCategory: TaxItemCategoryPayload;
  /** With a client token: creates a user and returns a user_full_access token set. */
  createUser: TokenPayload;
  createWebhook: WebhookPayload;
  deleteAttribute: DeletePayload;
  deleteCart: DeletePayload;
  deleteCustomer: DeletePayload;
  deleteDownloadable: DeletePayload;
  deleteFraudProtection: DeletePayload;
  deleteGiftCard: DeletePayload;
  deleteGiftCardCode: DeletePayload;
  deleteItem: DeletePayload;
  deleteItemCategory: DeletePayload;
  deleteItemOption: DeletePayload;
  deleteNativeIntegration: DeletePayload;
  deletePaymentMethodSet: DeletePayload;
  deletePaymentMethodSetFraudProtection: DeletePayload;
  deleteTax: DeletePayload;
  deleteTaxItemCategory: DeletePayload;
  deleteWebhook: DeletePayload;
  /** Refunds a captured payment (REST: POST svc:refund). */
  refundTransaction: TransactionPayload;
  /** Registers an OAuth client (no token needed) and returns its client_full_access token set once. */
  registerClient: RegisterClientPayload;
  replaceAttribute: AttributePayload;
  replaceCart: CartPayload;
  replaceClient: ClientPayload;
  replaceCustomer: CustomerPayload;
  replaceDownloadable: DownloadablePayload;
  replaceFraudProtection: FraudProtectionPayload;
  replaceGiftCard: GiftCardPayload;
  replaceGiftCardCode: GiftCardCodePayload;
  replaceItem: ItemPayload;
  replaceItemCategory: ItemCategoryPayload;
  replaceItemOption: ItemOptionPayload;
  replaceNativeIntegration: NativeIntegrationPayload;
  replacePaymentMethodSet: PaymentMethodSetPayload;
  replaceStore: StorePayload;
  replaceSubscription: SubscriptionPayload;
  replaceTax: TaxPayload;
  replaceTransaction: TransactionPayload;
  replaceUser: UserPayload;
  replaceWebhook: WebhookPayload;
  /**
   * Sends every event since a time again to one webhook, with the original webhook-ids, marked as
   * refeeds (REST: POST {webhook}/resend).
   */
  resendWebhookEvents: ResendPayload;
  /**
   * Sends a transaction again to the listed webhooks (REST: POST svc:send_webhooks); needs
   * webhooks_resend or store_full_access. The answer is the `transaction/refeed` event queued.
   */
  sendTransactionWebhooks: SendWebhooksPayload;
  /**
   * Stages an upload of a downloadable file (scope downloadables_write or store_full_access): returns a
   * one-time URL to PUT the bytes to, then name upload.id as stagedUploadId of a downloadable.
   */
  stageDownloadableUpload: StageDownloadableUploadPayload;
  updateAttribute: AttributePayload;
  updateCart: CartPayload;
  updateClient: ClientPayload;
  updateCustomer: CustomerPayload;
  updateDownloadable: DownloadablePayload;
  updateFraudProtection: FraudProtectionPayload;
  updateGiftCard: GiftCardPayload;
  updateGiftCardCode: GiftCardCodePayload;
  updateItem: ItemPayload;
  updateItemCategory: ItemCategoryPayload;
  updateItemOption: ItemOptionPayload;
  updateNativeIntegration: NativeIntegrationPayload;
  updatePaymentMethodSet: PaymentMethodSetPayload;
  updateStore: StorePayload;
  updateSubscription: SubscriptionPayload;
  updateTax: TaxPayload;
  updateTransaction: TransactionPayload;
  updateUser: UserPayload;
  updateWebhook: WebhookPayload;
  /** Voids an authorized payment (REST: POST svc:void). */
  voidTransaction: TransactionPayload;
};


export type MutationCaptureTransactionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationCheckoutCartArgs = {
  id: Scalars['ID']['input'];
  paymentToken?: InputMaybe<Scalars['String']['input']>;
  recaptchaToken?: InputMaybe<Scalars['String']['input']>;
};


export type MutationCreateAttributeArgs = {
  cartId?: InputMaybe<Scalars['ID']['input']>;
  clientId?: InputMaybe<Scalars['ID']['input']>;
  customerId?: InputMaybe<Scalars['ID']['input']>;
  input: AttributeInput;
  itemId?: InputMaybe<Scalars['ID']['input']>;
  subscriptionId?: InputMaybe<Scalars['ID']['input']>;
  transactionId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationCreateCartArgs = {
  input: CartInput;
};


export type MutationCreateCustomerArgs = {
  input: CustomerInput;
};


export type MutationCreateDownloadableArgs = {
  input: DownloadableInput;
};


export type MutationCreateFraudProtectionArgs = {
  input: FraudProtectionInput;
};


export type MutationCreateGiftCardArgs = {
  input: GiftCardInput;
};


export type MutationCreateItemArgs = {
  cartId?: InputMaybe<Scalars['ID']['input']>;
  input: ItemInput;
};


export type MutationCreateItemCategoryArgs = {
  input: ItemCategoryInput;
};


export type MutationCreateItemOptionArgs = {
  input: ItemOptionInput;
  itemId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationCreateNativeIntegrationArgs = {
  input: NativeIntegrationInput;
};


export type MutationCreatePaymentMethodSetArgs = {
  input: PaymentMethodSetInput;
};


export type MutationCreatePaymentMethodSetFraudProtectionArgs = {
  input: PaymentMethodSetFraudProtectionInput;
  paymentMethodSetId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationCreateStoreArgs = {
  input: StoreInput;
};


export type MutationCreateTaxArgs = {
  input: TaxInput;
};


export type MutationCreateTaxItemCategoryArgs = {
  input: TaxItemCategoryInput;
  itemCategoryId?: InputMaybe<Scalars['ID']['input']>;
  taxId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationCreateUserArgs = {
  input: UserInput;
};


export type MutationCreateWebhookArgs = {
  input: WebhookInput;
};


export type MutationDeleteAttributeArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteCartArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteCustomerArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteDownloadableArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteFraudProtectionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteGiftCardArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteGiftCardCodeArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteItemArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteItemCategoryArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteItemOptionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteNativeIntegrationArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeletePaymentMethodSetArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeletePaymentMethodSetFraudProtectionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteTaxArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteTaxItemCategoryArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteWebhookArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRefundTransactionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRegisterClientArgs = {
  input: ClientInput;
};


export type MutationReplaceAttributeArgs = {
  id: Scalars['ID']['input'];
  input: AttributeInput;
};


export type MutationReplaceCartArgs = {
  id: Scalars['ID']['input'];
  input: CartInput;
};


export type MutationReplaceClientArgs = {
  id: Scalars['ID']['input'];
  input: ClientInput;
};


export type MutationReplaceCustomerArgs = {
  id: Scalars['ID']['input'];
  input: CustomerInput;
};


export type MutationReplaceDownloadableArgs = {
  id: Scalars['ID']['input'];
  input: DownloadableInput;
};


export type MutationReplaceFraudProtectionArgs = {
  id: Scalars['ID']['input'];
  input: FraudProtectionInput;
};


export type MutationReplaceGiftCardArgs = {
  id: Scalars['ID']['input'];
  input: GiftCardInput;
};


export type MutationReplaceGiftCardCodeArgs = {
  id: Scalars['ID']['input'];
  input: GiftCardCodeInput;
};


export type MutationReplaceItemArgs = {
  id: Scalars['ID']['input'];
  input: ItemInput;
};


export type MutationReplaceItemCategoryArgs = {
  id: Scalars['ID']['input'];
  input: ItemCategoryInput;
};


export type MutationReplaceItemOptionArgs = {
  id: Scalars['ID']['input'];
  input: ItemOptionInput;
};


export type MutationReplaceNativeIntegrationArgs = {
  id: Scalars['ID']['input'];
  input: NativeIntegrationInput;
};


export type MutationReplacePaymentMethodSetArgs = {
  id: Scalars['ID']['input'];
  input: PaymentMethodSetInput;
};


export type MutationReplaceStoreArgs = {
  id: Scalars['ID']['input'];
  input: StoreInput;
};


export type MutationReplaceSubscriptionArgs = {
  id: Scalars['ID']['input'];
  input: SubscriptionInput;
};


export type MutationReplaceTaxArgs = {
  id: Scalars['ID']['input'];
  input: TaxInput;
};


export type MutationReplaceTransactionArgs = {
  id: Scalars['ID']['input'];
  input: TransactionInput;
};


export type MutationReplaceUserArgs = {
  id: Scalars['ID']['input'];
  input: UserInput;
};


export type MutationReplaceWebhookArgs = {
  id: Scalars['ID']['input'];
  input: WebhookInput;
};


export type MutationResendWebhookEventsArgs = {
  id: Scalars['ID']['input'];
  since: Scalars['String']['input'];
};


export type MutationSendTransactionWebhooksArgs = {
  id: Scalars['ID']['input'];
  refeedHooks: Array<Scalars['ID']['input']>;
};


export type MutationStageDownloadableUploadArgs = {
  input: StageDownloadableUploadInput;
};


export type MutationUpdateAttributeArgs = {
  id: Scalars['ID']['input'];
  input: AttributeInput;
};


export type MutationUpdateCartArgs = {
  id: Scalars['ID']['input'];
  input: CartInput;
};


export type MutationUpdateClientArgs = {
  id: Scalars['ID']['input'];
  input: ClientInput;
};


export type MutationUpdateCustomerArgs = {
  id: Scalars['ID']['input'];
  input: CustomerInput;
};


export type MutationUpdateDownloadableArgs = {
  id: Scalars['ID']['input'];
  input: DownloadableInput;
};


export type MutationUpdateFraudProtectionArgs = {
  id: Scalars['ID']['input'];
  input: FraudProtectionInput;
};


export type MutationUpdateGiftCardArgs = {
  id: Scalars['ID']['input'];
  input: GiftCardInput;
};


export type MutationUpdateGiftCardCodeArgs = {
  id: Scalars['ID']['input'];
  input: GiftCardCodeInput;
};


export type MutationUpdateItemArgs = {
  id: Scalars['ID']['input'];
  input: ItemInput;
};


export type MutationUpdateItemCategoryArgs = {
  id: Scalars['ID']['input'];
  input: ItemCategoryInput;
};


export type MutationUpdateItemOptionArgs = {
  id: Scalars['ID']['input'];
  input: ItemOptionInput;
};


export type MutationUpdateNativeIntegrationArgs = {
  id: Scalars['ID']['input'];
  input: NativeIntegrationInput;
};


export type MutationUpdatePaymentMethodSetArgs = {
  id: Scalars['ID']['input'];
  input: PaymentMethodSetInput;
};


export type MutationUpdateStoreArgs = {
  id: Scalars['ID']['input'];
  input: StoreInput;
};


export type MutationUpdateSubscriptionArgs = {
  id: Scalars['ID']['input'];
  input: SubscriptionInput;
};


export type MutationUpdateTaxArgs = {
  id: Scalars['ID']['input'];
  input: TaxInput;
};


export type MutationUpdateTransactionArgs = {
  id: Scalars['ID']['input'];
  input: TransactionInput;
};


export type MutationUpdateUserArgs = {
  id: Scalars['ID']['input'];
  input: UserInput;
};


export type MutationUpdateWebhookArgs = {
  id: Scalars['ID']['input'];
  input: WebhookInput;
};


export type MutationVoidTransactionArgs = {
  id: Scalars['ID']['input'];
};

/** Configuration of a third-party service the store uses, such as a live-rate tax provider. */
export type NativeIntegration = Node & {
  __typename?: 'NativeIntegration';
  /** Provider-specific settings as JSON text (checked by the native_integration module). */
  config: Scalars['String']['output'];
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** One integration per provider and store. */
  provider: NativeIntegrationProvider;
  store: Store;
};

/** A page of native integration resources. */
export type NativeIntegrationConnection = {
  __typename?: 'NativeIntegrationConnection';
  edges: Array<NativeIntegrationEdge>;
  nodes: Array<NativeIntegration>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type NativeIntegrationEdge = {
  __typename?: 'NativeIntegrationEdge';
  cursor: Scalars['String']['output'];
  node: NativeIntegration;
};

/** Conditions on native integration properties; every given condition must hold. */
export type NativeIntegrationFilter = {
  config?: InputMaybe<StringFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  id?: InputMaybe<StringFilter>;
  provider?: InputMaybe<StringFilter>;
};

/** Properties of a native integration; every missing or invalid one is reported in userErrors. */
export type NativeIntegrationInput = {
  config?: InputMaybe<Scalars['String']['input']>;
  provider?: InputMaybe<NativeIntegrationProvider>;
};

export type NativeIntegrationOrder = {
  direction?: InputMaybe<SortDirection>;
  field: NativeIntegrationOrderField;
};

export type NativeIntegrationOrderField =
  | 'CONFIG'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ID'
  | 'PROVIDER';

/** Result of a native integration mutation: the resource, or what was wrong with the input. */
export type NativeIntegrationPayload = {
  __typename?: 'NativeIntegrationPayload';
  nativeIntegration?: Maybe<NativeIntegration>;
  userErrors: Array<UserError>;
};

/** Provider of a native integration. */
export type NativeIntegrationProvider =
  /** The store's own tax endpoint; config {"url": ...}. */
  | 'CUSTOM_TAX'
  | 'VENDOR_A'
  | 'VENDOR_B'
  | 'VENDOR_C';

/** Every resource has an id and its REST self link. */
export type Node = {
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
};

/** Filter on a number (Int or Decimal, written as a string for exactness). */
export type NumberFilter = {
  between?: InputMaybe<Array<Scalars['String']['input']>>;
  eq?: InputMaybe<Scalars['String']['input']>;
  gt?: InputMaybe<Scalars['String']['input']>;
  gte?: InputMaybe<Scalars['String']['input']>;
  in?: InputMaybe<Array<Scalars['String']['input']>>;
  isDefined?: InputMaybe<Scalars['Boolean']['input']>;
  lt?: InputMaybe<Scalars['String']['input']>;
  lte?: InputMaybe<Scalars['String']['input']>;
  not?: InputMaybe<Scalars['String']['input']>;
};

/** An OAuth 2.0 token set (RFC 6749 §5.1). */
export type OAuthToken = {
  __typename?: 'OAuthToken';
  accessToken: Scalars['String']['output'];
  expiresIn: Scalars['Int']['output'];
  refreshToken?: Maybe<Scalars['String']['output']>;
  scope: Scalars['String']['output'];
  tokenType: Scalars['String']['output'];
};

/** Who owns the rows of a resource; the data layer filters every query by the owner of the token. */
export type Owner =
  /** Rows belong to an OAuth client. */
  | 'CLIENT'
  /** Global rows (users): reached only through the token chain. */
  | 'GLOBAL'
  /**
   * Rows that belong to whatever parent they hang off (attributes): through a parent they are as
   * visible and writable as the parent; addressed directly they are filtered by store_id like STORE.
   */
  | 'PARENT'
  /** Rows carry store_id; visible only to tokens of that store. */
  | 'STORE'
  /** Rows belong to a user (stores of a user). */
  | 'USER';

/** Relay page info. */
export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
  hasPreviousPage: Scalars['Boolean']['output'];
  startCursor?: Maybe<Scalars['String']['output']>;
};

/** Payment gateway of a payment method set. */
export type PaymentGateway =
  /** The built-in test gateway. */
  | 'TEST';

/** A set of payment methods used at checkout, with the fraud protections enabled on it. */
export type PaymentMethodSet = Node & {
  __typename?: 'PaymentMethodSet';
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  description: Scalars['String']['output'];
  gateway?: Maybe<PaymentGateway>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** Live sets take real payments; the test gateway only ever takes test payments. */
  isLive?: Maybe<Scalars['Boolean']['output']>;
  paymentMethodSetFraudProtections: PaymentMethodSetFraudProtectionConnection;
  store: Store;
};


/** A set of payment methods used at checkout, with the fraud protections enabled on it. */
export type PaymentMethodSetPaymentMethodSetFraudProtectionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<PaymentMethodSetFraudProtectionFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<PaymentMethodSetFraudProtectionOrder>>;
};

/** A page of payment method set resources. */
export type PaymentMethodSetConnection = {
  __typename?: 'PaymentMethodSetConnection';
  edges: Array<PaymentMethodSetEdge>;
  nodes: Array<PaymentMethodSet>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type PaymentMethodSetEdge = {
  __typename?: 'PaymentMethodSetEdge';
  cursor: Scalars['String']['output'];
  node: PaymentMethodSet;
};

/** Conditions on payment method set properties; every given condition must hold. */
export type PaymentMethodSetFilter = {
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  description?: InputMaybe<StringFilter>;
  gateway?: InputMaybe<StringFilter>;
  id?: InputMaybe<StringFilter>;
  isLive?: InputMaybe<BooleanFilter>;
};

/**
 * Enables a fraud protection on a payment method set. Created through the set's collection, which
 * supplies payment_method_set_uri; the same pair twice is a conflict (409).
 */
export type PaymentMethodSetFraudProtection = Node & {
  __typename?: 'PaymentMethodSetFraudProtection';
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  fraudProtection: FraudProtection;
  fraudProtectionUri: Scalars['String']['output'];
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  paymentMethodSet: PaymentMethodSet;
  /** Implied when created through a payment method set's collection. */
  paymentMethodSetUri?: Maybe<Scalars['String']['output']>;
  store: Store;
};

/** A page of payment method set fraud protection resources. */
export type PaymentMethodSetFraudProtectionConnection = {
  __typename?: 'PaymentMethodSetFraudProtectionConnection';
  edges: Array<PaymentMethodSetFraudProtectionEdge>;
  nodes: Array<PaymentMethodSetFraudProtection>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type PaymentMethodSetFraudProtectionEdge = {
  __typename?: 'PaymentMethodSetFraudProtectionEdge';
  cursor: Scalars['String']['output'];
  node: PaymentMethodSetFraudProtection;
};

/** Conditions on payment method set fraud protection properties; every given condition must hold. */
export type PaymentMethodSetFraudProtectionFilter = {
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  id?: InputMaybe<StringFilter>;
};

/** Properties of a payment method set fraud protection; every missing or invalid one is reported in userErrors. */
export type PaymentMethodSetFraudProtectionInput = {
  fraudProtectionUri?: InputMaybe<Scalars['String']['input']>;
  paymentMethodSetUri?: InputMaybe<Scalars['String']['input']>;
};

export type PaymentMethodSetFraudProtectionOrder = {
  direction?: InputMaybe<SortDirection>;
  field: PaymentMethodSetFraudProtectionOrderField;
};

export type PaymentMethodSetFraudProtectionOrderField =
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ID';

/** Result of a payment method set fraud protection mutation: the resource, or what was wrong with the input. */
export type PaymentMethodSetFraudProtectionPayload = {
  __typename?: 'PaymentMethodSetFraudProtectionPayload';
  paymentMethodSetFraudProtection?: Maybe<PaymentMethodSetFraudProtection>;
  userErrors: Array<UserError>;
};

/** Properties of a payment method set; every missing or invalid one is reported in userErrors. */
export type PaymentMethodSetInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  gateway?: InputMaybe<PaymentGateway>;
  isLive?: InputMaybe<Scalars['Boolean']['input']>;
};

export type PaymentMethodSetOrder = {
  direction?: InputMaybe<SortDirection>;
  field: PaymentMethodSetOrderField;
};

export type PaymentMethodSetOrderField =
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'DESCRIPTION'
  | 'GATEWAY'
  | 'ID'
  | 'IS_LIVE';

/** Result of a payment method set mutation: the resource, or what was wrong with the input. */
export type PaymentMethodSetPayload = {
  __typename?: 'PaymentMethodSetPayload';
  paymentMethodSet?: Maybe<PaymentMethodSet>;
  userErrors: Array<UserError>;
};

/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type Query = {
  __typename?: 'Query';
  /** One applied tax by id, when the token may see it. */
  appliedTax?: Maybe<AppliedTax>;
  /** One attribute by id, when the token may see it. */
  attribute?: Maybe<Attribute>;
  /** One cart by id, when the token may see it. */
  cart?: Maybe<Cart>;
  /** One changelog by id, when the token may see it. */
  changelog?: Maybe<Changelog>;
  /** One client by id, when the token may see it. */
  client?: Maybe<Client>;
  /** One coupon detail by id, when the token may see it. */
  couponDetail?: Maybe<CouponDetail>;
  /** One customer by id, when the token may see it. */
  customer?: Maybe<Customer>;
  /** One discount detail by id, when the token may see it. */
  discountDetail?: Maybe<DiscountDetail>;
  /** One download by id, when the token may see it. */
  download?: Maybe<Download>;
  /** One downloadable by id, when the token may see it. */
  downloadable?: Maybe<Downloadable>;
  /** One event by id, when the token may see it. */
  event?: Maybe<Event>;
  /**
   * The store's events after a cursor, oldest first (at most `first`, default 100, up to 300), limited
   * to the resource types the token may read.
   */
  events: Array<Event>;
  /** One fraud protection by id, when the token may see it. */
  fraudProtection?: Maybe<FraudProtection>;
  /** One gift card by id, when the token may see it. */
  giftCard?: Maybe<GiftCard>;
  /** One gift card code by id, when the token may see it. */
  giftCardCode?: Maybe<GiftCardCode>;
  /** One item by id, when the token may see it. */
  item?: Maybe<Item>;
  /** One item category by id, when the token may see it. */
  itemCategory?: Maybe<ItemCategory>;
  /** One item option by id, when the token may see it. */
  itemOption?: Maybe<ItemOption>;
  /** One native integration by id, when the token may see it. */
  nativeIntegration?: Maybe<NativeIntegration>;
  /** Any resource by its REST self link. */
  node?: Maybe<Node>;
  /** One payment method set by id, when the token may see it. */
  paymentMethodSet?: Maybe<PaymentMethodSet>;
  /** One payment method set fraud protection by id, when the token may see it. */
  paymentMethodSetFraudProtection?: Maybe<PaymentMethodSetFraudProtection>;
  /** One shipment by id, when the token may see it. */
  shipment?: Maybe<Shipment>;
  /** The store of a store token; with a user token, one of the user's stores by id. */
  store?: Maybe<Store>;
  /** One subscription by id, when the token may see it. */
  subscription?: Maybe<Subscription>;
  /** One subscription event by id, when the token may see it. */
  subscriptionEvent?: Maybe<SubscriptionEvent>;
  /** One subscription mrr snapshot by id, when the token may see it. */
  subscriptionMrrSnapshot?: Maybe<SubscriptionMrrSnapshot>;
  /** One tax by id, when the token may see it. */
  tax?: Maybe<Tax>;
  /** One tax item category by id, when the token may see it. */
  taxItemCategory?: Maybe<TaxItemCategory>;
  /** One transaction by id, when the token may see it. */
  transaction?: Maybe<Transaction>;
  /** One transaction log by id, when the token may see it. */
  transactionLog?: Maybe<TransactionLog>;
  /** One user by id, when the token may see it. */
  user?: Maybe<User>;
  /** Who the token is: its client, user, store and scopes. */
  viewer: Viewer;
  /** One webhook by id, when the token may see it. */
  webhook?: Maybe<Webhook>;
  /** One webhook log by id, when the token may see it. */
  webhookLog?: Maybe<WebhookLog>;
  /** One webhook status by id, when the token may see it. */
  webhookStatus?: Maybe<WebhookStatus>;
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryAppliedTaxArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryAttributeArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryCartArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryChangelogArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryClientArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryCouponDetailArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryCustomerArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryDiscountDetailArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryDownloadArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryDownloadableArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryEventArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  names?: InputMaybe<Array<Scalars['String']['input']>>;
  resources?: InputMaybe<Array<EventResource>>;
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryFraudProtectionArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryGiftCardArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryGiftCardCodeArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryItemArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryItemCategoryArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryItemOptionArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryNativeIntegrationArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryNodeArgs = {
  href: Scalars['String']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryPaymentMethodSetArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryPaymentMethodSetFraudProtectionArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryShipmentArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryStoreArgs = {
  id?: InputMaybe<Scalars['ID']['input']>;
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QuerySubscriptionArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QuerySubscriptionEventArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QuerySubscriptionMrrSnapshotArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryTaxArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryTaxItemCategoryArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryTransactionArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryTransactionLogArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryUserArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryWebhookArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryWebhookLogArgs = {
  id: Scalars['ID']['input'];
};


/** Entry points. Resource-by-id fields and CRUD mutations are derived from the resource types. */
export type QueryWebhookStatusArgs = {
  id: Scalars['ID']['input'];
};

export type RegisterClientPayload = {
  __typename?: 'RegisterClientPayload';
  client?: Maybe<Client>;
  clientId?: Maybe<Scalars['String']['output']>;
  /** Shown once; store it securely. */
  clientSecret?: Maybe<Scalars['String']['output']>;
  message?: Maybe<Scalars['String']['output']>;
  token?: Maybe<OAuthToken>;
  userErrors: Array<UserError>;
};

/** How many deliveries were queued again, or why not. */
export type ResendPayload = {
  __typename?: 'ResendPayload';
  queued?: Maybe<Scalars['Int']['output']>;
  since?: Maybe<Scalars['String']['output']>;
  userErrors: Array<UserError>;
};

/** An event queued for delivery again, or why not. */
export type SendWebhooksPayload = {
  __typename?: 'SendWebhooksPayload';
  event?: Maybe<Event>;
  userErrors: Array<UserError>;
};

/**
 * Where part of a transaction is shipped: one per shipto address name (multiship), created by
 * checkout from the cart's shipping address and the items' shipto (read only).
 */
export type Shipment = Node & {
  __typename?: 'Shipment';
  address1?: Maybe<Scalars['String']['output']>;
  address2?: Maybe<Scalars['String']['output']>;
  /** The items' shipto value; empty for the cart's main shipping address. */
  addressName?: Maybe<Scalars['String']['output']>;
  city?: Maybe<Scalars['String']['output']>;
  company?: Maybe<Scalars['String']['output']>;
  country?: Maybe<Scalars['String']['output']>;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  firstName?: Maybe<Scalars['String']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  items: ItemConnection;
  lastName?: Maybe<Scalars['String']['output']>;
  phone?: Maybe<Scalars['String']['output']>;
  postalCode?: Maybe<Scalars['String']['output']>;
  region?: Maybe<Scalars['String']['output']>;
  shippingServiceDescription?: Maybe<Scalars['String']['output']>;
  store: Store;
  totalItemPrice?: Maybe<Scalars['Decimal']['output']>;
  totalPrice?: Maybe<Scalars['Decimal']['output']>;
  totalShipping?: Maybe<Scalars['Decimal']['output']>;
  totalTax?: Maybe<Scalars['Decimal']['output']>;
  transaction: Transaction;
};


/**
 * Where part of a transaction is shipped: one per shipto address name (multiship), created by
 * checkout from the cart's shipping address and the items' shipto (read only).
 */
export type ShipmentItemsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ItemFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<ItemOrder>>;
};

/** A page of shipment resources. */
export type ShipmentConnection = {
  __typename?: 'ShipmentConnection';
  edges: Array<ShipmentEdge>;
  nodes: Array<Shipment>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type ShipmentEdge = {
  __typename?: 'ShipmentEdge';
  cursor: Scalars['String']['output'];
  node: Shipment;
};

/** Conditions on shipment properties; every given condition must hold. */
export type ShipmentFilter = {
  address1?: InputMaybe<StringFilter>;
  address2?: InputMaybe<StringFilter>;
  addressName?: InputMaybe<StringFilter>;
  city?: InputMaybe<StringFilter>;
  company?: InputMaybe<StringFilter>;
  country?: InputMaybe<StringFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  firstName?: InputMaybe<StringFilter>;
  id?: InputMaybe<StringFilter>;
  lastName?: InputMaybe<StringFilter>;
  phone?: InputMaybe<StringFilter>;
  postalCode?: InputMaybe<StringFilter>;
  region?: InputMaybe<StringFilter>;
  shippingServiceDescription?: InputMaybe<StringFilter>;
  totalItemPrice?: InputMaybe<NumberFilter>;
  totalPrice?: InputMaybe<NumberFilter>;
  totalShipping?: InputMaybe<NumberFilter>;
  totalTax?: InputMaybe<NumberFilter>;
};

export type ShipmentOrder = {
  direction?: InputMaybe<SortDirection>;
  field: ShipmentOrderField;
};

export type ShipmentOrderField =
  | 'ADDRESS1'
  | 'ADDRESS2'
  | 'ADDRESS_NAME'
  | 'CITY'
  | 'COMPANY'
  | 'COUNTRY'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'FIRST_NAME'
  | 'ID'
  | 'LAST_NAME'
  | 'PHONE'
  | 'POSTAL_CODE'
  | 'REGION'
  | 'SHIPPING_SERVICE_DESCRIPTION'
  | 'TOTAL_ITEM_PRICE'
  | 'TOTAL_PRICE'
  | 'TOTAL_SHIPPING'
  | 'TOTAL_TAX';

/** Result of a shipment mutation: the resource, or what was wrong with the input. */
export type ShipmentPayload = {
  __typename?: 'ShipmentPayload';
  shipment?: Maybe<Shipment>;
  userErrors: Array<UserError>;
};

/** Sort direction. */
export type SortDirection =
  | 'ASC'
  | 'DESC';

/** What a staged upload of a downloadable file will be. */
export type StageDownloadableUploadInput = {
  /** The file's media type; when omitted, the Content-Type of the PUT is taken. */
  contentType?: InputMaybe<Scalars['String']['input']>;
  /** The name the file is shown and downloaded under (directories and control characters are dropped). */
  fileName?: InputMaybe<Scalars['String']['input']>;
  /** The exact size in bytes, when known: a PUT of any other size is refused. */
  size?: InputMaybe<Scalars['Int']['input']>;
};

export type StageDownloadableUploadPayload = {
  __typename?: 'StageDownloadableUploadPayload';
  upload?: Maybe<StagedUpload>;
  userErrors: Array<UserError>;
};

/** Where and until when the bytes of a staged upload may be sent. */
export type StagedUpload = {
  __typename?: 'StagedUpload';
  contentType?: Maybe<Scalars['String']['output']>;
  /** After this the URL is refused and an unused upload is removed. */
  expiresAt: Scalars['DateTime']['output'];
  fileName: Scalars['String']['output'];
  /** What stagedUploadId of DownloadableInput names. */
  id: Scalars['ID']['output'];
  /** The largest body the URL accepts; a larger one is answered 413. */
  maxBytes: Scalars['Int']['output'];
  /** PUT the raw bytes here (any Content-Type, no API token needed), once, before expiresAt. */
  url: Scalars['String']['output'];
};

/** An online store and its configuration; every store-owned resource hangs off it. */
export type Store = Node & {
  __typename?: 'Store';
  attributes: AttributeConnection;
  carts: CartConnection;
  changelogs: ChangelogConnection;
  country: Scalars['String']['output'];
  /** ISO 4217 currency of the store's prices. */
  currencyCode?: Maybe<Scalars['String']['output']>;
  customers: CustomerConnection;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  downloadables: DownloadableConnection;
  /** The store's event log (pull feed). */
  events: EventConnection;
  fraudProtections: FraudProtectionConnection;
  giftCards: GiftCardConnection;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  isActive?: Maybe<Scalars['Boolean']['output']>;
  itemCategories: ItemCategoryConnection;
  nativeIntegrations: NativeIntegrationConnection;
  paymentMethodSets: PaymentMethodSetConnection;
  postalCode: Scalars['String']['output'];
  region: Scalars['String']['output'];
  storeDomain: Scalars['String']['output'];
  storeEmail: Scalars['String']['output'];
  storeName: Scalars['String']['output'];
  storeUrl: Scalars['String']['output'];
  /** Created by checkout, never posted. */
  subscriptions: SubscriptionConnection;
  taxes: TaxConnection;
  timezone?: Maybe<Scalars['String']['output']>;
  /** Created by checkout, never posted. */
  transactions: TransactionConnection;
  user: User;
  webhooks: WebhookConnection;
};


/** An online store and its configuration; every store-owned resource hangs off it. */
export type StoreAttributesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<AttributeFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<AttributeOrder>>;
};


/** An online store and its configuration; every store-owned resource hangs off it. */
export type StoreCartsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<CartFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<CartOrder>>;
};


/** An online store and its configuration; every store-owned resource hangs off it. */
export type StoreChangelogsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ChangelogFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<ChangelogOrder>>;
};


/** An online store and its configuration; every store-owned resource hangs off it. */
export type StoreCustomersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<CustomerFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<CustomerOrder>>;
};


/** An online store and its configuration; every store-owned resource hangs off it. */
export type StoreDownloadablesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<DownloadableFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<DownloadableOrder>>;
};


/** An online store and its configuration; every store-owned resource hangs off it. */
export type StoreEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<EventFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<EventOrder>>;
};


/** An online store and its configuration; every store-owned resource hangs off it. */
export type StoreFraudProtectionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<FraudProtectionFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<FraudProtectionOrder>>;
};


/** An online store and its configuration; every store-owned resource hangs off it. */
export type StoreGiftCardsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<GiftCardFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<GiftCardOrder>>;
};


/** An online store and its configuration; every store-owned resource hangs off it. */
export type StoreItemCategoriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ItemCategoryFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<ItemCategoryOrder>>;
};


/** An online store and its configuration; every store-owned resource hangs off it. */
export type StoreNativeIntegrationsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<NativeIntegrationFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<NativeIntegrationOrder>>;
};


/** An online store and its configuration; every store-owned resource hangs off it. */
export type StorePaymentMethodSetsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<PaymentMethodSetFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<PaymentMethodSetOrder>>;
};


/** An online store and its configuration; every store-owned resource hangs off it. */
export type StoreSubscriptionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<SubscriptionFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<SubscriptionOrder>>;
};


/** An online store and its configuration; every store-owned resource hangs off it. */
export type StoreTaxesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<TaxFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<TaxOrder>>;
};


/** An online store and its configuration; every store-owned resource hangs off it. */
export type StoreTransactionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<TransactionFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<TransactionOrder>>;
};


/** An online store and its configuration; every store-owned resource hangs off it. */
export type StoreWebhooksArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<WebhookFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<WebhookOrder>>;
};

/** A page of store resources. */
export type StoreConnection = {
  __typename?: 'StoreConnection';
  edges: Array<StoreEdge>;
  nodes: Array<Store>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type StoreEdge = {
  __typename?: 'StoreEdge';
  cursor: Scalars['String']['output'];
  node: Store;
};

/** Conditions on store properties; every given condition must hold. */
export type StoreFilter = {
  country?: InputMaybe<StringFilter>;
  currencyCode?: InputMaybe<StringFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  id?: InputMaybe<StringFilter>;
  isActive?: InputMaybe<BooleanFilter>;
  postalCode?: InputMaybe<StringFilter>;
  region?: InputMaybe<StringFilter>;
  storeDomain?: InputMaybe<StringFilter>;
  storeEmail?: InputMaybe<StringFilter>;
  storeName?: InputMaybe<StringFilter>;
  storeUrl?: InputMaybe<StringFilter>;
  timezone?: InputMaybe<StringFilter>;
};

/** Properties of a store; every missing or invalid one is reported in userErrors. */
export type StoreInput = {
  country?: InputMaybe<Scalars['String']['input']>;
  currencyCode?: InputMaybe<Scalars['String']['input']>;
  isActive?: InputMaybe<Scalars['Boolean']['input']>;
  postalCode?: InputMaybe<Scalars['String']['input']>;
  region?: InputMaybe<Scalars['String']['input']>;
  storeDomain?: InputMaybe<Scalars['String']['input']>;
  storeEmail?: InputMaybe<Scalars['String']['input']>;
  storeName?: InputMaybe<Scalars['String']['input']>;
  storeUrl?: InputMaybe<Scalars['String']['input']>;
  timezone?: InputMaybe<Scalars['String']['input']>;
};

export type StoreOrder = {
  direction?: InputMaybe<SortDirection>;
  field: StoreOrderField;
};

export type StoreOrderField =
  | 'COUNTRY'
  | 'CURRENCY_CODE'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ID'
  | 'IS_ACTIVE'
  | 'POSTAL_CODE'
  | 'REGION'
  | 'STORE_DOMAIN'
  | 'STORE_EMAIL'
  | 'STORE_NAME'
  | 'STORE_URL'
  | 'TIMEZONE';

/** Result of a store mutation: the resource, or what was wrong with the input. */
export type StorePayload = {
  __typename?: 'StorePayload';
  store?: Maybe<Store>;
  userErrors: Array<UserError>;
};

/** Filter on a String property. */
export type StringFilter = {
  eq?: InputMaybe<Scalars['String']['input']>;
  gt?: InputMaybe<Scalars['String']['input']>;
  gte?: InputMaybe<Scalars['String']['input']>;
  in?: InputMaybe<Array<Scalars['String']['input']>>;
  isDefined?: InputMaybe<Scalars['Boolean']['input']>;
  like?: InputMaybe<Scalars['String']['input']>;
  lt?: InputMaybe<Scalars['String']['input']>;
  lte?: InputMaybe<Scalars['String']['input']>;
  not?: InputMaybe<Scalars['String']['input']>;
};

/**
 * A recurring purchase, created by checkout from items with a subscription_frequency. Cancel it by
 * setting end_date or is_active.
 */
export type Subscription = Node & {
  __typename?: 'Subscription';
  attributes: AttributeConnection;
  customer?: Maybe<Customer>;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  /** The subscription does not run on this day. */
  endDate?: Maybe<Scalars['Date']['output']>;
  /** A number followed by d, w, m or y; `.5m` is twice a month. */
  frequency: Scalars['String']['output'];
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  isActive?: Maybe<Scalars['Boolean']['output']>;
  /** Date of the next renewal transaction. */
  nextTransactionDate?: Maybe<Scalars['Date']['output']>;
  /** Amount of failed renewals still owed. */
  pastDueAmount?: Maybe<Scalars['Decimal']['output']>;
  startDate: Scalars['Date']['output'];
  store: Store;
  subscriptionEvents: SubscriptionEventConnection;
  /** The transaction that started it and every renewal. */
  transactions: TransactionConnection;
};


/**
 * A recurring purchase, created by checkout from items with a subscription_frequency. Cancel it by
 * setting end_date or is_active.
 */
export type SubscriptionAttributesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<AttributeFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<AttributeOrder>>;
};


/**
 * A recurring purchase, created by checkout from items with a subscription_frequency. Cancel it by
 * setting end_date or is_active.
 */
export type SubscriptionSubscriptionEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<SubscriptionEventFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<SubscriptionEventOrder>>;
};


/**
 * A recurring purchase, created by checkout from items with a subscription_frequency. Cancel it by
 * setting end_date or is_active.
 */
export type SubscriptionTransactionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<TransactionFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<TransactionOrder>>;
};

/** A page of subscription resources. */
export type SubscriptionConnection = {
  __typename?: 'SubscriptionConnection';
  edges: Array<SubscriptionEdge>;
  nodes: Array<Subscription>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type SubscriptionEdge = {
  __typename?: 'SubscriptionEdge';
  cursor: Scalars['String']['output'];
  node: Subscription;
};

/** A logged subscription lifecycle event: billing success or failure, dunning, cancellation (read only). */
export type SubscriptionEvent = Node & {
  __typename?: 'SubscriptionEvent';
  /** Amount billed or owed. */
  amount?: Maybe<Scalars['Decimal']['output']>;
  currencyCode?: Maybe<Scalars['String']['output']>;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  message?: Maybe<Scalars['String']['output']>;
  store: Store;
  subscription: Subscription;
  /** The renewal transaction, when the event is a billing attempt. */
  transaction?: Maybe<Transaction>;
  type: SubscriptionEventType;
};

/** A page of subscription event resources. */
export type SubscriptionEventConnection = {
  __typename?: 'SubscriptionEventConnection';
  edges: Array<SubscriptionEventEdge>;
  nodes: Array<SubscriptionEvent>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type SubscriptionEventEdge = {
  __typename?: 'SubscriptionEventEdge';
  cursor: Scalars['String']['output'];
  node: SubscriptionEvent;
};

/** Conditions on subscription event properties; every given condition must hold. */
export type SubscriptionEventFilter = {
  amount?: InputMaybe<NumberFilter>;
  currencyCode?: InputMaybe<StringFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  id?: InputMaybe<StringFilter>;
  message?: InputMaybe<StringFilter>;
  type?: InputMaybe<StringFilter>;
};

export type SubscriptionEventOrder = {
  direction?: InputMaybe<SortDirection>;
  field: SubscriptionEventOrderField;
};

export type SubscriptionEventOrderField =
  | 'AMOUNT'
  | 'CURRENCY_CODE'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ID'
  | 'MESSAGE'
  | 'TYPE';

/** Result of a subscription event mutation: the resource, or what was wrong with the input. */
export type SubscriptionEventPayload = {
  __typename?: 'SubscriptionEventPayload';
  subscriptionEvent?: Maybe<SubscriptionEvent>;
  userErrors: Array<UserError>;
};

/** Kind of subscription lifecycle event. */
export type SubscriptionEventType =
  | 'BILLING_FAILURE'
  | 'BILLING_SUCCESS'
  | 'CANCELLATION'
  | 'DUNNING';

/** Conditions on subscription properties; every given condition must hold. */
export type SubscriptionFilter = {
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  endDate?: InputMaybe<DateFilter>;
  frequency?: InputMaybe<StringFilter>;
  id?: InputMaybe<StringFilter>;
  isActive?: InputMaybe<BooleanFilter>;
  nextTransactionDate?: InputMaybe<DateFilter>;
  pastDueAmount?: InputMaybe<NumberFilter>;
  startDate?: InputMaybe<DateFilter>;
};

/** Properties of a subscription; every missing or invalid one is reported in userErrors. */
export type SubscriptionInput = {
  endDate?: InputMaybe<Scalars['Date']['input']>;
  frequency?: InputMaybe<Scalars['String']['input']>;
  isActive?: InputMaybe<Scalars['Boolean']['input']>;
  nextTransactionDate?: InputMaybe<Scalars['Date']['input']>;
  pastDueAmount?: InputMaybe<Scalars['Decimal']['input']>;
  startDate?: InputMaybe<Scalars['Date']['input']>;
};

/** The store's monthly recurring revenue on one day, taken daily (read only). */
export type SubscriptionMrrSnapshot = Node & {
  __typename?: 'SubscriptionMrrSnapshot';
  activeSubscriptions?: Maybe<Scalars['Int']['output']>;
  /** Subscriptions cancelled on this day. */
  cancelledSubscriptions?: Maybe<Scalars['Int']['output']>;
  currencyCode?: Maybe<Scalars['String']['output']>;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** Recurring revenue of the active subscriptions, normalised to one month. */
  mrr: Scalars['Decimal']['output'];
  /** Subscriptions started on this day. */
  newSubscriptions?: Maybe<Scalars['Int']['output']>;
  /** One snapshot per store and day. */
  snapshotDate: Scalars['Date']['output'];
  store: Store;
};

/** A page of subscription mrr snapshot resources. */
export type SubscriptionMrrSnapshotConnection = {
  __typename?: 'SubscriptionMrrSnapshotConnection';
  edges: Array<SubscriptionMrrSnapshotEdge>;
  nodes: Array<SubscriptionMrrSnapshot>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type SubscriptionMrrSnapshotEdge = {
  __typename?: 'SubscriptionMrrSnapshotEdge';
  cursor: Scalars['String']['output'];
  node: SubscriptionMrrSnapshot;
};

/** Conditions on subscription mrr snapshot properties; every given condition must hold. */
export type SubscriptionMrrSnapshotFilter = {
  activeSubscriptions?: InputMaybe<NumberFilter>;
  cancelledSubscriptions?: InputMaybe<NumberFilter>;
  currencyCode?: InputMaybe<StringFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  id?: InputMaybe<StringFilter>;
  mrr?: InputMaybe<NumberFilter>;
  newSubscriptions?: InputMaybe<NumberFilter>;
  snapshotDate?: InputMaybe<DateFilter>;
};

export type SubscriptionMrrSnapshotOrder = {
  direction?: InputMaybe<SortDirection>;
  field: SubscriptionMrrSnapshotOrderField;
};

export type SubscriptionMrrSnapshotOrderField =
  | 'ACTIVE_SUBSCRIPTIONS'
  | 'CANCELLED_SUBSCRIPTIONS'
  | 'CURRENCY_CODE'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ID'
  | 'MRR'
  | 'NEW_SUBSCRIPTIONS'
  | 'SNAPSHOT_DATE';

/** Result of a subscription mrr snapshot mutation: the resource, or what was wrong with the input. */
export type SubscriptionMrrSnapshotPayload = {
  __typename?: 'SubscriptionMrrSnapshotPayload';
  subscriptionMrrSnapshot?: Maybe<SubscriptionMrrSnapshot>;
  userErrors: Array<UserError>;
};

export type SubscriptionOrder = {
  direction?: InputMaybe<SortDirection>;
  field: SubscriptionOrderField;
};

export type SubscriptionOrderField =
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'END_DATE'
  | 'FREQUENCY'
  | 'ID'
  | 'IS_ACTIVE'
  | 'NEXT_TRANSACTION_DATE'
  | 'PAST_DUE_AMOUNT'
  | 'START_DATE';

/** Result of a subscription mutation: the resource, or what was wrong with the input. */
export type SubscriptionPayload = {
  __typename?: 'SubscriptionPayload';
  subscription?: Maybe<Subscription>;
  userErrors: Array<UserError>;
};

/** Live feeds over graphql-ws (on /graphql); authenticate in connection_init with {authorization: "Bearer …"}. */
export type SubscriptionRoot = {
  __typename?: 'SubscriptionRoot';
  /**
   * Every event of the token's store as it is committed. With `after` (an event's cursor) the events
   * missed since then come first, once and in order. `resource` on each event is selectable like a
   * webhook `query`.
   */
  events: Event;
};


/** Live feeds over graphql-ws (on /graphql); authenticate in connection_init with {authorization: "Bearer …"}. */
export type SubscriptionRootEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  names?: InputMaybe<Array<Scalars['String']['input']>>;
  resources?: InputMaybe<Array<EventResource>>;
};

/** A tax rate applied to item categories, selected by the customer's shipping location. */
export type Tax = Node & {
  __typename?: 'Tax';
  /** The rate also applies to the shipping cost. */
  applyToShipping?: Maybe<Scalars['Boolean']['output']>;
  /** Matched against the shipping city; required for local taxes. */
  city?: Maybe<Scalars['String']['output']>;
  /** ISO 3166-1 alpha-2 code, matched against the shipping country for country taxes. */
  country?: Maybe<Scalars['String']['output']>;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  /** Exempts every customer that has a tax id. */
  exemptAllCustomerTaxIds?: Maybe<Scalars['Boolean']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** Rate determined automatically from the postal code (United States). */
  isLive?: Maybe<Scalars['Boolean']['output']>;
  /** Shown to the customer. */
  name: Scalars['String']['output'];
  /** Native integrations of the tax's service provider (REST: svc:native_integrations). */
  nativeIntegrations: NativeIntegrationConnection;
  /** A 10% tax is written 10. */
  rate?: Maybe<Scalars['Decimal']['output']>;
  /** State or province, matched against the shipping region. */
  region?: Maybe<Scalars['String']['output']>;
  /** Selects the live-rate provider. */
  serviceProvider?: Maybe<TaxServiceProvider>;
  store: Store;
  taxItemCategories: TaxItemCategoryConnection;
  type: TaxType;
  /** For union taxes: use the origin country's rates. */
  useOriginRates?: Maybe<Scalars['Boolean']['output']>;
};


/** A tax rate applied to item categories, selected by the customer's shipping location. */
export type TaxNativeIntegrationsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<NativeIntegrationFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<NativeIntegrationOrder>>;
};


/** A tax rate applied to item categories, selected by the customer's shipping location. */
export type TaxTaxItemCategoriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<TaxItemCategoryFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<TaxItemCategoryOrder>>;
};

/** A page of tax resources. */
export type TaxConnection = {
  __typename?: 'TaxConnection';
  edges: Array<TaxEdge>;
  nodes: Array<Tax>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type TaxEdge = {
  __typename?: 'TaxEdge';
  cursor: Scalars['String']['output'];
  node: Tax;
};

/** Conditions on tax properties; every given condition must hold. */
export type TaxFilter = {
  applyToShipping?: InputMaybe<BooleanFilter>;
  city?: InputMaybe<StringFilter>;
  country?: InputMaybe<StringFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  exemptAllCustomerTaxIds?: InputMaybe<BooleanFilter>;
  id?: InputMaybe<StringFilter>;
  isLive?: InputMaybe<BooleanFilter>;
  name?: InputMaybe<StringFilter>;
  rate?: InputMaybe<NumberFilter>;
  region?: InputMaybe<StringFilter>;
  serviceProvider?: InputMaybe<StringFilter>;
  type?: InputMaybe<StringFilter>;
  useOriginRates?: InputMaybe<BooleanFilter>;
};

/** Properties of a tax; every missing or invalid one is reported in userErrors. */
export type TaxInput = {
  applyToShipping?: InputMaybe<Scalars['Boolean']['input']>;
  city?: InputMaybe<Scalars['String']['input']>;
  country?: InputMaybe<Scalars['String']['input']>;
  exemptAllCustomerTaxIds?: InputMaybe<Scalars['Boolean']['input']>;
  isLive?: InputMaybe<Scalars['Boolean']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  rate?: InputMaybe<Scalars['Decimal']['input']>;
  region?: InputMaybe<Scalars['String']['input']>;
  serviceProvider?: InputMaybe<TaxServiceProvider>;
  type?: InputMaybe<TaxType>;
  useOriginRates?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Links a tax to an item category: the tax applies to the category's items. */
export type TaxItemCategory = Node & {
  __typename?: 'TaxItemCategory';
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  itemCategory: ItemCategory;
  itemCategoryUri: Scalars['String']['output'];
  store: Store;
  tax: Tax;
  taxUri: Scalars['String']['output'];
};

/** A page of tax item category resources. */
export type TaxItemCategoryConnection = {
  __typename?: 'TaxItemCategoryConnection';
  edges: Array<TaxItemCategoryEdge>;
  nodes: Array<TaxItemCategory>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type TaxItemCategoryEdge = {
  __typename?: 'TaxItemCategoryEdge';
  cursor: Scalars['String']['output'];
  node: TaxItemCategory;
};

/** Conditions on tax item category properties; every given condition must hold. */
export type TaxItemCategoryFilter = {
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  id?: InputMaybe<StringFilter>;
};

/** Properties of a tax item category; every missing or invalid one is reported in userErrors. */
export type TaxItemCategoryInput = {
  itemCategoryUri?: InputMaybe<Scalars['String']['input']>;
  taxUri?: InputMaybe<Scalars['String']['input']>;
};

export type TaxItemCategoryOrder = {
  direction?: InputMaybe<SortDirection>;
  field: TaxItemCategoryOrderField;
};

export type TaxItemCategoryOrderField =
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ID';

/** Result of a tax item category mutation: the resource, or what was wrong with the input. */
export type TaxItemCategoryPayload = {
  __typename?: 'TaxItemCategoryPayload';
  taxItemCategory?: Maybe<TaxItemCategory>;
  userErrors: Array<UserError>;
};

export type TaxOrder = {
  direction?: InputMaybe<SortDirection>;
  field: TaxOrderField;
};

export type TaxOrderField =
  | 'APPLY_TO_SHIPPING'
  | 'CITY'
  | 'COUNTRY'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'EXEMPT_ALL_CUSTOMER_TAX_IDS'
  | 'ID'
  | 'IS_LIVE'
  | 'NAME'
  | 'RATE'
  | 'REGION'
  | 'SERVICE_PROVIDER'
  | 'TYPE'
  | 'USE_ORIGIN_RATES';

/** Result of a tax mutation: the resource, or what was wrong with the input. */
export type TaxPayload = {
  __typename?: 'TaxPayload';
  tax?: Maybe<Tax>;
  userErrors: Array<UserError>;
};

/** Provider of live tax rates. */
export type TaxServiceProvider =
  | 'CUSTOM_TAX'
  /** No live-rate provider. */
  | 'NONE'
  | 'VENDOR_A'
  | 'VENDOR_B'
  | 'VENDOR_C';

/** How a tax rate is selected from the customer's shipping location. */
export type TaxType =
  /** Varies by country. */
  | 'COUNTRY'
  /** Rate supplied by the store's custom tax endpoint. */
  | 'CUSTOM_TAX_ENDPOINT'
  /** Does not vary by location. */
  | 'GLOBAL'
  /** Varies by city. */
  | 'LOCAL'
  /** Varies by state or province. */
  | 'REGION'
  /** Applies inside the European Union (origin rates when use_origin_rates). */
  | 'UNION';

export type TokenPayload = {
  __typename?: 'TokenPayload';
  /** The created user or store. */
  node?: Maybe<Node>;
  token?: Maybe<OAuthToken>;
  userErrors: Array<UserError>;
};

/**
 * A completed checkout: a snapshot of the cart, its customer and its totals. Only hide_transaction
 * and data_is_fed can change; its items are immutable. The action links appear only when the action
 * is possible (decided by the transaction module).
 */
export type Transaction = Node & {
  __typename?: 'Transaction';
  appliedTaxes: AppliedTaxConnection;
  attributes: AttributeConnection;
  billingAddress1?: Maybe<Scalars['String']['output']>;
  billingAddress2?: Maybe<Scalars['String']['output']>;
  billingCity?: Maybe<Scalars['String']['output']>;
  billingCompany?: Maybe<Scalars['String']['output']>;
  billingCountry?: Maybe<Scalars['String']['output']>;
  billingFirstName?: Maybe<Scalars['String']['output']>;
  billingLastName?: Maybe<Scalars['String']['output']>;
  billingPhone?: Maybe<Scalars['String']['output']>;
  billingPostalCode?: Maybe<Scalars['String']['output']>;
  billingRegion?: Maybe<Scalars['String']['output']>;
  currencyCode?: Maybe<Scalars['String']['output']>;
  customer?: Maybe<Customer>;
  customerEmail?: Maybe<Scalars['String']['output']>;
  customerFirstName?: Maybe<Scalars['String']['output']>;
  customerLastName?: Maybe<Scalars['String']['output']>;
  /** Tax id of the customer at checkout (exempts from taxes that exempt customer tax ids). */
  customerTaxId?: Maybe<Scalars['String']['output']>;
  /** Marks the transaction as already fed to an external system. */
  dataIsFed?: Maybe<Scalars['Boolean']['output']>;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  /** The purchased files of the transaction's items (scope downloadables_read). */
  downloads: DownloadConnection;
  /** Hides the transaction from the store administration's lists. */
  hideTransaction?: Maybe<Scalars['Boolean']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** Set in sandbox mode: only the test gateway was used. */
  isTest?: Maybe<Scalars['Boolean']['output']>;
  items: ItemConnection;
  shippingAddress1?: Maybe<Scalars['String']['output']>;
  shippingAddress2?: Maybe<Scalars['String']['output']>;
  shippingCity?: Maybe<Scalars['String']['output']>;
  shippingCompany?: Maybe<Scalars['String']['output']>;
  shippingCountry?: Maybe<Scalars['String']['output']>;
  shippingFirstName?: Maybe<Scalars['String']['output']>;
  shippingLastName?: Maybe<Scalars['String']['output']>;
  shippingPhone?: Maybe<Scalars['String']['output']>;
  shippingPostalCode?: Maybe<Scalars['String']['output']>;
  shippingRegion?: Maybe<Scalars['String']['output']>;
  status: TransactionStatus;
  store: Store;
  /** The subscription this transaction started (the first, when it started several) or renewed. */
  subscription?: Maybe<Subscription>;
  /** Every subscription this checkout started, one per subscription item. */
  subscriptions: SubscriptionConnection;
  totalItemPrice?: Maybe<Scalars['Decimal']['output']>;
  totalOrder?: Maybe<Scalars['Decimal']['output']>;
  totalShipping?: Maybe<Scalars['Decimal']['output']>;
  totalTax?: Maybe<Scalars['Decimal']['output']>;
  transactionLogs: TransactionLogConnection;
};


/**
 * A completed checkout: a snapshot of the cart, its customer and its totals. Only hide_transaction
 * and data_is_fed can change; its items are immutable. The action links appear only when the action
 * is possible (decided by the transaction module).
 */
export type TransactionAppliedTaxesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<AppliedTaxFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<AppliedTaxOrder>>;
};


/**
 * A completed checkout: a snapshot of the cart, its customer and its totals. Only hide_transaction
 * and data_is_fed can change; its items are immutable. The action links appear only when the action
 * is possible (decided by the transaction module).
 */
export type TransactionAttributesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<AttributeFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<AttributeOrder>>;
};


/**
 * A completed checkout: a snapshot of the cart, its customer and its totals. Only hide_transaction
 * and data_is_fed can change; its items are immutable. The action links appear only when the action
 * is possible (decided by the transaction module).
 */
export type TransactionDownloadsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<DownloadFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<DownloadOrder>>;
};


/**
 * A completed checkout: a snapshot of the cart, its customer and its totals. Only hide_transaction
 * and data_is_fed can change; its items are immutable. The action links appear only when the action
 * is possible (decided by the transaction module).
 */
export type TransactionItemsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ItemFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<ItemOrder>>;
};


/**
 * A completed checkout: a snapshot of the cart, its customer and its totals. Only hide_transaction
 * and data_is_fed can change; its items are immutable. The action links appear only when the action
 * is possible (decided by the transaction module).
 */
export type TransactionSubscriptionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<SubscriptionFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<SubscriptionOrder>>;
};


/**
 * A completed checkout: a snapshot of the cart, its customer and its totals. Only hide_transaction
 * and data_is_fed can change; its items are immutable. The action links appear only when the action
 * is possible (decided by the transaction module).
 */
export type TransactionTransactionLogsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<TransactionLogFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<TransactionLogOrder>>;
};

/** A page of transaction resources. */
export type TransactionConnection = {
  __typename?: 'TransactionConnection';
  edges: Array<TransactionEdge>;
  nodes: Array<Transaction>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type TransactionEdge = {
  __typename?: 'TransactionEdge';
  cursor: Scalars['String']['output'];
  node: Transaction;
};

/** Conditions on transaction properties; every given condition must hold. */
export type TransactionFilter = {
  billingAddress1?: InputMaybe<StringFilter>;
  billingAddress2?: InputMaybe<StringFilter>;
  billingCity?: InputMaybe<StringFilter>;
  billingCompany?: InputMaybe<StringFilter>;
  billingCountry?: InputMaybe<StringFilter>;
  billingFirstName?: InputMaybe<StringFilter>;
  billingLastName?: InputMaybe<StringFilter>;
  billingPhone?: InputMaybe<StringFilter>;
  billingPostalCode?: InputMaybe<StringFilter>;
  billingRegion?: InputMaybe<StringFilter>;
  currencyCode?: InputMaybe<StringFilter>;
  customerEmail?: InputMaybe<StringFilter>;
  customerFirstName?: InputMaybe<StringFilter>;
  customerLastName?: InputMaybe<StringFilter>;
  customerTaxId?: InputMaybe<StringFilter>;
  dataIsFed?: InputMaybe<BooleanFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  hideTransaction?: InputMaybe<BooleanFilter>;
  id?: InputMaybe<StringFilter>;
  isTest?: InputMaybe<BooleanFilter>;
  shippingAddress1?: InputMaybe<StringFilter>;
  shippingAddress2?: InputMaybe<StringFilter>;
  shippingCity?: InputMaybe<StringFilter>;
  shippingCompany?: InputMaybe<StringFilter>;
  shippingCountry?: InputMaybe<StringFilter>;
  shippingFirstName?: InputMaybe<StringFilter>;
  shippingLastName?: InputMaybe<StringFilter>;
  shippingPhone?: InputMaybe<StringFilter>;
  shippingPostalCode?: InputMaybe<StringFilter>;
  shippingRegion?: InputMaybe<StringFilter>;
  status?: InputMaybe<StringFilter>;
  totalItemPrice?: InputMaybe<NumberFilter>;
  totalOrder?: InputMaybe<NumberFilter>;
  totalShipping?: InputMaybe<NumberFilter>;
  totalTax?: InputMaybe<NumberFilter>;
};

/** Properties of a transaction; every missing or invalid one is reported in userErrors. */
export type TransactionInput = {
  dataIsFed?: InputMaybe<Scalars['Boolean']['input']>;
  hideTransaction?: InputMaybe<Scalars['Boolean']['input']>;
};

/** One step in a transaction's history: payment, fraud check, capture, refund... (read only). */
export type TransactionLog = Node & {
  __typename?: 'TransactionLog';
  /** What happened, for example authorized, fraud_check, captured, voided, refunded. */
  action: Scalars['String']['output'];
  /** Amount the step moved, if any. */
  amount?: Maybe<Scalars['Decimal']['output']>;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  /** Step-specific details as JSON text (gateway answer, fraud score, hook result). */
  details?: Maybe<Scalars['String']['output']>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  message?: Maybe<Scalars['String']['output']>;
  /**
   * Outcome of the step: the transaction's status after a payment step (authorized, captured, ...),
   * pass, reject, review or skipped after a fraud check.
   */
  status?: Maybe<Scalars['String']['output']>;
  store: Store;
  transaction: Transaction;
};

/** A page of transaction log resources. */
export type TransactionLogConnection = {
  __typename?: 'TransactionLogConnection';
  edges: Array<TransactionLogEdge>;
  nodes: Array<TransactionLog>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type TransactionLogEdge = {
  __typename?: 'TransactionLogEdge';
  cursor: Scalars['String']['output'];
  node: TransactionLog;
};

/** Conditions on transaction log properties; every given condition must hold. */
export type TransactionLogFilter = {
  action?: InputMaybe<StringFilter>;
  amount?: InputMaybe<NumberFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  details?: InputMaybe<StringFilter>;
  id?: InputMaybe<StringFilter>;
  message?: InputMaybe<StringFilter>;
  status?: InputMaybe<StringFilter>;
};

export type TransactionLogOrder = {
  direction?: InputMaybe<SortDirection>;
  field: TransactionLogOrderField;
};

export type TransactionLogOrderField =
  | 'ACTION'
  | 'AMOUNT'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'DETAILS'
  | 'ID'
  | 'MESSAGE'
  | 'STATUS';

/** Result of a transaction log mutation: the resource, or what was wrong with the input. */
export type TransactionLogPayload = {
  __typename?: 'TransactionLogPayload';
  transactionLog?: Maybe<TransactionLog>;
  userErrors: Array<UserError>;
};

export type TransactionOrder = {
  direction?: InputMaybe<SortDirection>;
  field: TransactionOrderField;
};

export type TransactionOrderField =
  | 'BILLING_ADDRESS1'
  | 'BILLING_ADDRESS2'
  | 'BILLING_CITY'
  | 'BILLING_COMPANY'
  | 'BILLING_COUNTRY'
  | 'BILLING_FIRST_NAME'
  | 'BILLING_LAST_NAME'
  | 'BILLING_PHONE'
  | 'BILLING_POSTAL_CODE'
  | 'BILLING_REGION'
  | 'CURRENCY_CODE'
  | 'CUSTOMER_EMAIL'
  | 'CUSTOMER_FIRST_NAME'
  | 'CUSTOMER_LAST_NAME'
  | 'CUSTOMER_TAX_ID'
  | 'DATA_IS_FED'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'HIDE_TRANSACTION'
  | 'ID'
  | 'IS_TEST'
  | 'SHIPPING_ADDRESS1'
  | 'SHIPPING_ADDRESS2'
  | 'SHIPPING_CITY'
  | 'SHIPPING_COMPANY'
  | 'SHIPPING_COUNTRY'
  | 'SHIPPING_FIRST_NAME'
  | 'SHIPPING_LAST_NAME'
  | 'SHIPPING_PHONE'
  | 'SHIPPING_POSTAL_CODE'
  | 'SHIPPING_REGION'
  | 'STATUS'
  | 'TOTAL_ITEM_PRICE'
  | 'TOTAL_ORDER'
  | 'TOTAL_SHIPPING'
  | 'TOTAL_TAX';

/** Result of a transaction mutation: the resource, or what was wrong with the input. */
export type TransactionPayload = {
  __typename?: 'TransactionPayload';
  transaction?: Maybe<Transaction>;
  userErrors: Array<UserError>;
};

/** Where a transaction is in its life. */
export type TransactionStatus =
  | 'AUTHORIZED'
  | 'CAPTURED'
  | 'DECLINED'
  | 'PENDING_FRAUD_REVIEW'
  | 'REFUNDED'
  | 'REJECTED'
  | 'VOIDED';

/** A person who connects integrations to stores. */
export type User = Node & {
  __typename?: 'User';
  attributes: AttributeConnection;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  email: Scalars['String']['output'];
  firstName: Scalars['String']['output'];
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  isDesigner?: Maybe<Scalars['Boolean']['output']>;
  isFrontEndDeveloper?: Maybe<Scalars['Boolean']['output']>;
  isMerchant?: Maybe<Scalars['Boolean']['output']>;
  isProgrammer?: Maybe<Scalars['Boolean']['output']>;
  lastName: Scalars['String']['output'];
  /** For browser log-in; never shown. */
  password?: Maybe<Scalars['String']['output']>;
  phone?: Maybe<Scalars['String']['output']>;
  stores: StoreConnection;
};


/** A person who connects integrations to stores. */
export type UserAttributesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<AttributeFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<AttributeOrder>>;
};


/** A person who connects integrations to stores. */
export type UserStoresArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<StoreFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<StoreOrder>>;
};

/** A page of user resources. */
export type UserConnection = {
  __typename?: 'UserConnection';
  edges: Array<UserEdge>;
  nodes: Array<User>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type UserEdge = {
  __typename?: 'UserEdge';
  cursor: Scalars['String']['output'];
  node: User;
};

/** An invalid input value of a mutation. */
export type UserError = {
  __typename?: 'UserError';
  /** A stable machine-readable code (required, max_length, one_of, ...). */
  code: Scalars['String']['output'];
  /** The property at fault, in the GraphQL (camelCase) spelling; null when the whole input is at fault. */
  field?: Maybe<Scalars['String']['output']>;
  message: Scalars['String']['output'];
};

/** Conditions on user properties; every given condition must hold. */
export type UserFilter = {
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  email?: InputMaybe<StringFilter>;
  firstName?: InputMaybe<StringFilter>;
  id?: InputMaybe<StringFilter>;
  isDesigner?: InputMaybe<BooleanFilter>;
  isFrontEndDeveloper?: InputMaybe<BooleanFilter>;
  isMerchant?: InputMaybe<BooleanFilter>;
  isProgrammer?: InputMaybe<BooleanFilter>;
  lastName?: InputMaybe<StringFilter>;
  phone?: InputMaybe<StringFilter>;
};

/** Properties of a user; every missing or invalid one is reported in userErrors. */
export type UserInput = {
  email?: InputMaybe<Scalars['String']['input']>;
  firstName?: InputMaybe<Scalars['String']['input']>;
  isDesigner?: InputMaybe<Scalars['Boolean']['input']>;
  isFrontEndDeveloper?: InputMaybe<Scalars['Boolean']['input']>;
  isMerchant?: InputMaybe<Scalars['Boolean']['input']>;
  isProgrammer?: InputMaybe<Scalars['Boolean']['input']>;
  lastName?: InputMaybe<Scalars['String']['input']>;
  password?: InputMaybe<Scalars['String']['input']>;
  phone?: InputMaybe<Scalars['String']['input']>;
};

export type UserOrder = {
  direction?: InputMaybe<SortDirection>;
  field: UserOrderField;
};

export type UserOrderField =
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'EMAIL'
  | 'FIRST_NAME'
  | 'ID'
  | 'IS_DESIGNER'
  | 'IS_FRONT_END_DEVELOPER'
  | 'IS_MERCHANT'
  | 'IS_PROGRAMMER'
  | 'LAST_NAME'
  | 'PHONE';

/** Result of a user mutation: the resource, or what was wrong with the input. */
export type UserPayload = {
  __typename?: 'UserPayload';
  user?: Maybe<User>;
  userErrors: Array<UserError>;
};

/** The principal behind the current token. */
export type Viewer = {
  __typename?: 'Viewer';
  client?: Maybe<Client>;
  scopes: Array<Scalars['String']['output']>;
  store?: Maybe<Store>;
  user?: Maybe<User>;
};

/**
 * A push configuration: every event of `event_resource` in the store is delivered to `url`. Turned
 * off automatically (is_active = 0) after too many consecutive failed deliveries.
 */
export type Webhook = Node & {
  __typename?: 'Webhook';
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  /** Key of the payload signature (and encryption); required for json webhooks. */
  encryptionKey?: Maybe<Scalars['String']['output']>;
  eventResource?: Maybe<EventResource>;
  /** Event names of the form `<resource>/<event>` (for example transaction/captured). */
  events?: Maybe<Array<Scalars['String']['output']>>;
  format: WebhookFormat;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** When false, events do not trigger the webhook. */
  isActive?: Maybe<Scalars['Boolean']['output']>;
  logs: WebhookLogConnection;
  name: Scalars['String']['output'];
  /** Shapes the payload with zoom, fields and filters, as on the REST API. */
  query?: Maybe<Scalars['String']['output']>;
  statuses: WebhookStatusConnection;
  store: Store;
  /** Endpoint that receives the data. */
  url?: Maybe<Scalars['String']['output']>;
  /** Not to be changed without specific instruction from the service operator. */
  version?: Maybe<Scalars['Int']['output']>;
  /** All webhooks of the store (REST: svc:webhooks). */
  webhooks: WebhookConnection;
};


/**
 * A push configuration: every event of `event_resource` in the store is delivered to `url`. Turned
 * off automatically (is_active = 0) after too many consecutive failed deliveries.
 */
export type WebhookLogsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<WebhookLogFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<WebhookLogOrder>>;
};


/**
 * A push configuration: every event of `event_resource` in the store is delivered to `url`. Turned
 * off automatically (is_active = 0) after too many consecutive failed deliveries.
 */
export type WebhookStatusesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<WebhookStatusFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<WebhookStatusOrder>>;
};


/**
 * A push configuration: every event of `event_resource` in the store is delivered to `url`. Turned
 * off automatically (is_active = 0) after too many consecutive failed deliveries.
 */
export type WebhookWebhooksArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<WebhookFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<Array<WebhookOrder>>;
};

/** A page of webhook resources. */
export type WebhookConnection = {
  __typename?: 'WebhookConnection';
  edges: Array<WebhookEdge>;
  nodes: Array<Webhook>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

/** State of the delivery of one event to one webhook. */
export type WebhookDeliveryStatus =
  | 'FAILED'
  | 'PENDING'
  | 'SUCCESSFUL';

export type WebhookEdge = {
  __typename?: 'WebhookEdge';
  cursor: Scalars['String']['output'];
  node: Webhook;
};

/** Conditions on webhook properties; every given condition must hold. */
export type WebhookFilter = {
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  encryptionKey?: InputMaybe<StringFilter>;
  eventResource?: InputMaybe<StringFilter>;
  format?: InputMaybe<StringFilter>;
  id?: InputMaybe<StringFilter>;
  isActive?: InputMaybe<BooleanFilter>;
  name?: InputMaybe<StringFilter>;
  query?: InputMaybe<StringFilter>;
  url?: InputMaybe<StringFilter>;
  version?: InputMaybe<NumberFilter>;
};

/** Payload format of a webhook. */
export type WebhookFormat =
  /** Signed JSON; encrypted when the URL is not https. */
  | 'JSON'
  /** Third-party connector format (same payload, unencrypted). */
  | 'VENDOR_A'
  /** Third-party connector format (same payload, unencrypted). */
  | 'VENDOR_B';

/** Properties of a webhook; every missing or invalid one is reported in userErrors. */
export type WebhookInput = {
  encryptionKey?: InputMaybe<Scalars['String']['input']>;
  eventResource?: InputMaybe<EventResource>;
  events?: InputMaybe<Array<Scalars['String']['input']>>;
  format?: InputMaybe<WebhookFormat>;
  isActive?: InputMaybe<Scalars['Boolean']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  query?: InputMaybe<Scalars['String']['input']>;
  url?: InputMaybe<Scalars['String']['input']>;
  version?: InputMaybe<Scalars['Int']['input']>;
};

/** One delivery attempt of an event to a webhook (read only). */
export type WebhookLog = Node & {
  __typename?: 'WebhookLog';
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  /** Milliseconds from request to answer or failure. */
  duration?: Maybe<Scalars['Int']['output']>;
  /** Why no answer arrived (timeout, refused, blocked address...). */
  error?: Maybe<Scalars['String']['output']>;
  /** Event name, `<resource>/<event>`. */
  event: Scalars['String']['output'];
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** Request headers sent, as JSON text (no secrets: signatures only). */
  requestHeaders?: Maybe<Scalars['String']['output']>;
  resourceId: Scalars['Int']['output'];
  resourceType: EventResource;
  /** Start of the answer body (truncated). */
  responseBody?: Maybe<Scalars['String']['output']>;
  /** HTTP status of the answer; null when no answer arrived. */
  responseCode?: Maybe<Scalars['Int']['output']>;
  /** The delivery this attempt belongs to. */
  status?: Maybe<WebhookStatus>;
  store: Store;
  webhook: Webhook;
};

/** A page of webhook log resources. */
export type WebhookLogConnection = {
  __typename?: 'WebhookLogConnection';
  edges: Array<WebhookLogEdge>;
  nodes: Array<WebhookLog>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type WebhookLogEdge = {
  __typename?: 'WebhookLogEdge';
  cursor: Scalars['String']['output'];
  node: WebhookLog;
};

/** Conditions on webhook log properties; every given condition must hold. */
export type WebhookLogFilter = {
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  duration?: InputMaybe<NumberFilter>;
  error?: InputMaybe<StringFilter>;
  event?: InputMaybe<StringFilter>;
  id?: InputMaybe<StringFilter>;
  requestHeaders?: InputMaybe<StringFilter>;
  resourceId?: InputMaybe<NumberFilter>;
  resourceType?: InputMaybe<StringFilter>;
  responseBody?: InputMaybe<StringFilter>;
  responseCode?: InputMaybe<NumberFilter>;
};

export type WebhookLogOrder = {
  direction?: InputMaybe<SortDirection>;
  field: WebhookLogOrderField;
};

export type WebhookLogOrderField =
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'DURATION'
  | 'ERROR'
  | 'EVENT'
  | 'ID'
  | 'REQUEST_HEADERS'
  | 'RESOURCE_ID'
  | 'RESOURCE_TYPE'
  | 'RESPONSE_BODY'
  | 'RESPONSE_CODE';

/** Result of a webhook log mutation: the resource, or what was wrong with the input. */
export type WebhookLogPayload = {
  __typename?: 'WebhookLogPayload';
  userErrors: Array<UserError>;
  webhookLog?: Maybe<WebhookLog>;
};

export type WebhookOrder = {
  direction?: InputMaybe<SortDirection>;
  field: WebhookOrderField;
};

export type WebhookOrderField =
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'ENCRYPTION_KEY'
  | 'EVENT_RESOURCE'
  | 'FORMAT'
  | 'ID'
  | 'IS_ACTIVE'
  | 'NAME'
  | 'QUERY'
  | 'URL'
  | 'VERSION';

/** Result of a webhook mutation: the resource, or what was wrong with the input. */
export type WebhookPayload = {
  __typename?: 'WebhookPayload';
  userErrors: Array<UserError>;
  webhook?: Maybe<Webhook>;
};

/**
 * The delivery of one event to one webhook (read only): the dispatcher creates it, the delivery
 * worker retries it on the schedule until it succeeds or fails for good.
 */
export type WebhookStatus = Node & {
  __typename?: 'WebhookStatus';
  /** Attempts made so far. */
  attempts?: Maybe<Scalars['Int']['output']>;
  dateCreated?: Maybe<Scalars['DateTime']['output']>;
  dateModified?: Maybe<Scalars['DateTime']['output']>;
  /** Event name, `<resource>/<event>`. */
  event: Scalars['String']['output'];
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** When the next attempt is due; null once the delivery succeeded or was given up. */
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  resourceId: Scalars['Int']['output'];
  resourceType: EventResource;
  status: WebhookDeliveryStatus;
  store: Store;
  webhook: Webhook;
};

/** A page of webhook status resources. */
export type WebhookStatusConnection = {
  __typename?: 'WebhookStatusConnection';
  edges: Array<WebhookStatusEdge>;
  nodes: Array<WebhookStatus>;
  pageInfo: PageInfo;
  /** Rows matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type WebhookStatusEdge = {
  __typename?: 'WebhookStatusEdge';
  cursor: Scalars['String']['output'];
  node: WebhookStatus;
};

/** Conditions on webhook status properties; every given condition must hold. */
export type WebhookStatusFilter = {
  attempts?: InputMaybe<NumberFilter>;
  dateCreated?: InputMaybe<DateFilter>;
  dateModified?: InputMaybe<DateFilter>;
  event?: InputMaybe<StringFilter>;
  id?: InputMaybe<StringFilter>;
  nextAttemptAt?: InputMaybe<DateFilter>;
  resourceId?: InputMaybe<NumberFilter>;
  resourceType?: InputMaybe<StringFilter>;
  status?: InputMaybe<StringFilter>;
};

export type WebhookStatusOrder = {
  direction?: InputMaybe<SortDirection>;
  field: WebhookStatusOrderField;
};

export type WebhookStatusOrderField =
  | 'ATTEMPTS'
  | 'DATE_CREATED'
  | 'DATE_MODIFIED'
  | 'EVENT'
  | 'ID'
  | 'NEXT_ATTEMPT_AT'
  | 'RESOURCE_ID'
  | 'RESOURCE_TYPE'
  | 'STATUS';

/** Result of a webhook status mutation: the resource, or what was wrong with the input. */
export type WebhookStatusPayload = {
  __typename?: 'WebhookStatusPayload';
  userErrors: Array<UserError>;
  webhookStatus?: Maybe<WebhookStatus>;
};

export type WithIndex<TObject> = TObject & Record<string, any>;
export type ResolversObject<TObject> = WithIndex<TObject>;

export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = {}, TContext = {}, TArgs = {}> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = {}, TContext = {}, TArgs = {}> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = {}, TContext = {}> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = {}, TContext = {}> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = {}, TParent = {}, TContext = {}, TArgs = {}> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

/** Mapping of union types */
export type ResolversUnionTypes<_RefType extends Record<string, unknown>> = ResolversObject<{
  EventSubject: ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values );
}>;

/** Mapping of interface types */
export type ResolversInterfaceTypes<_RefType extends Record<string, unknown>> = ResolversObject<{
  Node: ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values ) | ( import("../../data/codec.js").Values );
}>;

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = ResolversObject<{
  AppliedTax: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  AppliedTaxConnection: ResolverTypeWrapper<Omit<AppliedTaxConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['AppliedTaxEdge']>, nodes: Array<ResolversTypes['AppliedTax']> }>;
  AppliedTaxEdge: ResolverTypeWrapper<Omit<AppliedTaxEdge, 'node'> & { node: ResolversTypes['AppliedTax'] }>;
  AppliedTaxFilter: AppliedTaxFilter;
  AppliedTaxOrder: AppliedTaxOrder;
  AppliedTaxOrderField: AppliedTaxOrderField;
  AppliedTaxPayload: ResolverTypeWrapper<Omit<AppliedTaxPayload, 'appliedTax'> & { appliedTax?: Maybe<ResolversTypes['AppliedTax']> }>;
  Attribute: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  AttributeConnection: ResolverTypeWrapper<Omit<AttributeConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['AttributeEdge']>, nodes: Array<ResolversTypes['Attribute']> }>;
  AttributeEdge: ResolverTypeWrapper<Omit<AttributeEdge, 'node'> & { node: ResolversTypes['Attribute'] }>;
  AttributeFilter: AttributeFilter;
  AttributeInput: AttributeInput;
  AttributeOrder: AttributeOrder;
  AttributeOrderField: AttributeOrderField;
  AttributePayload: ResolverTypeWrapper<Omit<AttributePayload, 'attribute'> & { attribute?: Maybe<ResolversTypes['Attribute']> }>;
  AttributeVisibility: AttributeVisibility;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  BooleanFilter: BooleanFilter;
  Cart: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  CartConnection: ResolverTypeWrapper<Omit<CartConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['CartEdge']>, nodes: Array<ResolversTypes['Cart']> }>;
  CartEdge: ResolverTypeWrapper<Omit<CartEdge, 'node'> & { node: ResolversTypes['Cart'] }>;
  CartFilter: CartFilter;
  CartInput: CartInput;
  CartOrder: CartOrder;
  CartOrderField: CartOrderField;
  CartPayload: ResolverTypeWrapper<Omit<CartPayload, 'cart'> & { cart?: Maybe<ResolversTypes['Cart']> }>;
  Changelog: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  ChangelogAction: ChangelogAction;
  ChangelogConnection: ResolverTypeWrapper<Omit<ChangelogConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['ChangelogEdge']>, nodes: Array<ResolversTypes['Changelog']> }>;
  ChangelogEdge: ResolverTypeWrapper<Omit<ChangelogEdge, 'node'> & { node: ResolversTypes['Changelog'] }>;
  ChangelogFilter: ChangelogFilter;
  ChangelogOrder: ChangelogOrder;
  ChangelogOrderField: ChangelogOrderField;
  ChangelogPayload: ResolverTypeWrapper<Omit<ChangelogPayload, 'changelog'> & { changelog?: Maybe<ResolversTypes['Changelog']> }>;
  Client: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  ClientConnection: ResolverTypeWrapper<Omit<ClientConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['ClientEdge']>, nodes: Array<ResolversTypes['Client']> }>;
  ClientEdge: ResolverTypeWrapper<Omit<ClientEdge, 'node'> & { node: ResolversTypes['Client'] }>;
  ClientFilter: ClientFilter;
  ClientInput: ClientInput;
  ClientOrder: ClientOrder;
  ClientOrderField: ClientOrderField;
  ClientPayload: ResolverTypeWrapper<Omit<ClientPayload, 'client'> & { client?: Maybe<ResolversTypes['Client']> }>;
  ClientType: ClientType;
  CouponDetail: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  CouponDetailConnection: ResolverTypeWrapper<Omit<CouponDetailConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['CouponDetailEdge']>, nodes: Array<ResolversTypes['CouponDetail']> }>;
  CouponDetailEdge: ResolverTypeWrapper<Omit<CouponDetailEdge, 'node'> & { node: ResolversTypes['CouponDetail'] }>;
  CouponDetailFilter: CouponDetailFilter;
  CouponDetailOrder: CouponDetailOrder;
  CouponDetailOrderField: CouponDetailOrderField;
  CouponDetailPayload: ResolverTypeWrapper<Omit<CouponDetailPayload, 'couponDetail'> & { couponDetail?: Maybe<ResolversTypes['CouponDetail']> }>;
  Customer: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  CustomerConnection: ResolverTypeWrapper<Omit<CustomerConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['CustomerEdge']>, nodes: Array<ResolversTypes['Customer']> }>;
  CustomerEdge: ResolverTypeWrapper<Omit<CustomerEdge, 'node'> & { node: ResolversTypes['Customer'] }>;
  CustomerFilter: CustomerFilter;
  CustomerInput: CustomerInput;
  CustomerOrder: CustomerOrder;
  CustomerOrderField: CustomerOrderField;
  CustomerPayload: ResolverTypeWrapper<Omit<CustomerPayload, 'customer'> & { customer?: Maybe<ResolversTypes['Customer']> }>;
  Date: ResolverTypeWrapper<Scalars['Date']['output']>;
  DateFilter: DateFilter;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  Decimal: ResolverTypeWrapper<Scalars['Decimal']['output']>;
  DeletePayload: ResolverTypeWrapper<DeletePayload>;
  DiscountDetail: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  DiscountDetailConnection: ResolverTypeWrapper<Omit<DiscountDetailConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['DiscountDetailEdge']>, nodes: Array<ResolversTypes['DiscountDetail']> }>;
  DiscountDetailEdge: ResolverTypeWrapper<Omit<DiscountDetailEdge, 'node'> & { node: ResolversTypes['DiscountDetail'] }>;
  DiscountDetailFilter: DiscountDetailFilter;
  DiscountDetailOrder: DiscountDetailOrder;
  DiscountDetailOrderField: DiscountDetailOrderField;
  DiscountDetailPayload: ResolverTypeWrapper<Omit<DiscountDetailPayload, 'discountDetail'> & { discountDetail?: Maybe<ResolversTypes['DiscountDetail']> }>;
  Download: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  DownloadConnection: ResolverTypeWrapper<Omit<DownloadConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['DownloadEdge']>, nodes: Array<ResolversTypes['Download']> }>;
  DownloadEdge: ResolverTypeWrapper<Omit<DownloadEdge, 'node'> & { node: ResolversTypes['Download'] }>;
  DownloadFilter: DownloadFilter;
  DownloadOrder: DownloadOrder;
  DownloadOrderField: DownloadOrderField;
  DownloadPayload: ResolverTypeWrapper<Omit<DownloadPayload, 'download'> & { download?: Maybe<ResolversTypes['Download']> }>;
  DownloadStatus: DownloadStatus;
  Downloadable: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  DownloadableConnection: ResolverTypeWrapper<Omit<DownloadableConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['DownloadableEdge']>, nodes: Array<ResolversTypes['Downloadable']> }>;
  DownloadableEdge: ResolverTypeWrapper<Omit<DownloadableEdge, 'node'> & { node: ResolversTypes['Downloadable'] }>;
  DownloadableFilter: DownloadableFilter;
  DownloadableInput: DownloadableInput;
  DownloadableOrder: DownloadableOrder;
  DownloadableOrderField: DownloadableOrderField;
  DownloadablePayload: ResolverTypeWrapper<Omit<DownloadablePayload, 'downloadable'> & { downloadable?: Maybe<ResolversTypes['Downloadable']> }>;
  Event: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  EventConnection: ResolverTypeWrapper<Omit<EventConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['EventEdge']>, nodes: Array<ResolversTypes['Event']> }>;
  EventEdge: ResolverTypeWrapper<Omit<EventEdge, 'node'> & { node: ResolversTypes['Event'] }>;
  EventFilter: EventFilter;
  EventOrder: EventOrder;
  EventOrderField: EventOrderField;
  EventPayload: ResolverTypeWrapper<Omit<EventPayload, 'event'> & { event?: Maybe<ResolversTypes['Event']> }>;
  EventResource: EventResource;
  EventSubject: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['EventSubject']>;
  Format: Format;
  FraudProtection: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  FraudProtectionConnection: ResolverTypeWrapper<Omit<FraudProtectionConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['FraudProtectionEdge']>, nodes: Array<ResolversTypes['FraudProtection']> }>;
  FraudProtectionEdge: ResolverTypeWrapper<Omit<FraudProtectionEdge, 'node'> & { node: ResolversTypes['FraudProtection'] }>;
  FraudProtectionFilter: FraudProtectionFilter;
  FraudProtectionInput: FraudProtectionInput;
  FraudProtectionOrder: FraudProtectionOrder;
  FraudProtectionOrderField: FraudProtectionOrderField;
  FraudProtectionPayload: ResolverTypeWrapper<Omit<FraudProtectionPayload, 'fraudProtection'> & { fraudProtection?: Maybe<ResolversTypes['FraudProtection']> }>;
  FraudProtectionType: FraudProtectionType;
  GiftCard: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  GiftCardCode: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  GiftCardCodeConnection: ResolverTypeWrapper<Omit<GiftCardCodeConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['GiftCardCodeEdge']>, nodes: Array<ResolversTypes['GiftCardCode']> }>;
  GiftCardCodeEdge: ResolverTypeWrapper<Omit<GiftCardCodeEdge, 'node'> & { node: ResolversTypes['GiftCardCode'] }>;
  GiftCardCodeFilter: GiftCardCodeFilter;
  GiftCardCodeInput: GiftCardCodeInput;
  GiftCardCodeOrder: GiftCardCodeOrder;
  GiftCardCodeOrderField: GiftCardCodeOrderField;
  GiftCardCodePayload: ResolverTypeWrapper<Omit<GiftCardCodePayload, 'giftCardCode'> & { giftCardCode?: Maybe<ResolversTypes['GiftCardCode']> }>;
  GiftCardConnection: ResolverTypeWrapper<Omit<GiftCardConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['GiftCardEdge']>, nodes: Array<ResolversTypes['GiftCard']> }>;
  GiftCardEdge: ResolverTypeWrapper<Omit<GiftCardEdge, 'node'> & { node: ResolversTypes['GiftCard'] }>;
  GiftCardFilter: GiftCardFilter;
  GiftCardInput: GiftCardInput;
  GiftCardOrder: GiftCardOrder;
  GiftCardOrderField: GiftCardOrderField;
  GiftCardPayload: ResolverTypeWrapper<Omit<GiftCardPayload, 'giftCard'> & { giftCard?: Maybe<ResolversTypes['GiftCard']> }>;
  HttpMethod: HttpMethod;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  Item: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  ItemCategory: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  ItemCategoryConnection: ResolverTypeWrapper<Omit<ItemCategoryConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['ItemCategoryEdge']>, nodes: Array<ResolversTypes['ItemCategory']> }>;
  ItemCategoryEdge: ResolverTypeWrapper<Omit<ItemCategoryEdge, 'node'> & { node: ResolversTypes['ItemCategory'] }>;
  ItemCategoryFilter: ItemCategoryFilter;
  ItemCategoryInput: ItemCategoryInput;
  ItemCategoryOrder: ItemCategoryOrder;
  ItemCategoryOrderField: ItemCategoryOrderField;
  ItemCategoryPayload: ResolverTypeWrapper<Omit<ItemCategoryPayload, 'itemCategory'> & { itemCategory?: Maybe<ResolversTypes['ItemCategory']> }>;
  ItemConnection: ResolverTypeWrapper<Omit<ItemConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['ItemEdge']>, nodes: Array<ResolversTypes['Item']> }>;
  ItemDeliveryType: ItemDeliveryType;
  ItemDiscountType: ItemDiscountType;
  ItemEdge: ResolverTypeWrapper<Omit<ItemEdge, 'node'> & { node: ResolversTypes['Item'] }>;
  ItemFilter: ItemFilter;
  ItemInput: ItemInput;
  ItemOption: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  ItemOptionConnection: ResolverTypeWrapper<Omit<ItemOptionConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['ItemOptionEdge']>, nodes: Array<ResolversTypes['ItemOption']> }>;
  ItemOptionEdge: ResolverTypeWrapper<Omit<ItemOptionEdge, 'node'> & { node: ResolversTypes['ItemOption'] }>;
  ItemOptionFilter: ItemOptionFilter;
  ItemOptionInput: ItemOptionInput;
  ItemOptionOrder: ItemOptionOrder;
  ItemOptionOrderField: ItemOptionOrderField;
  ItemOptionPayload: ResolverTypeWrapper<Omit<ItemOptionPayload, 'itemOption'> & { itemOption?: Maybe<ResolversTypes['ItemOption']> }>;
  ItemOrder: ItemOrder;
  ItemOrderField: ItemOrderField;
  ItemPayload: ResolverTypeWrapper<Omit<ItemPayload, 'item'> & { item?: Maybe<ResolversTypes['Item']> }>;
  JSON: ResolverTypeWrapper<Scalars['JSON']['output']>;
  Mutation: ResolverTypeWrapper<{}>;
  NativeIntegration: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  NativeIntegrationConnection: ResolverTypeWrapper<Omit<NativeIntegrationConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['NativeIntegrationEdge']>, nodes: Array<ResolversTypes['NativeIntegration']> }>;
  NativeIntegrationEdge: ResolverTypeWrapper<Omit<NativeIntegrationEdge, 'node'> & { node: ResolversTypes['NativeIntegration'] }>;
  NativeIntegrationFilter: NativeIntegrationFilter;
  NativeIntegrationInput: NativeIntegrationInput;
  NativeIntegrationOrder: NativeIntegrationOrder;
  NativeIntegrationOrderField: NativeIntegrationOrderField;
  NativeIntegrationPayload: ResolverTypeWrapper<Omit<NativeIntegrationPayload, 'nativeIntegration'> & { nativeIntegration?: Maybe<ResolversTypes['NativeIntegration']> }>;
  NativeIntegrationProvider: NativeIntegrationProvider;
  Node: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['Node']>;
  NumberFilter: NumberFilter;
  OAuthToken: ResolverTypeWrapper<OAuthToken>;
  Owner: Owner;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  PaymentGateway: PaymentGateway;
  PaymentMethodSet: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  PaymentMethodSetConnection: ResolverTypeWrapper<Omit<PaymentMethodSetConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['PaymentMethodSetEdge']>, nodes: Array<ResolversTypes['PaymentMethodSet']> }>;
  PaymentMethodSetEdge: ResolverTypeWrapper<Omit<PaymentMethodSetEdge, 'node'> & { node: ResolversTypes['PaymentMethodSet'] }>;
  PaymentMethodSetFilter: PaymentMethodSetFilter;
  PaymentMethodSetFraudProtection: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  PaymentMethodSetFraudProtectionConnection: ResolverTypeWrapper<Omit<PaymentMethodSetFraudProtectionConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['PaymentMethodSetFraudProtectionEdge']>, nodes: Array<ResolversTypes['PaymentMethodSetFraudProtection']> }>;
  PaymentMethodSetFraudProtectionEdge: ResolverTypeWrapper<Omit<PaymentMethodSetFraudProtectionEdge, 'node'> & { node: ResolversTypes['PaymentMethodSetFraudProtection'] }>;
  PaymentMethodSetFraudProtectionFilter: PaymentMethodSetFraudProtectionFilter;
  PaymentMethodSetFraudProtectionInput: PaymentMethodSetFraudProtectionInput;
  PaymentMethodSetFraudProtectionOrder: PaymentMethodSetFraudProtectionOrder;
  PaymentMethodSetFraudProtectionOrderField: PaymentMethodSetFraudProtectionOrderField;
  PaymentMethodSetFraudProtectionPayload: ResolverTypeWrapper<Omit<PaymentMethodSetFraudProtectionPayload, 'paymentMethodSetFraudProtection'> & { paymentMethodSetFraudProtection?: Maybe<ResolversTypes['PaymentMethodSetFraudProtection']> }>;
  PaymentMethodSetInput: PaymentMethodSetInput;
  PaymentMethodSetOrder: PaymentMethodSetOrder;
  PaymentMethodSetOrderField: PaymentMethodSetOrderField;
  PaymentMethodSetPayload: ResolverTypeWrapper<Omit<PaymentMethodSetPayload, 'paymentMethodSet'> & { paymentMethodSet?: Maybe<ResolversTypes['PaymentMethodSet']> }>;
  Query: ResolverTypeWrapper<{}>;
  RegisterClientPayload: ResolverTypeWrapper<Omit<RegisterClientPayload, 'client'> & { client?: Maybe<ResolversTypes['Client']> }>;
  ResendPayload: ResolverTypeWrapper<ResendPayload>;
  SendWebhooksPayload: ResolverTypeWrapper<Omit<SendWebhooksPayload, 'event'> & { event?: Maybe<ResolversTypes['Event']> }>;
  Shipment: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  ShipmentConnection: ResolverTypeWrapper<Omit<ShipmentConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['ShipmentEdge']>, nodes: Array<ResolversTypes['Shipment']> }>;
  ShipmentEdge: ResolverTypeWrapper<Omit<ShipmentEdge, 'node'> & { node: ResolversTypes['Shipment'] }>;
  ShipmentFilter: ShipmentFilter;
  ShipmentOrder: ShipmentOrder;
  ShipmentOrderField: ShipmentOrderField;
  ShipmentPayload: ResolverTypeWrapper<Omit<ShipmentPayload, 'shipment'> & { shipment?: Maybe<ResolversTypes['Shipment']> }>;
  SortDirection: SortDirection;
  StageDownloadableUploadInput: StageDownloadableUploadInput;
  StageDownloadableUploadPayload: ResolverTypeWrapper<StageDownloadableUploadPayload>;
  StagedUpload: ResolverTypeWrapper<StagedUpload>;
  Store: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  StoreConnection: ResolverTypeWrapper<Omit<StoreConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['StoreEdge']>, nodes: Array<ResolversTypes['Store']> }>;
  StoreEdge: ResolverTypeWrapper<Omit<StoreEdge, 'node'> & { node: ResolversTypes['Store'] }>;
  StoreFilter: StoreFilter;
  StoreInput: StoreInput;
  StoreOrder: StoreOrder;
  StoreOrderField: StoreOrderField;
  StorePayload: ResolverTypeWrapper<Omit<StorePayload, 'store'> & { store?: Maybe<ResolversTypes['Store']> }>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  StringFilter: StringFilter;
  Subscription: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  SubscriptionConnection: ResolverTypeWrapper<Omit<SubscriptionConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['SubscriptionEdge']>, nodes: Array<ResolversTypes['Subscription']> }>;
  SubscriptionEdge: ResolverTypeWrapper<Omit<SubscriptionEdge, 'node'> & { node: ResolversTypes['Subscription'] }>;
  SubscriptionEvent: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  SubscriptionEventConnection: ResolverTypeWrapper<Omit<SubscriptionEventConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['SubscriptionEventEdge']>, nodes: Array<ResolversTypes['SubscriptionEvent']> }>;
  SubscriptionEventEdge: ResolverTypeWrapper<Omit<SubscriptionEventEdge, 'node'> & { node: ResolversTypes['SubscriptionEvent'] }>;
  SubscriptionEventFilter: SubscriptionEventFilter;
  SubscriptionEventOrder: SubscriptionEventOrder;
  SubscriptionEventOrderField: SubscriptionEventOrderField;
  SubscriptionEventPayload: ResolverTypeWrapper<Omit<SubscriptionEventPayload, 'subscriptionEvent'> & { subscriptionEvent?: Maybe<ResolversTypes['SubscriptionEvent']> }>;
  SubscriptionEventType: SubscriptionEventType;
  SubscriptionFilter: SubscriptionFilter;
  SubscriptionInput: SubscriptionInput;
  SubscriptionMrrSnapshot: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  SubscriptionMrrSnapshotConnection: ResolverTypeWrapper<Omit<SubscriptionMrrSnapshotConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['SubscriptionMrrSnapshotEdge']>, nodes: Array<ResolversTypes['SubscriptionMrrSnapshot']> }>;
  SubscriptionMrrSnapshotEdge: ResolverTypeWrapper<Omit<SubscriptionMrrSnapshotEdge, 'node'> & { node: ResolversTypes['SubscriptionMrrSnapshot'] }>;
  SubscriptionMrrSnapshotFilter: SubscriptionMrrSnapshotFilter;
  SubscriptionMrrSnapshotOrder: SubscriptionMrrSnapshotOrder;
  SubscriptionMrrSnapshotOrderField: SubscriptionMrrSnapshotOrderField;
  SubscriptionMrrSnapshotPayload: ResolverTypeWrapper<Omit<SubscriptionMrrSnapshotPayload, 'subscriptionMrrSnapshot'> & { subscriptionMrrSnapshot?: Maybe<ResolversTypes['SubscriptionMrrSnapshot']> }>;
  SubscriptionOrder: SubscriptionOrder;
  SubscriptionOrderField: SubscriptionOrderField;
  SubscriptionPayload: ResolverTypeWrapper<Omit<SubscriptionPayload, 'subscription'> & { subscription?: Maybe<ResolversTypes['Subscription']> }>;
  SubscriptionRoot: ResolverTypeWrapper<{}>;
  Tax: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  TaxConnection: ResolverTypeWrapper<Omit<TaxConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['TaxEdge']>, nodes: Array<ResolversTypes['Tax']> }>;
  TaxEdge: ResolverTypeWrapper<Omit<TaxEdge, 'node'> & { node: ResolversTypes['Tax'] }>;
  TaxFilter: TaxFilter;
  TaxInput: TaxInput;
  TaxItemCategory: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  TaxItemCategoryConnection: ResolverTypeWrapper<Omit<TaxItemCategoryConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['TaxItemCategoryEdge']>, nodes: Array<ResolversTypes['TaxItemCategory']> }>;
  TaxItemCategoryEdge: ResolverTypeWrapper<Omit<TaxItemCategoryEdge, 'node'> & { node: ResolversTypes['TaxItemCategory'] }>;
  TaxItemCategoryFilter: TaxItemCategoryFilter;
  TaxItemCategoryInput: TaxItemCategoryInput;
  TaxItemCategoryOrder: TaxItemCategoryOrder;
  TaxItemCategoryOrderField: TaxItemCategoryOrderField;
  TaxItemCategoryPayload: ResolverTypeWrapper<Omit<TaxItemCategoryPayload, 'taxItemCategory'> & { taxItemCategory?: Maybe<ResolversTypes['TaxItemCategory']> }>;
  TaxOrder: TaxOrder;
  TaxOrderField: TaxOrderField;
  TaxPayload: ResolverTypeWrapper<Omit<TaxPayload, 'tax'> & { tax?: Maybe<ResolversTypes['Tax']> }>;
  TaxServiceProvider: TaxServiceProvider;
  TaxType: TaxType;
  TokenPayload: ResolverTypeWrapper<Omit<TokenPayload, 'node'> & { node?: Maybe<ResolversTypes['Node']> }>;
  Transaction: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  TransactionConnection: ResolverTypeWrapper<Omit<TransactionConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['TransactionEdge']>, nodes: Array<ResolversTypes['Transaction']> }>;
  TransactionEdge: ResolverTypeWrapper<Omit<TransactionEdge, 'node'> & { node: ResolversTypes['Transaction'] }>;
  TransactionFilter: TransactionFilter;
  TransactionInput: TransactionInput;
  TransactionLog: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  TransactionLogConnection: ResolverTypeWrapper<Omit<TransactionLogConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['TransactionLogEdge']>, nodes: Array<ResolversTypes['TransactionLog']> }>;
  TransactionLogEdge: ResolverTypeWrapper<Omit<TransactionLogEdge, 'node'> & { node: ResolversTypes['TransactionLog'] }>;
  TransactionLogFilter: TransactionLogFilter;
  TransactionLogOrder: TransactionLogOrder;
  TransactionLogOrderField: TransactionLogOrderField;
  TransactionLogPayload: ResolverTypeWrapper<Omit<TransactionLogPayload, 'transactionLog'> & { transactionLog?: Maybe<ResolversTypes['TransactionLog']> }>;
  TransactionOrder: TransactionOrder;
  TransactionOrderField: TransactionOrderField;
  TransactionPayload: ResolverTypeWrapper<Omit<TransactionPayload, 'transaction'> & { transaction?: Maybe<ResolversTypes['Transaction']> }>;
  TransactionStatus: TransactionStatus;
  User: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  UserConnection: ResolverTypeWrapper<Omit<UserConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['UserEdge']>, nodes: Array<ResolversTypes['User']> }>;
  UserEdge: ResolverTypeWrapper<Omit<UserEdge, 'node'> & { node: ResolversTypes['User'] }>;
  UserError: ResolverTypeWrapper<UserError>;
  UserFilter: UserFilter;
  UserInput: UserInput;
  UserOrder: UserOrder;
  UserOrderField: UserOrderField;
  UserPayload: ResolverTypeWrapper<Omit<UserPayload, 'user'> & { user?: Maybe<ResolversTypes['User']> }>;
  Viewer: ResolverTypeWrapper<{ scopes: string[]; client: unknown; user: unknown; store: unknown }>;
  Webhook: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  WebhookConnection: ResolverTypeWrapper<Omit<WebhookConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['WebhookEdge']>, nodes: Array<ResolversTypes['Webhook']> }>;
  WebhookDeliveryStatus: WebhookDeliveryStatus;
  WebhookEdge: ResolverTypeWrapper<Omit<WebhookEdge, 'node'> & { node: ResolversTypes['Webhook'] }>;
  WebhookFilter: WebhookFilter;
  WebhookFormat: WebhookFormat;
  WebhookInput: WebhookInput;
  WebhookLog: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  WebhookLogConnection: ResolverTypeWrapper<Omit<WebhookLogConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['WebhookLogEdge']>, nodes: Array<ResolversTypes['WebhookLog']> }>;
  WebhookLogEdge: ResolverTypeWrapper<Omit<WebhookLogEdge, 'node'> & { node: ResolversTypes['WebhookLog'] }>;
  WebhookLogFilter: WebhookLogFilter;
  WebhookLogOrder: WebhookLogOrder;
  WebhookLogOrderField: WebhookLogOrderField;
  WebhookLogPayload: ResolverTypeWrapper<Omit<WebhookLogPayload, 'webhookLog'> & { webhookLog?: Maybe<ResolversTypes['WebhookLog']> }>;
  WebhookOrder: WebhookOrder;
  WebhookOrderField: WebhookOrderField;
  WebhookPayload: ResolverTypeWrapper<Omit<WebhookPayload, 'webhook'> & { webhook?: Maybe<ResolversTypes['Webhook']> }>;
  WebhookStatus: ResolverTypeWrapper<import("../../data/codec.js").Values>;
  WebhookStatusConnection: ResolverTypeWrapper<Omit<WebhookStatusConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['WebhookStatusEdge']>, nodes: Array<ResolversTypes['WebhookStatus']> }>;
  WebhookStatusEdge: ResolverTypeWrapper<Omit<WebhookStatusEdge, 'node'> & { node: ResolversTypes['WebhookStatus'] }>;
  WebhookStatusFilter: WebhookStatusFilter;
  WebhookStatusOrder: WebhookStatusOrder;
  WebhookStatusOrderField: WebhookStatusOrderField;
  WebhookStatusPayload: ResolverTypeWrapper<Omit<WebhookStatusPayload, 'webhookStatus'> & { webhookStatus?: Maybe<ResolversTypes['WebhookStatus']> }>;
}>;

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = ResolversObject<{
  AppliedTax: import("../../data/codec.js").Values;
  AppliedTaxConnection: Omit<AppliedTaxConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['AppliedTaxEdge']>, nodes: Array<ResolversParentTypes['AppliedTax']> };
  AppliedTaxEdge: Omit<AppliedTaxEdge, 'node'> & { node: ResolversParentTypes['AppliedTax'] };
  AppliedTaxFilter: AppliedTaxFilter;
  AppliedTaxOrder: AppliedTaxOrder;
  AppliedTaxPayload: Omit<AppliedTaxPayload, 'appliedTax'> & { appliedTax?: Maybe<ResolversParentTypes['AppliedTax']> };
  Attribute: import("../../data/codec.js").Values;
  AttributeConnection: Omit<AttributeConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['AttributeEdge']>, nodes: Array<ResolversParentTypes['Attribute']> };
  AttributeEdge: Omit<AttributeEdge, 'node'> & { node: ResolversParentTypes['Attribute'] };
  AttributeFilter: AttributeFilter;
  AttributeInput: AttributeInput;
  AttributeOrder: AttributeOrder;
  AttributePayload: Omit<AttributePayload, 'attribute'> & { attribute?: Maybe<ResolversParentTypes['Attribute']> };
  Boolean: Scalars['Boolean']['output'];
  BooleanFilter: BooleanFilter;
  Cart: import("../../data/codec.js").Values;
  CartConnection: Omit<CartConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['CartEdge']>, nodes: Array<ResolversParentTypes['Cart']> };
  CartEdge: Omit<CartEdge, 'node'> & { node: ResolversParentTypes['Cart'] };
  CartFilter: CartFilter;
  CartInput: CartInput;
  CartOrder: CartOrder;
  CartPayload: Omit<CartPayload, 'cart'> & { cart?: Maybe<ResolversParentTypes['Cart']> };
  Changelog: import("../../data/codec.js").Values;
  ChangelogConnection: Omit<ChangelogConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['ChangelogEdge']>, nodes: Array<ResolversParentTypes['Changelog']> };
  ChangelogEdge: Omit<ChangelogEdge, 'node'> & { node: ResolversParentTypes['Changelog'] };
  ChangelogFilter: ChangelogFilter;
  ChangelogOrder: ChangelogOrder;
  ChangelogPayload: Omit<ChangelogPayload, 'changelog'> & { changelog?: Maybe<ResolversParentTypes['Changelog']> };
  Client: import("../../data/codec.js").Values;
  ClientConnection: Omit<ClientConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['ClientEdge']>, nodes: Array<ResolversParentTypes['Client']> };
  ClientEdge: Omit<ClientEdge, 'node'> & { node: ResolversParentTypes['Client'] };
  ClientFilter: ClientFilter;
  ClientInput: ClientInput;
  ClientOrder: ClientOrder;
  ClientPayload: Omit<ClientPayload, 'client'> & { client?: Maybe<ResolversParentTypes['Client']> };
  CouponDetail: import("../../data/codec.js").Values;
  CouponDetailConnection: Omit<CouponDetailConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['CouponDetailEdge']>, nodes: Array<ResolversParentTypes['CouponDetail']> };
  CouponDetailEdge: Omit<CouponDetailEdge, 'node'> & { node: ResolversParentTypes['CouponDetail'] };
  CouponDetailFilter: CouponDetailFilter;
  CouponDetailOrder: CouponDetailOrder;
  CouponDetailPayload: Omit<CouponDetailPayload, 'couponDetail'> & { couponDetail?: Maybe<ResolversParentTypes['CouponDetail']> };
  Customer: import("../../data/codec.js").Values;
  CustomerConnection: Omit<CustomerConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['CustomerEdge']>, nodes: Array<ResolversParentTypes['Customer']> };
  CustomerEdge: Omit<CustomerEdge, 'node'> & { node: ResolversParentTypes['Customer'] };
  CustomerFilter: CustomerFilter;
  CustomerInput: CustomerInput;
  CustomerOrder: CustomerOrder;
  CustomerPayload: Omit<CustomerPayload, 'customer'> & { customer?: Maybe<ResolversParentTypes['Customer']> };
  Date: Scalars['Date']['output'];
  DateFilter: DateFilter;
  DateTime: Scalars['DateTime']['output'];
  Decimal: Scalars['Decimal']['output'];
  DeletePayload: DeletePayload;
  DiscountDetail: import("../../data/codec.js").Values;
  DiscountDetailConnection: Omit<DiscountDetailConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['DiscountDetailEdge']>, nodes: Array<ResolversParentTypes['DiscountDetail']> };
  DiscountDetailEdge: Omit<DiscountDetailEdge, 'node'> & { node: ResolversParentTypes['DiscountDetail'] };
  DiscountDetailFilter: DiscountDetailFilter;
  DiscountDetailOrder: DiscountDetailOrder;
  DiscountDetailPayload: Omit<DiscountDetailPayload, 'discountDetail'> & { discountDetail?: Maybe<ResolversParentTypes['DiscountDetail']> };
  Download: import("../../data/codec.js").Values;
  DownloadConnection: Omit<DownloadConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['DownloadEdge']>, nodes: Array<ResolversParentTypes['Download']> };
  DownloadEdge: Omit<DownloadEdge, 'node'> & { node: ResolversParentTypes['Download'] };
  DownloadFilter: DownloadFilter;
  DownloadOrder: DownloadOrder;
  DownloadPayload: Omit<DownloadPayload, 'download'> & { download?: Maybe<ResolversParentTypes['Download']> };
  Downloadable: import("../../data/codec.js").Values;
  DownloadableConnection: Omit<DownloadableConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['DownloadableEdge']>, nodes: Array<ResolversParentTypes['Downloadable']> };
  DownloadableEdge: Omit<DownloadableEdge, 'node'> & { node: ResolversParentTypes['Downloadable'] };
  DownloadableFilter: DownloadableFilter;
  DownloadableInput: DownloadableInput;
  DownloadableOrder: DownloadableOrder;
  DownloadablePayload: Omit<DownloadablePayload, 'downloadable'> & { downloadable?: Maybe<ResolversParentTypes['Downloadable']> };
  Event: import("../../data/codec.js").Values;
  EventConnection: Omit<EventConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['EventEdge']>, nodes: Array<ResolversParentTypes['Event']> };
  EventEdge: Omit<EventEdge, 'node'> & { node: ResolversParentTypes['Event'] };
  EventFilter: EventFilter;
  EventOrder: EventOrder;
  EventPayload: Omit<EventPayload, 'event'> & { event?: Maybe<ResolversParentTypes['Event']> };
  EventSubject: ResolversUnionTypes<ResolversParentTypes>['EventSubject'];
  FraudProtection: import("../../data/codec.js").Values;
  FraudProtectionConnection: Omit<FraudProtectionConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['FraudProtectionEdge']>, nodes: Array<ResolversParentTypes['FraudProtection']> };
  FraudProtectionEdge: Omit<FraudProtectionEdge, 'node'> & { node: ResolversParentTypes['FraudProtection'] };
  FraudProtectionFilter: FraudProtectionFilter;
  FraudProtectionInput: FraudProtectionInput;
  FraudProtectionOrder: FraudProtectionOrder;
  FraudProtectionPayload: Omit<FraudProtectionPayload, 'fraudProtection'> & { fraudProtection?: Maybe<ResolversParentTypes['FraudProtection']> };
  GiftCard: import("../../data/codec.js").Values;
  GiftCardCode: import("../../data/codec.js").Values;
  GiftCardCodeConnection: Omit<GiftCardCodeConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['GiftCardCodeEdge']>, nodes: Array<ResolversParentTypes['GiftCardCode']> };
  GiftCardCodeEdge: Omit<GiftCardCodeEdge, 'node'> & { node: ResolversParentTypes['GiftCardCode'] };
  GiftCardCodeFilter: GiftCardCodeFilter;
  GiftCardCodeInput: GiftCardCodeInput;
  GiftCardCodeOrder: GiftCardCodeOrder;
  GiftCardCodePayload: Omit<GiftCardCodePayload, 'giftCardCode'> & { giftCardCode?: Maybe<ResolversParentTypes['GiftCardCode']> };
  GiftCardConnection: Omit<GiftCardConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['GiftCardEdge']>, nodes: Array<ResolversParentTypes['GiftCard']> };
  GiftCardEdge: Omit<GiftCardEdge, 'node'> & { node: ResolversParentTypes['GiftCard'] };
  GiftCardFilter: GiftCardFilter;
  GiftCardInput: GiftCardInput;
  GiftCardOrder: GiftCardOrder;
  GiftCardPayload: Omit<GiftCardPayload, 'giftCard'> & { giftCard?: Maybe<ResolversParentTypes['GiftCard']> };
  ID: Scalars['ID']['output'];
  Int: Scalars['Int']['output'];
  Item: import("../../data/codec.js").Values;
  ItemCategory: import("../../data/codec.js").Values;
  ItemCategoryConnection: Omit<ItemCategoryConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['ItemCategoryEdge']>, nodes: Array<ResolversParentTypes['ItemCategory']> };
  ItemCategoryEdge: Omit<ItemCategoryEdge, 'node'> & { node: ResolversParentTypes['ItemCategory'] };
  ItemCategoryFilter: ItemCategoryFilter;
  ItemCategoryInput: ItemCategoryInput;
  ItemCategoryOrder: ItemCategoryOrder;
  ItemCategoryPayload: Omit<ItemCategoryPayload, 'itemCategory'> & { itemCategory?: Maybe<ResolversParentTypes['ItemCategory']> };
  ItemConnection: Omit<ItemConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['ItemEdge']>, nodes: Array<ResolversParentTypes['Item']> };
  ItemEdge: Omit<ItemEdge, 'node'> & { node: ResolversParentTypes['Item'] };
  ItemFilter: ItemFilter;
  ItemInput: ItemInput;
  ItemOption: import("../../data/codec.js").Values;
  ItemOptionConnection: Omit<ItemOptionConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['ItemOptionEdge']>, nodes: Array<ResolversParentTypes['ItemOption']> };
  ItemOptionEdge: Omit<ItemOptionEdge, 'node'> & { node: ResolversParentTypes['ItemOption'] };
  ItemOptionFilter: ItemOptionFilter;
  ItemOptionInput: ItemOptionInput;
  ItemOptionOrder: ItemOptionOrder;
  ItemOptionPayload: Omit<ItemOptionPayload, 'itemOption'> & { itemOption?: Maybe<ResolversParentTypes['ItemOption']> };
  ItemOrder: ItemOrder;
  ItemPayload: Omit<ItemPayload, 'item'> & { item?: Maybe<ResolversParentTypes['Item']> };
  JSON: Scalars['JSON']['output'];
  Mutation: {};
  NativeIntegration: import("../../data/codec.js").Values;
  NativeIntegrationConnection: Omit<NativeIntegrationConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['NativeIntegrationEdge']>, nodes: Array<ResolversParentTypes['NativeIntegration']> };
  NativeIntegrationEdge: Omit<NativeIntegrationEdge, 'node'> & { node: ResolversParentTypes['NativeIntegration'] };
  NativeIntegrationFilter: NativeIntegrationFilter;
  NativeIntegrationInput: NativeIntegrationInput;
  NativeIntegrationOrder: NativeIntegrationOrder;
  NativeIntegrationPayload: Omit<NativeIntegrationPayload, 'nativeIntegration'> & { nativeIntegration?: Maybe<ResolversParentTypes['NativeIntegration']> };
  Node: ResolversInterfaceTypes<ResolversParentTypes>['Node'];
  NumberFilter: NumberFilter;
  OAuthToken: OAuthToken;
  PageInfo: PageInfo;
  PaymentMethodSet: import("../../data/codec.js").Values;
  PaymentMethodSetConnection: Omit<PaymentMethodSetConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['PaymentMethodSetEdge']>, nodes: Array<ResolversParentTypes['PaymentMethodSet']> };
  PaymentMethodSetEdge: Omit<PaymentMethodSetEdge, 'node'> & { node: ResolversParentTypes['PaymentMethodSet'] };
  PaymentMethodSetFilter: PaymentMethodSetFilter;
  PaymentMethodSetFraudProtection: import("../../data/codec.js").Values;
  PaymentMethodSetFraudProtectionConnection: Omit<PaymentMethodSetFraudProtectionConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['PaymentMethodSetFraudProtectionEdge']>, nodes: Array<ResolversParentTypes['PaymentMethodSetFraudProtection']> };
  PaymentMethodSetFraudProtectionEdge: Omit<PaymentMethodSetFraudProtectionEdge, 'node'> & { node: ResolversParentTypes['PaymentMethodSetFraudProtection'] };
  PaymentMethodSetFraudProtectionFilter: PaymentMethodSetFraudProtectionFilter;
  PaymentMethodSetFraudProtectionInput: PaymentMethodSetFraudProtectionInput;
  PaymentMethodSetFraudProtectionOrder: PaymentMethodSetFraudProtectionOrder;
  PaymentMethodSetFraudProtectionPayload: Omit<PaymentMethodSetFraudProtectionPayload, 'paymentMethodSetFraudProtection'> & { paymentMethodSetFraudProtection?: Maybe<ResolversParentTypes['PaymentMethodSetFraudProtection']> };
  PaymentMethodSetInput: PaymentMethodSetInput;
  PaymentMethodSetOrder: PaymentMethodSetOrder;
  PaymentMethodSetPayload: Omit<PaymentMethodSetPayload, 'paymentMethodSet'> & { paymentMethodSet?: Maybe<ResolversParentTypes['PaymentMethodSet']> };
  Query: {};
  RegisterClientPayload: Omit<RegisterClientPayload, 'client'> & { client?: Maybe<ResolversParentTypes['Client']> };
  ResendPayload: ResendPayload;
  SendWebhooksPayload: Omit<SendWebhooksPayload, 'event'> & { event?: Maybe<ResolversParentTypes['Event']> };
  Shipment: import("../../data/codec.js").Values;
  ShipmentConnection: Omit<ShipmentConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['ShipmentEdge']>, nodes: Array<ResolversParentTypes['Shipment']> };
  ShipmentEdge: Omit<ShipmentEdge, 'node'> & { node: ResolversParentTypes['Shipment'] };
  ShipmentFilter: ShipmentFilter;
  ShipmentOrder: ShipmentOrder;
  ShipmentPayload: Omit<ShipmentPayload, 'shipment'> & { shipment?: Maybe<ResolversParentTypes['Shipment']> };
  StageDownloadableUploadInput: StageDownloadableUploadInput;
  StageDownloadableUploadPayload: StageDownloadableUploadPayload;
  StagedUpload: StagedUpload;
  Store: import("../../data/codec.js").Values;
  StoreConnection: Omit<StoreConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['StoreEdge']>, nodes: Array<ResolversParentTypes['Store']> };
  StoreEdge: Omit<StoreEdge, 'node'> & { node: ResolversParentTypes['Store'] };
  StoreFilter: StoreFilter;
  StoreInput: StoreInput;
  StoreOrder: StoreOrder;
  StorePayload: Omit<StorePayload, 'store'> & { store?: Maybe<ResolversParentTypes['Store']> };
  String: Scalars['String']['output'];
  StringFilter: StringFilter;
  Subscription: import("../../data/codec.js").Values;
  SubscriptionConnection: Omit<SubscriptionConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['SubscriptionEdge']>, nodes: Array<ResolversParentTypes['Subscription']> };
  SubscriptionEdge: Omit<SubscriptionEdge, 'node'> & { node: ResolversParentTypes['Subscription'] };
  SubscriptionEvent: import("../../data/codec.js").Values;
  SubscriptionEventConnection: Omit<SubscriptionEventConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['SubscriptionEventEdge']>, nodes: Array<ResolversParentTypes['SubscriptionEvent']> };
  SubscriptionEventEdge: Omit<SubscriptionEventEdge, 'node'> & { node: ResolversParentTypes['SubscriptionEvent'] };
  SubscriptionEventFilter: SubscriptionEventFilter;
  SubscriptionEventOrder: SubscriptionEventOrder;
  SubscriptionEventPayload: Omit<SubscriptionEventPayload, 'subscriptionEvent'> & { subscriptionEvent?: Maybe<ResolversParentTypes['SubscriptionEvent']> };
  SubscriptionFilter: SubscriptionFilter;
  SubscriptionInput: SubscriptionInput;
  SubscriptionMrrSnapshot: import("../../data/codec.js").Values;
  SubscriptionMrrSnapshotConnection: Omit<SubscriptionMrrSnapshotConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['SubscriptionMrrSnapshotEdge']>, nodes: Array<ResolversParentTypes['SubscriptionMrrSnapshot']> };
  SubscriptionMrrSnapshotEdge: Omit<SubscriptionMrrSnapshotEdge, 'node'> & { node: ResolversParentTypes['SubscriptionMrrSnapshot'] };
  SubscriptionMrrSnapshotFilter: SubscriptionMrrSnapshotFilter;
  SubscriptionMrrSnapshotOrder: SubscriptionMrrSnapshotOrder;
  SubscriptionMrrSnapshotPayload: Omit<SubscriptionMrrSnapshotPayload, 'subscriptionMrrSnapshot'> & { subscriptionMrrSnapshot?: Maybe<ResolversParentTypes['SubscriptionMrrSnapshot']> };
  SubscriptionOrder: SubscriptionOrder;
  SubscriptionPayload: Omit<SubscriptionPayload, 'subscription'> & { subscription?: Maybe<ResolversParentTypes['Subscription']> };
  SubscriptionRoot: {};
  Tax: import("../../data/codec.js").Values;
  TaxConnection: Omit<TaxConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['TaxEdge']>, nodes: Array<ResolversParentTypes['Tax']> };
  TaxEdge: Omit<TaxEdge, 'node'> & { node: ResolversParentTypes['Tax'] };
  TaxFilter: TaxFilter;
  TaxInput: TaxInput;
  TaxItemCategory: import("../../data/codec.js").Values;
  TaxItemCategoryConnection: Omit<TaxItemCategoryConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['TaxItemCategoryEdge']>, nodes: Array<ResolversParentTypes['TaxItemCategory']> };
  TaxItemCategoryEdge: Omit<TaxItemCategoryEdge, 'node'> & { node: ResolversParentTypes['TaxItemCategory'] };
  TaxItemCategoryFilter: TaxItemCategoryFilter;
  TaxItemCategoryInput: TaxItemCategoryInput;
  TaxItemCategoryOrder: TaxItemCategoryOrder;
  TaxItemCategoryPayload: Omit<TaxItemCategoryPayload, 'taxItemCategory'> & { taxItemCategory?: Maybe<ResolversParentTypes['TaxItemCategory']> };
  TaxOrder: TaxOrder;
  TaxPayload: Omit<TaxPayload, 'tax'> & { tax?: Maybe<ResolversParentTypes['Tax']> };
  TokenPayload: Omit<TokenPayload, 'node'> & { node?: Maybe<ResolversParentTypes['Node']> };
  Transaction: import("../../data/codec.js").Values;
  TransactionConnection: Omit<TransactionConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['TransactionEdge']>, nodes: Array<ResolversParentTypes['Transaction']> };
  TransactionEdge: Omit<TransactionEdge, 'node'> & { node: ResolversParentTypes['Transaction'] };
  TransactionFilter: TransactionFilter;
  TransactionInput: TransactionInput;
  TransactionLog: import("../../data/codec.js").Values;
  TransactionLogConnection: Omit<TransactionLogConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['TransactionLogEdge']>, nodes: Array<ResolversParentTypes['TransactionLog']> };
  TransactionLogEdge: Omit<TransactionLogEdge, 'node'> & { node: ResolversParentTypes['TransactionLog'] };
  TransactionLogFilter: TransactionLogFilter;
  TransactionLogOrder: TransactionLogOrder;
  TransactionLogPayload: Omit<TransactionLogPayload, 'transactionLog'> & { transactionLog?: Maybe<ResolversParentTypes['TransactionLog']> };
  TransactionOrder: TransactionOrder;
  TransactionPayload: Omit<TransactionPayload, 'transaction'> & { transaction?: Maybe<ResolversParentTypes['Transaction']> };
  User: import("../../data/codec.js").Values;
  UserConnection: Omit<UserConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['UserEdge']>, nodes: Array<ResolversParentTypes['User']> };
  UserEdge: Omit<UserEdge, 'node'> & { node: ResolversParentTypes['User'] };
  UserError: UserError;
  UserFilter: UserFilter;
  UserInput: UserInput;
  UserOrder: UserOrder;
  UserPayload: Omit<UserPayload, 'user'> & { user?: Maybe<ResolversParentTypes['User']> };
  Viewer: { scopes: string[]; client: unknown; user: unknown; store: unknown };
  Webhook: import("../../data/codec.js").Values;
  WebhookConnection: Omit<WebhookConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['WebhookEdge']>, nodes: Array<ResolversParentTypes['Webhook']> };
  WebhookEdge: Omit<WebhookEdge, 'node'> & { node: ResolversParentTypes['Webhook'] };
  WebhookFilter: WebhookFilter;
  WebhookInput: WebhookInput;
  WebhookLog: import("../../data/codec.js").Values;
  WebhookLogConnection: Omit<WebhookLogConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['WebhookLogEdge']>, nodes: Array<ResolversParentTypes['WebhookLog']> };
  WebhookLogEdge: Omit<WebhookLogEdge, 'node'> & { node: ResolversParentTypes['WebhookLog'] };
  WebhookLogFilter: WebhookLogFilter;
  WebhookLogOrder: WebhookLogOrder;
  WebhookLogPayload: Omit<WebhookLogPayload, 'webhookLog'> & { webhookLog?: Maybe<ResolversParentTypes['WebhookLog']> };
  WebhookOrder: WebhookOrder;
  WebhookPayload: Omit<WebhookPayload, 'webhook'> & { webhook?: Maybe<ResolversParentTypes['Webhook']> };
  WebhookStatus: import("../../data/codec.js").Values;
  WebhookStatusConnection: Omit<WebhookStatusConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['WebhookStatusEdge']>, nodes: Array<ResolversParentTypes['WebhookStatus']> };
  WebhookStatusEdge: Omit<WebhookStatusEdge, 'node'> & { node: ResolversParentTypes['WebhookStatus'] };
  WebhookStatusFilter: WebhookStatusFilter;
  WebhookStatusOrder: WebhookStatusOrder;
  WebhookStatusPayload: Omit<WebhookStatusPayload, 'webhookStatus'> & { webhookStatus?: Maybe<ResolversParentTypes['WebhookStatus']> };
}>;

export type BitDirectiveArgs = { };

export type BitDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = BitDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type ColumnDirectiveArgs = {
  name: Scalars['String']['input'];
};

export type ColumnDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = ColumnDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type ConstraintDirectiveArgs = {
  caseInsensitive?: Maybe<Scalars['Boolean']['input']>;
  format?: Maybe<Format>;
  future?: Maybe<Scalars['Boolean']['input']>;
  gt?: Maybe<Scalars['String']['input']>;
  max?: Maybe<Scalars['String']['input']>;
  maxLength?: Maybe<Scalars['Int']['input']>;
  min?: Maybe<Scalars['String']['input']>;
  minLength?: Maybe<Scalars['Int']['input']>;
  oneOf?: Maybe<Array<Scalars['String']['input']>>;
  required?: Maybe<Scalars['Boolean']['input']>;
  requiredWhen?: Maybe<Scalars['String']['input']>;
  unique?: Maybe<Scalars['Boolean']['input']>;
};

export type ConstraintDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = ConstraintDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type DefaultDirectiveArgs = {
  value: Scalars['String']['input'];
};

export type DefaultDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = DefaultDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type DerivedDirectiveArgs = { };

export type DerivedDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = DerivedDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type EventsDirectiveArgs = {
  doc?: Maybe<Scalars['String']['input']>;
  names: Array<Scalars['String']['input']>;
};

export type EventsDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = EventsDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type HandlersDirectiveArgs = {
  collection?: Maybe<Array<HttpMethod>>;
  create?: Maybe<Scalars['Boolean']['input']>;
  update?: Maybe<Scalars['Boolean']['input']>;
};

export type HandlersDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = HandlersDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type LinkDirectiveArgs = {
  href: Scalars['String']['input'];
  methods?: Maybe<Array<HttpMethod>>;
  rel: Scalars['String']['input'];
  title?: Maybe<Scalars['String']['input']>;
  when?: Maybe<Scalars['String']['input']>;
};

export type LinkDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = LinkDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type ReadOnlyDirectiveArgs = { };

export type ReadOnlyDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = ReadOnlyDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type RefDirectiveArgs = {
  rel: Scalars['String']['input'];
};

export type RefDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = RefDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type RelDirectiveArgs = {
  embed?: Maybe<Scalars['Boolean']['input']>;
  fk?: Maybe<Scalars['String']['input']>;
  frozenWithParent?: Maybe<Scalars['Boolean']['input']>;
  methods?: Maybe<Array<HttpMethod>>;
  name: Scalars['String']['input'];
  title?: Maybe<Scalars['String']['input']>;
  topLevel?: Maybe<Scalars['Boolean']['input']>;
  via?: Maybe<Scalars['String']['input']>;
  where?: Maybe<Scalars['String']['input']>;
  zoom?: Maybe<Scalars['Boolean']['input']>;
};

export type RelDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = RelDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type ResourceDirectiveArgs = {
  audit?: Maybe<Scalars['Boolean']['input']>;
  collection: Scalars['String']['input'];
  methods?: Maybe<Array<HttpMethod>>;
  name: Scalars['String']['input'];
  owner?: Maybe<Owner>;
  path?: Maybe<Scalars['String']['input']>;
  read?: Maybe<Array<Scalars['String']['input']>>;
  resend?: Maybe<Array<Scalars['String']['input']>>;
  title?: Maybe<Scalars['String']['input']>;
  write?: Maybe<Array<Scalars['String']['input']>>;
};

export type ResourceDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = ResourceDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type UploadDirectiveArgs = {
  field: Scalars['String']['input'];
};

export type UploadDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = UploadDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type ValueDirectiveArgs = {
  rest: Scalars['String']['input'];
};

export type ValueDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = ValueDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type WriteOnceDirectiveArgs = { };

export type WriteOnceDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = WriteOnceDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type WriteOnlyDirectiveArgs = { };

export type WriteOnlyDirectiveResolver<Result, Parent, ContextType = GraphQLContext, Args = WriteOnlyDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type AppliedTaxResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AppliedTax'] = ResolversParentTypes['AppliedTax']> = ResolversObject<{
  amount?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  applyToShipping?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  rate?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  shipto?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  tax?: Resolver<Maybe<ResolversTypes['Tax']>, ParentType, ContextType>;
  transaction?: Resolver<ResolversTypes['Transaction'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type AppliedTaxConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AppliedTaxConnection'] = ResolversParentTypes['AppliedTaxConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['AppliedTaxEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['AppliedTax']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type AppliedTaxEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AppliedTaxEdge'] = ResolversParentTypes['AppliedTaxEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['AppliedTax'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type AppliedTaxPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AppliedTaxPayload'] = ResolversParentTypes['AppliedTaxPayload']> = ResolversObject<{
  appliedTax?: Resolver<Maybe<ResolversTypes['AppliedTax']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type AttributeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Attribute'] = ResolversParentTypes['Attribute']> = ResolversObject<{
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  visibility?: Resolver<Maybe<ResolversTypes['AttributeVisibility']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type AttributeConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AttributeConnection'] = ResolversParentTypes['AttributeConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['AttributeEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Attribute']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type AttributeEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AttributeEdge'] = ResolversParentTypes['AttributeEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Attribute'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type AttributePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AttributePayload'] = ResolversParentTypes['AttributePayload']> = ResolversObject<{
  attribute?: Resolver<Maybe<ResolversTypes['Attribute']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CartResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Cart'] = ResolversParentTypes['Cart']> = ResolversObject<{
  attributes?: Resolver<ResolversTypes['AttributeConnection'], ParentType, ContextType, Partial<CartAttributesArgs>>;
  billingAddress1?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingAddress2?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingCity?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingCompany?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingCountry?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingFirstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingLastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingPhone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingPostalCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingRegion?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  customer?: Resolver<Maybe<ResolversTypes['Customer']>, ParentType, ContextType>;
  customerEmail?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  customerUri?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  items?: Resolver<ResolversTypes['ItemConnection'], ParentType, ContextType, Partial<CartItemsArgs>>;
  shippingAddress1?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingAddress2?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingCity?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingCompany?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingCountry?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingFirstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingLastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingPhone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingPostalCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingRegion?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  totalItemPrice?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  totalOrder?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  totalShipping?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  totalTax?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CartConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CartConnection'] = ResolversParentTypes['CartConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['CartEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Cart']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CartEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CartEdge'] = ResolversParentTypes['CartEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Cart'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CartPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CartPayload'] = ResolversParentTypes['CartPayload']> = ResolversObject<{
  cart?: Resolver<Maybe<ResolversTypes['Cart']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ChangelogResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Changelog'] = ResolversParentTypes['Changelog']> = ResolversObject<{
  action?: Resolver<ResolversTypes['ChangelogAction'], ParentType, ContextType>;
  actor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  diff?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  resourceId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  resourceType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ChangelogConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ChangelogConnection'] = ResolversParentTypes['ChangelogConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ChangelogEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Changelog']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ChangelogEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ChangelogEdge'] = ResolversParentTypes['ChangelogEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Changelog'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ChangelogPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ChangelogPayload'] = ResolversParentTypes['ChangelogPayload']> = ResolversObject<{
  changelog?: Resolver<Maybe<ResolversTypes['Changelog']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ClientResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Client'] = ResolversParentTypes['Client']> = ResolversObject<{
  attributes?: Resolver<ResolversTypes['AttributeConnection'], ParentType, ContextType, Partial<ClientAttributesArgs>>;
  clientId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  clientSecret?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  clientType?: Resolver<Maybe<ResolversTypes['ClientType']>, ParentType, ContextType>;
  companyLogo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  companyName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  companyUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  contactEmail?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  contactName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  contactPhone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  javascriptOriginUri?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  projectDescription?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  projectName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  redirectUri?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ClientConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ClientConnection'] = ResolversParentTypes['ClientConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ClientEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Client']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ClientEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ClientEdge'] = ResolversParentTypes['ClientEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Client'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ClientPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ClientPayload'] = ResolversParentTypes['ClientPayload']> = ResolversObject<{
  client?: Resolver<Maybe<ResolversTypes['Client']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CouponDetailResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CouponDetail'] = ResolversParentTypes['CouponDetail']> = ResolversObject<{
  amountPer?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  code?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  item?: Resolver<ResolversTypes['Item'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CouponDetailConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CouponDetailConnection'] = ResolversParentTypes['CouponDetailConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['CouponDetailEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['CouponDetail']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CouponDetailEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CouponDetailEdge'] = ResolversParentTypes['CouponDetailEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['CouponDetail'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CouponDetailPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CouponDetailPayload'] = ResolversParentTypes['CouponDetailPayload']> = ResolversObject<{
  couponDetail?: Resolver<Maybe<ResolversTypes['CouponDetail']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CustomerResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Customer'] = ResolversParentTypes['Customer']> = ResolversObject<{
  attributes?: Resolver<ResolversTypes['AttributeConnection'], ParentType, ContextType, Partial<CustomerAttributesArgs>>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  firstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isAnonymous?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  lastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  subscriptions?: Resolver<ResolversTypes['SubscriptionConnection'], ParentType, ContextType, Partial<CustomerSubscriptionsArgs>>;
  taxId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  transactions?: Resolver<ResolversTypes['TransactionConnection'], ParentType, ContextType, Partial<CustomerTransactionsArgs>>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CustomerConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CustomerConnection'] = ResolversParentTypes['CustomerConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['CustomerEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Customer']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CustomerEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CustomerEdge'] = ResolversParentTypes['CustomerEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Customer'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CustomerPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CustomerPayload'] = ResolversParentTypes['CustomerPayload']> = ResolversObject<{
  customer?: Resolver<Maybe<ResolversTypes['Customer']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export interface DateScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Date'], any> {
  name: 'Date';
}

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export interface DecimalScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Decimal'], any> {
  name: 'Decimal';
}

export type DeletePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DeletePayload'] = ResolversParentTypes['DeletePayload']> = ResolversObject<{
  deletedId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type DiscountDetailResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DiscountDetail'] = ResolversParentTypes['DiscountDetail']> = ResolversObject<{
  amountPer?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  code?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  item?: Resolver<ResolversTypes['Item'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type DiscountDetailConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DiscountDetailConnection'] = ResolversParentTypes['DiscountDetailConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['DiscountDetailEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['DiscountDetail']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type DiscountDetailEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DiscountDetailEdge'] = ResolversParentTypes['DiscountDetailEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['DiscountDetail'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type DiscountDetailPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DiscountDetailPayload'] = ResolversParentTypes['DiscountDetailPayload']> = ResolversObject<{
  discountDetail?: Resolver<Maybe<ResolversTypes['DiscountDetail']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type DownloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Download'] = ResolversParentTypes['Download']> = ResolversObject<{
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  downloadUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  downloadable?: Resolver<Maybe<ResolversTypes['Downloadable']>, ParentType, ContextType>;
  downloadsRemaining?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  expiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  fileName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fileSize?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  item?: Resolver<Maybe<ResolversTypes['Item']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['DownloadStatus'], ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  transaction?: Resolver<ResolversTypes['Transaction'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type DownloadConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DownloadConnection'] = ResolversParentTypes['DownloadConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['DownloadEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Download']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type DownloadEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DownloadEdge'] = ResolversParentTypes['DownloadEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Download'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type DownloadPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DownloadPayload'] = ResolversParentTypes['DownloadPayload']> = ResolversObject<{
  download?: Resolver<Maybe<ResolversTypes['Download']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type DownloadableResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Downloadable'] = ResolversParentTypes['Downloadable']> = ResolversObject<{
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  downloadableItemCategories?: Resolver<ResolversTypes['ItemCategoryConnection'], ParentType, ContextType, Partial<DownloadableDownloadableItemCategoriesArgs>>;
  fileHref?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fileName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fileSize?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  itemCategory?: Resolver<Maybe<ResolversTypes['ItemCategory']>, ParentType, ContextType>;
  itemCategoryUri?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  price?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  uploadDate?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type DownloadableConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DownloadableConnection'] = ResolversParentTypes['DownloadableConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['DownloadableEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Downloadable']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type DownloadableEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DownloadableEdge'] = ResolversParentTypes['DownloadableEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Downloadable'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type DownloadablePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DownloadablePayload'] = ResolversParentTypes['DownloadablePayload']> = ResolversObject<{
  downloadable?: Resolver<Maybe<ResolversTypes['Downloadable']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type EventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Event'] = ResolversParentTypes['Event']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  occurredAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  resource?: Resolver<Maybe<ResolversTypes['EventSubject']>, ParentType, ContextType>;
  resourceId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  resourceType?: Resolver<ResolversTypes['EventResource'], ParentType, ContextType>;
  sequence?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type EventConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['EventConnection'] = ResolversParentTypes['EventConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['EventEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Event']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type EventEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['EventEdge'] = ResolversParentTypes['EventEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Event'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type EventPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['EventPayload'] = ResolversParentTypes['EventPayload']> = ResolversObject<{
  event?: Resolver<Maybe<ResolversTypes['Event']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type EventSubjectResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['EventSubject'] = ResolversParentTypes['EventSubject']> = ResolversObject<{
  __resolveType: TypeResolveFn<'Cart' | 'Changelog' | 'Customer' | 'Subscription' | 'SubscriptionEvent' | 'SubscriptionMrrSnapshot' | 'Transaction' | 'TransactionLog', ParentType, ContextType>;
}>;

export type FraudProtectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['FraudProtection'] = ResolversParentTypes['FraudProtection']> = ResolversObject<{
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  json?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  paymentMethodSets?: Resolver<ResolversTypes['PaymentMethodSetConnection'], ParentType, ContextType, Partial<FraudProtectionPaymentMethodSetsArgs>>;
  scoreThresholdReject?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['FraudProtectionType'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type FraudProtectionConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['FraudProtectionConnection'] = ResolversParentTypes['FraudProtectionConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['FraudProtectionEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['FraudProtection']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type FraudProtectionEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['FraudProtectionEdge'] = ResolversParentTypes['FraudProtectionEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['FraudProtection'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type FraudProtectionPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['FraudProtectionPayload'] = ResolversParentTypes['FraudProtectionPayload']> = ResolversObject<{
  fraudProtection?: Resolver<Maybe<ResolversTypes['FraudProtection']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type GiftCardResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GiftCard'] = ResolversParentTypes['GiftCard']> = ResolversObject<{
  allowAutoprovisioning?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  giftCardCodes?: Resolver<ResolversTypes['GiftCardCodeConnection'], ParentType, ContextType, Partial<GiftCardGiftCardCodesArgs>>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sku?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type GiftCardCodeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GiftCardCode'] = ResolversParentTypes['GiftCardCode']> = ResolversObject<{
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currentBalance?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  giftCard?: Resolver<Maybe<ResolversTypes['GiftCard']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  item?: Resolver<Maybe<ResolversTypes['Item']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type GiftCardCodeConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GiftCardCodeConnection'] = ResolversParentTypes['GiftCardCodeConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['GiftCardCodeEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['GiftCardCode']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type GiftCardCodeEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GiftCardCodeEdge'] = ResolversParentTypes['GiftCardCodeEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['GiftCardCode'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type GiftCardCodePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GiftCardCodePayload'] = ResolversParentTypes['GiftCardCodePayload']> = ResolversObject<{
  giftCardCode?: Resolver<Maybe<ResolversTypes['GiftCardCode']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type GiftCardConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GiftCardConnection'] = ResolversParentTypes['GiftCardConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['GiftCardEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['GiftCard']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type GiftCardEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GiftCardEdge'] = ResolversParentTypes['GiftCardEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['GiftCard'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type GiftCardPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GiftCardPayload'] = ResolversParentTypes['GiftCardPayload']> = ResolversObject<{
  giftCard?: Resolver<Maybe<ResolversTypes['GiftCard']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ItemResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Item'] = ResolversParentTypes['Item']> = ResolversObject<{
  attributes?: Resolver<ResolversTypes['AttributeConnection'], ParentType, ContextType, Partial<ItemAttributesArgs>>;
  code?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  couponDetails?: Resolver<ResolversTypes['CouponDetailConnection'], ParentType, ContextType, Partial<ItemCouponDetailsArgs>>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  discountDetailList?: Resolver<ResolversTypes['DiscountDetailConnection'], ParentType, ContextType, Partial<ItemDiscountDetailListArgs>>;
  discountDetails?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  discountName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  discountType?: Resolver<Maybe<ResolversTypes['ItemDiscountType']>, ParentType, ContextType>;
  expires?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  giftCardCodes?: Resolver<ResolversTypes['GiftCardCodeConnection'], ParentType, ContextType, Partial<ItemGiftCardCodesArgs>>;
  height?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  image?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  isFutureLineItem?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  itemCategory?: Resolver<Maybe<ResolversTypes['ItemCategory']>, ParentType, ContextType>;
  itemCategoryUri?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  itemOptions?: Resolver<ResolversTypes['ItemOptionConnection'], ParentType, ContextType, Partial<ItemItemOptionsArgs>>;
  length?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  parentCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  price?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  provisionedGiftCardCode?: Resolver<Maybe<ResolversTypes['GiftCardCode']>, ParentType, ContextType>;
  quantity?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  quantityMax?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  quantityMin?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  shipment?: Resolver<Maybe<ResolversTypes['Shipment']>, ParentType, ContextType>;
  shipto?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  subscriptionEndDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  subscriptionFrequency?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  subscriptionNextTransactionDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  subscriptionStartDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  transaction?: Resolver<Maybe<ResolversTypes['Transaction']>, ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  weight?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  width?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ItemCategoryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ItemCategory'] = ResolversParentTypes['ItemCategory']> = ResolversObject<{
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  defaultWeight?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  handlingFee?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  handlingFeeType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  itemDeliveryType?: Resolver<Maybe<ResolversTypes['ItemDeliveryType']>, ParentType, ContextType>;
  maxDownloadsPerCustomer?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  maxDownloadsTimePeriod?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  shippingFlatRate?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  taxItemCategories?: Resolver<ResolversTypes['TaxItemCategoryConnection'], ParentType, ContextType, Partial<ItemCategoryTaxItemCategoriesArgs>>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ItemCategoryConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ItemCategoryConnection'] = ResolversParentTypes['ItemCategoryConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ItemCategoryEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['ItemCategory']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ItemCategoryEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ItemCategoryEdge'] = ResolversParentTypes['ItemCategoryEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['ItemCategory'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ItemCategoryPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ItemCategoryPayload'] = ResolversParentTypes['ItemCategoryPayload']> = ResolversObject<{
  itemCategory?: Resolver<Maybe<ResolversTypes['ItemCategory']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ItemConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ItemConnection'] = ResolversParentTypes['ItemConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ItemEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Item']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ItemEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ItemEdge'] = ResolversParentTypes['ItemEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Item'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ItemOptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ItemOption'] = ResolversParentTypes['ItemOption']> = ResolversObject<{
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  item?: Resolver<ResolversTypes['Item'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  priceMod?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  weightMod?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ItemOptionConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ItemOptionConnection'] = ResolversParentTypes['ItemOptionConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ItemOptionEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['ItemOption']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ItemOptionEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ItemOptionEdge'] = ResolversParentTypes['ItemOptionEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['ItemOption'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ItemOptionPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ItemOptionPayload'] = ResolversParentTypes['ItemOptionPayload']> = ResolversObject<{
  itemOption?: Resolver<Maybe<ResolversTypes['ItemOption']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ItemPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ItemPayload'] = ResolversParentTypes['ItemPayload']> = ResolversObject<{
  item?: Resolver<Maybe<ResolversTypes['Item']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = ResolversObject<{
  captureTransaction?: Resolver<ResolversTypes['TransactionPayload'], ParentType, ContextType, RequireFields<MutationCaptureTransactionArgs, 'id'>>;
  checkoutCart?: Resolver<ResolversTypes['TransactionPayload'], ParentType, ContextType, RequireFields<MutationCheckoutCartArgs, 'id'>>;
  createAttribute?: Resolver<ResolversTypes['AttributePayload'], ParentType, ContextType, RequireFields<MutationCreateAttributeArgs, 'input'>>;
  createCart?: Resolver<ResolversTypes['CartPayload'], ParentType, ContextType, RequireFields<MutationCreateCartArgs, 'input'>>;
  createCustomer?: Resolver<ResolversTypes['CustomerPayload'], ParentType, ContextType, RequireFields<MutationCreateCustomerArgs, 'input'>>;
  createDownloadable?: Resolver<ResolversTypes['DownloadablePayload'], ParentType, ContextType, RequireFields<MutationCreateDownloadableArgs, 'input'>>;
  createFraudProtection?: Resolver<ResolversTypes['FraudProtectionPayload'], ParentType, ContextType, RequireFields<MutationCreateFraudProtectionArgs, 'input'>>;
  createGiftCard?: Resolver<ResolversTypes['GiftCardPayload'], ParentType, ContextType, RequireFields<MutationCreateGiftCardArgs, 'input'>>;
  createItem?: Resolver<ResolversTypes['ItemPayload'], ParentType, ContextType, RequireFields<MutationCreateItemArgs, 'input'>>;
  createItemCategory?: Resolver<ResolversTypes['ItemCategoryPayload'], ParentType, ContextType, RequireFields<MutationCreateItemCategoryArgs, 'input'>>;
  createItemOption?: Resolver<ResolversTypes['ItemOptionPayload'], ParentType, ContextType, RequireFields<MutationCreateItemOptionArgs, 'input'>>;
  createNativeIntegration?: Resolver<ResolversTypes['NativeIntegrationPayload'], ParentType, ContextType, RequireFields<MutationCreateNativeIntegrationArgs, 'input'>>;
  createPaymentMethodSet?: Resolver<ResolversTypes['PaymentMethodSetPayload'], ParentType, ContextType, RequireFields<MutationCreatePaymentMethodSetArgs, 'input'>>;
  createPaymentMethodSetFraudProtection?: Resolver<ResolversTypes['PaymentMethodSetFraudProtectionPayload'], ParentType, ContextType, RequireFields<MutationCreatePaymentMethodSetFraudProtectionArgs, 'input'>>;
  createStore?: Resolver<ResolversTypes['TokenPayload'], ParentType, ContextType, RequireFields<MutationCreateStoreArgs, 'input'>>;
  createTax?: Resolver<ResolversTypes['TaxPayload'], ParentType, ContextType, RequireFields<MutationCreateTaxArgs, 'input'>>;
  createTaxItemCategory?: Resolver<ResolversTypes['TaxItemCategoryPayload'], ParentType, ContextType, RequireFields<MutationCreateTaxItemCategoryArgs, 'input'>>;
  createUser?: Resolver<ResolversTypes['TokenPayload'], ParentType, ContextType, RequireFields<MutationCreateUserArgs, 'input'>>;
  createWebhook?: Resolver<ResolversTypes['WebhookPayload'], ParentType, ContextType, RequireFields<MutationCreateWebhookArgs, 'input'>>;
  deleteAttribute?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteAttributeArgs, 'id'>>;
  deleteCart?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteCartArgs, 'id'>>;
  deleteCustomer?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteCustomerArgs, 'id'>>;
  deleteDownloadable?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteDownloadableArgs, 'id'>>;
  deleteFraudProtection?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteFraudProtectionArgs, 'id'>>;
  deleteGiftCard?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteGiftCardArgs, 'id'>>;
  deleteGiftCardCode?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteGiftCardCodeArgs, 'id'>>;
  deleteItem?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteItemArgs, 'id'>>;
  deleteItemCategory?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteItemCategoryArgs, 'id'>>;
  deleteItemOption?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteItemOptionArgs, 'id'>>;
  deleteNativeIntegration?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteNativeIntegrationArgs, 'id'>>;
  deletePaymentMethodSet?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeletePaymentMethodSetArgs, 'id'>>;
  deletePaymentMethodSetFraudProtection?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeletePaymentMethodSetFraudProtectionArgs, 'id'>>;
  deleteTax?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteTaxArgs, 'id'>>;
  deleteTaxItemCategory?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteTaxItemCategoryArgs, 'id'>>;
  deleteWebhook?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteWebhookArgs, 'id'>>;
  refundTransaction?: Resolver<ResolversTypes['TransactionPayload'], ParentType, ContextType, RequireFields<MutationRefundTransactionArgs, 'id'>>;
  registerClient?: Resolver<ResolversTypes['RegisterClientPayload'], ParentType, ContextType, RequireFields<MutationRegisterClientArgs, 'input'>>;
  replaceAttribute?: Resolver<ResolversTypes['AttributePayload'], ParentType, ContextType, RequireFields<MutationReplaceAttributeArgs, 'id' | 'input'>>;
  replaceCart?: Resolver<ResolversTypes['CartPayload'], ParentType, ContextType, RequireFields<MutationReplaceCartArgs, 'id' | 'input'>>;
  replaceClient?: Resolver<ResolversTypes['ClientPayload'], ParentType, ContextType, RequireFields<MutationReplaceClientArgs, 'id' | 'input'>>;
  replaceCustomer?: Resolver<ResolversTypes['CustomerPayload'], ParentType, ContextType, RequireFields<MutationReplaceCustomerArgs, 'id' | 'input'>>;
  replaceDownloadable?: Resolver<ResolversTypes['DownloadablePayload'], ParentType, ContextType, RequireFields<MutationReplaceDownloadableArgs, 'id' | 'input'>>;
  replaceFraudProtection?: Resolver<ResolversTypes['FraudProtectionPayload'], ParentType, ContextType, RequireFields<MutationReplaceFraudProtectionArgs, 'id' | 'input'>>;
  replaceGiftCard?: Resolver<ResolversTypes['GiftCardPayload'], ParentType, ContextType, RequireFields<MutationReplaceGiftCardArgs, 'id' | 'input'>>;
  replaceGiftCardCode?: Resolver<ResolversTypes['GiftCardCodePayload'], ParentType, ContextType, RequireFields<MutationReplaceGiftCardCodeArgs, 'id' | 'input'>>;
  replaceItem?: Resolver<ResolversTypes['ItemPayload'], ParentType, ContextType, RequireFields<MutationReplaceItemArgs, 'id' | 'input'>>;
  replaceItemCategory?: Resolver<ResolversTypes['ItemCategoryPayload'], ParentType, ContextType, RequireFields<MutationReplaceItemCategoryArgs, 'id' | 'input'>>;
  replaceItemOption?: Resolver<ResolversTypes['ItemOptionPayload'], ParentType, ContextType, RequireFields<MutationReplaceItemOptionArgs, 'id' | 'input'>>;
  replaceNativeIntegration?: Resolver<ResolversTypes['NativeIntegrationPayload'], ParentType, ContextType, RequireFields<MutationReplaceNativeIntegrationArgs, 'id' | 'input'>>;
  replacePaymentMethodSet?: Resolver<ResolversTypes['PaymentMethodSetPayload'], ParentType, ContextType, RequireFields<MutationReplacePaymentMethodSetArgs, 'id' | 'input'>>;
  replaceStore?: Resolver<ResolversTypes['StorePayload'], ParentType, ContextType, RequireFields<MutationReplaceStoreArgs, 'id' | 'input'>>;
  replaceSubscription?: Resolver<ResolversTypes['SubscriptionPayload'], ParentType, ContextType, RequireFields<MutationReplaceSubscriptionArgs, 'id' | 'input'>>;
  replaceTax?: Resolver<ResolversTypes['TaxPayload'], ParentType, ContextType, RequireFields<MutationReplaceTaxArgs, 'id' | 'input'>>;
  replaceTransaction?: Resolver<ResolversTypes['TransactionPayload'], ParentType, ContextType, RequireFields<MutationReplaceTransactionArgs, 'id' | 'input'>>;
  replaceUser?: Resolver<ResolversTypes['UserPayload'], ParentType, ContextType, RequireFields<MutationReplaceUserArgs, 'id' | 'input'>>;
  replaceWebhook?: Resolver<ResolversTypes['WebhookPayload'], ParentType, ContextType, RequireFields<MutationReplaceWebhookArgs, 'id' | 'input'>>;
  resendWebhookEvents?: Resolver<ResolversTypes['ResendPayload'], ParentType, ContextType, RequireFields<MutationResendWebhookEventsArgs, 'id' | 'since'>>;
  sendTransactionWebhooks?: Resolver<ResolversTypes['SendWebhooksPayload'], ParentType, ContextType, RequireFields<MutationSendTransactionWebhooksArgs, 'id' | 'refeedHooks'>>;
  stageDownloadableUpload?: Resolver<ResolversTypes['StageDownloadableUploadPayload'], ParentType, ContextType, RequireFields<MutationStageDownloadableUploadArgs, 'input'>>;
  updateAttribute?: Resolver<ResolversTypes['AttributePayload'], ParentType, ContextType, RequireFields<MutationUpdateAttributeArgs, 'id' | 'input'>>;
  updateCart?: Resolver<ResolversTypes['CartPayload'], ParentType, ContextType, RequireFields<MutationUpdateCartArgs, 'id' | 'input'>>;
  updateClient?: Resolver<ResolversTypes['ClientPayload'], ParentType, ContextType, RequireFields<MutationUpdateClientArgs, 'id' | 'input'>>;
  updateCustomer?: Resolver<ResolversTypes['CustomerPayload'], ParentType, ContextType, RequireFields<MutationUpdateCustomerArgs, 'id' | 'input'>>;
  updateDownloadable?: Resolver<ResolversTypes['DownloadablePayload'], ParentType, ContextType, RequireFields<MutationUpdateDownloadableArgs, 'id' | 'input'>>;
  updateFraudProtection?: Resolver<ResolversTypes['FraudProtectionPayload'], ParentType, ContextType, RequireFields<MutationUpdateFraudProtectionArgs, 'id' | 'input'>>;
  updateGiftCard?: Resolver<ResolversTypes['GiftCardPayload'], ParentType, ContextType, RequireFields<MutationUpdateGiftCardArgs, 'id' | 'input'>>;
  updateGiftCardCode?: Resolver<ResolversTypes['GiftCardCodePayload'], ParentType, ContextType, RequireFields<MutationUpdateGiftCardCodeArgs, 'id' | 'input'>>;
  updateItem?: Resolver<ResolversTypes['ItemPayload'], ParentType, ContextType, RequireFields<MutationUpdateItemArgs, 'id' | 'input'>>;
  updateItemCategory?: Resolver<ResolversTypes['ItemCategoryPayload'], ParentType, ContextType, RequireFields<MutationUpdateItemCategoryArgs, 'id' | 'input'>>;
  updateItemOption?: Resolver<ResolversTypes['ItemOptionPayload'], ParentType, ContextType, RequireFields<MutationUpdateItemOptionArgs, 'id' | 'input'>>;
  updateNativeIntegration?: Resolver<ResolversTypes['NativeIntegrationPayload'], ParentType, ContextType, RequireFields<MutationUpdateNativeIntegrationArgs, 'id' | 'input'>>;
  updatePaymentMethodSet?: Resolver<ResolversTypes['PaymentMethodSetPayload'], ParentType, ContextType, RequireFields<MutationUpdatePaymentMethodSetArgs, 'id' | 'input'>>;
  updateStore?: Resolver<ResolversTypes['StorePayload'], ParentType, ContextType, RequireFields<MutationUpdateStoreArgs, 'id' | 'input'>>;
  updateSubscription?: Resolver<ResolversTypes['SubscriptionPayload'], ParentType, ContextType, RequireFields<MutationUpdateSubscriptionArgs, 'id' | 'input'>>;
  updateTax?: Resolver<ResolversTypes['TaxPayload'], ParentType, ContextType, RequireFields<MutationUpdateTaxArgs, 'id' | 'input'>>;
  updateTransaction?: Resolver<ResolversTypes['TransactionPayload'], ParentType, ContextType, RequireFields<MutationUpdateTransactionArgs, 'id' | 'input'>>;
  updateUser?: Resolver<ResolversTypes['UserPayload'], ParentType, ContextType, RequireFields<MutationUpdateUserArgs, 'id' | 'input'>>;
  updateWebhook?: Resolver<ResolversTypes['WebhookPayload'], ParentType, ContextType, RequireFields<MutationUpdateWebhookArgs, 'id' | 'input'>>;
  voidTransaction?: Resolver<ResolversTypes['TransactionPayload'], ParentType, ContextType, RequireFields<MutationVoidTransactionArgs, 'id'>>;
}>;

export type NativeIntegrationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['NativeIntegration'] = ResolversParentTypes['NativeIntegration']> = ResolversObject<{
  config?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  provider?: Resolver<ResolversTypes['NativeIntegrationProvider'], ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type NativeIntegrationConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['NativeIntegrationConnection'] = ResolversParentTypes['NativeIntegrationConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['NativeIntegrationEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['NativeIntegration']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type NativeIntegrationEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['NativeIntegrationEdge'] = ResolversParentTypes['NativeIntegrationEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['NativeIntegration'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type NativeIntegrationPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['NativeIntegrationPayload'] = ResolversParentTypes['NativeIntegrationPayload']> = ResolversObject<{
  nativeIntegration?: Resolver<Maybe<ResolversTypes['NativeIntegration']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type NodeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Node'] = ResolversParentTypes['Node']> = ResolversObject<{
  __resolveType: TypeResolveFn<'AppliedTax' | 'Attribute' | 'Cart' | 'Changelog' | 'Client' | 'CouponDetail' | 'Customer' | 'DiscountDetail' | 'Download' | 'Downloadable' | 'Event' | 'FraudProtection' | 'GiftCard' | 'GiftCardCode' | 'Item' | 'ItemCategory' | 'ItemOption' | 'NativeIntegration' | 'PaymentMethodSet' | 'PaymentMethodSetFraudProtection' | 'Shipment' | 'Store' | 'Subscription' | 'SubscriptionEvent' | 'SubscriptionMrrSnapshot' | 'Tax' | 'TaxItemCategory' | 'Transaction' | 'TransactionLog' | 'User' | 'Webhook' | 'WebhookLog' | 'WebhookStatus', ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type OAuthTokenResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['OAuthToken'] = ResolversParentTypes['OAuthToken']> = ResolversObject<{
  accessToken?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  expiresIn?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  refreshToken?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  scope?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokenType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type PageInfoResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = ResolversObject<{
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPreviousPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type PaymentMethodSetResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PaymentMethodSet'] = ResolversParentTypes['PaymentMethodSet']> = ResolversObject<{
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  gateway?: Resolver<Maybe<ResolversTypes['PaymentGateway']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isLive?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  paymentMethodSetFraudProtections?: Resolver<ResolversTypes['PaymentMethodSetFraudProtectionConnection'], ParentType, ContextType, Partial<PaymentMethodSetPaymentMethodSetFraudProtectionsArgs>>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type PaymentMethodSetConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PaymentMethodSetConnection'] = ResolversParentTypes['PaymentMethodSetConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['PaymentMethodSetEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['PaymentMethodSet']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type PaymentMethodSetEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PaymentMethodSetEdge'] = ResolversParentTypes['PaymentMethodSetEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['PaymentMethodSet'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type PaymentMethodSetFraudProtectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PaymentMethodSetFraudProtection'] = ResolversParentTypes['PaymentMethodSetFraudProtection']> = ResolversObject<{
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  fraudProtection?: Resolver<ResolversTypes['FraudProtection'], ParentType, ContextType>;
  fraudProtectionUri?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  paymentMethodSet?: Resolver<ResolversTypes['PaymentMethodSet'], ParentType, ContextType>;
  paymentMethodSetUri?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type PaymentMethodSetFraudProtectionConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PaymentMethodSetFraudProtectionConnection'] = ResolversParentTypes['PaymentMethodSetFraudProtectionConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['PaymentMethodSetFraudProtectionEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['PaymentMethodSetFraudProtection']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type PaymentMethodSetFraudProtectionEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PaymentMethodSetFraudProtectionEdge'] = ResolversParentTypes['PaymentMethodSetFraudProtectionEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['PaymentMethodSetFraudProtection'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type PaymentMethodSetFraudProtectionPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PaymentMethodSetFraudProtectionPayload'] = ResolversParentTypes['PaymentMethodSetFraudProtectionPayload']> = ResolversObject<{
  paymentMethodSetFraudProtection?: Resolver<Maybe<ResolversTypes['PaymentMethodSetFraudProtection']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type PaymentMethodSetPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PaymentMethodSetPayload'] = ResolversParentTypes['PaymentMethodSetPayload']> = ResolversObject<{
  paymentMethodSet?: Resolver<Maybe<ResolversTypes['PaymentMethodSet']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = ResolversObject<{
  appliedTax?: Resolver<Maybe<ResolversTypes['AppliedTax']>, ParentType, ContextType, RequireFields<QueryAppliedTaxArgs, 'id'>>;
  attribute?: Resolver<Maybe<ResolversTypes['Attribute']>, ParentType, ContextType, RequireFields<QueryAttributeArgs, 'id'>>;
  cart?: Resolver<Maybe<ResolversTypes['Cart']>, ParentType, ContextType, RequireFields<QueryCartArgs, 'id'>>;
  changelog?: Resolver<Maybe<ResolversTypes['Changelog']>, ParentType, ContextType, RequireFields<QueryChangelogArgs, 'id'>>;
  client?: Resolver<Maybe<ResolversTypes['Client']>, ParentType, ContextType, RequireFields<QueryClientArgs, 'id'>>;
  couponDetail?: Resolver<Maybe<ResolversTypes['CouponDetail']>, ParentType, ContextType, RequireFields<QueryCouponDetailArgs, 'id'>>;
  customer?: Resolver<Maybe<ResolversTypes['Customer']>, ParentType, ContextType, RequireFields<QueryCustomerArgs, 'id'>>;
  discountDetail?: Resolver<Maybe<ResolversTypes['DiscountDetail']>, ParentType, ContextType, RequireFields<QueryDiscountDetailArgs, 'id'>>;
  download?: Resolver<Maybe<ResolversTypes['Download']>, ParentType, ContextType, RequireFields<QueryDownloadArgs, 'id'>>;
  downloadable?: Resolver<Maybe<ResolversTypes['Downloadable']>, ParentType, ContextType, RequireFields<QueryDownloadableArgs, 'id'>>;
  event?: Resolver<Maybe<ResolversTypes['Event']>, ParentType, ContextType, RequireFields<QueryEventArgs, 'id'>>;
  events?: Resolver<Array<ResolversTypes['Event']>, ParentType, ContextType, Partial<QueryEventsArgs>>;
  fraudProtection?: Resolver<Maybe<ResolversTypes['FraudProtection']>, ParentType, ContextType, RequireFields<QueryFraudProtectionArgs, 'id'>>;
  giftCard?: Resolver<Maybe<ResolversTypes['GiftCard']>, ParentType, ContextType, RequireFields<QueryGiftCardArgs, 'id'>>;
  giftCardCode?: Resolver<Maybe<ResolversTypes['GiftCardCode']>, ParentType, ContextType, RequireFields<QueryGiftCardCodeArgs, 'id'>>;
  item?: Resolver<Maybe<ResolversTypes['Item']>, ParentType, ContextType, RequireFields<QueryItemArgs, 'id'>>;
  itemCategory?: Resolver<Maybe<ResolversTypes['ItemCategory']>, ParentType, ContextType, RequireFields<QueryItemCategoryArgs, 'id'>>;
  itemOption?: Resolver<Maybe<ResolversTypes['ItemOption']>, ParentType, ContextType, RequireFields<QueryItemOptionArgs, 'id'>>;
  nativeIntegration?: Resolver<Maybe<ResolversTypes['NativeIntegration']>, ParentType, ContextType, RequireFields<QueryNativeIntegrationArgs, 'id'>>;
  node?: Resolver<Maybe<ResolversTypes['Node']>, ParentType, ContextType, RequireFields<QueryNodeArgs, 'href'>>;
  paymentMethodSet?: Resolver<Maybe<ResolversTypes['PaymentMethodSet']>, ParentType, ContextType, RequireFields<QueryPaymentMethodSetArgs, 'id'>>;
  paymentMethodSetFraudProtection?: Resolver<Maybe<ResolversTypes['PaymentMethodSetFraudProtection']>, ParentType, ContextType, RequireFields<QueryPaymentMethodSetFraudProtectionArgs, 'id'>>;
  shipment?: Resolver<Maybe<ResolversTypes['Shipment']>, ParentType, ContextType, RequireFields<QueryShipmentArgs, 'id'>>;
  store?: Resolver<Maybe<ResolversTypes['Store']>, ParentType, ContextType, Partial<QueryStoreArgs>>;
  subscription?: Resolver<Maybe<ResolversTypes['Subscription']>, ParentType, ContextType, RequireFields<QuerySubscriptionArgs, 'id'>>;
  subscriptionEvent?: Resolver<Maybe<ResolversTypes['SubscriptionEvent']>, ParentType, ContextType, RequireFields<QuerySubscriptionEventArgs, 'id'>>;
  subscriptionMrrSnapshot?: Resolver<Maybe<ResolversTypes['SubscriptionMrrSnapshot']>, ParentType, ContextType, RequireFields<QuerySubscriptionMrrSnapshotArgs, 'id'>>;
  tax?: Resolver<Maybe<ResolversTypes['Tax']>, ParentType, ContextType, RequireFields<QueryTaxArgs, 'id'>>;
  taxItemCategory?: Resolver<Maybe<ResolversTypes['TaxItemCategory']>, ParentType, ContextType, RequireFields<QueryTaxItemCategoryArgs, 'id'>>;
  transaction?: Resolver<Maybe<ResolversTypes['Transaction']>, ParentType, ContextType, RequireFields<QueryTransactionArgs, 'id'>>;
  transactionLog?: Resolver<Maybe<ResolversTypes['TransactionLog']>, ParentType, ContextType, RequireFields<QueryTransactionLogArgs, 'id'>>;
  user?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType, RequireFields<QueryUserArgs, 'id'>>;
  viewer?: Resolver<ResolversTypes['Viewer'], ParentType, ContextType>;
  webhook?: Resolver<Maybe<ResolversTypes['Webhook']>, ParentType, ContextType, RequireFields<QueryWebhookArgs, 'id'>>;
  webhookLog?: Resolver<Maybe<ResolversTypes['WebhookLog']>, ParentType, ContextType, RequireFields<QueryWebhookLogArgs, 'id'>>;
  webhookStatus?: Resolver<Maybe<ResolversTypes['WebhookStatus']>, ParentType, ContextType, RequireFields<QueryWebhookStatusArgs, 'id'>>;
}>;

export type RegisterClientPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RegisterClientPayload'] = ResolversParentTypes['RegisterClientPayload']> = ResolversObject<{
  client?: Resolver<Maybe<ResolversTypes['Client']>, ParentType, ContextType>;
  clientId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  clientSecret?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  token?: Resolver<Maybe<ResolversTypes['OAuthToken']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ResendPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ResendPayload'] = ResolversParentTypes['ResendPayload']> = ResolversObject<{
  queued?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  since?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type SendWebhooksPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SendWebhooksPayload'] = ResolversParentTypes['SendWebhooksPayload']> = ResolversObject<{
  event?: Resolver<Maybe<ResolversTypes['Event']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ShipmentResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Shipment'] = ResolversParentTypes['Shipment']> = ResolversObject<{
  address1?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  address2?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  addressName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  city?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  company?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  country?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  firstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  items?: Resolver<ResolversTypes['ItemConnection'], ParentType, ContextType, Partial<ShipmentItemsArgs>>;
  lastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  phone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  postalCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  region?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingServiceDescription?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  totalItemPrice?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  totalPrice?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  totalShipping?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  totalTax?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  transaction?: Resolver<ResolversTypes['Transaction'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ShipmentConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ShipmentConnection'] = ResolversParentTypes['ShipmentConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ShipmentEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Shipment']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ShipmentEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ShipmentEdge'] = ResolversParentTypes['ShipmentEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Shipment'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ShipmentPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ShipmentPayload'] = ResolversParentTypes['ShipmentPayload']> = ResolversObject<{
  shipment?: Resolver<Maybe<ResolversTypes['Shipment']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type StageDownloadableUploadPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StageDownloadableUploadPayload'] = ResolversParentTypes['StageDownloadableUploadPayload']> = ResolversObject<{
  upload?: Resolver<Maybe<ResolversTypes['StagedUpload']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type StagedUploadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StagedUpload'] = ResolversParentTypes['StagedUpload']> = ResolversObject<{
  contentType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  fileName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  maxBytes?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type StoreResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Store'] = ResolversParentTypes['Store']> = ResolversObject<{
  attributes?: Resolver<ResolversTypes['AttributeConnection'], ParentType, ContextType, Partial<StoreAttributesArgs>>;
  carts?: Resolver<ResolversTypes['CartConnection'], ParentType, ContextType, Partial<StoreCartsArgs>>;
  changelogs?: Resolver<ResolversTypes['ChangelogConnection'], ParentType, ContextType, Partial<StoreChangelogsArgs>>;
  country?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currencyCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  customers?: Resolver<ResolversTypes['CustomerConnection'], ParentType, ContextType, Partial<StoreCustomersArgs>>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  downloadables?: Resolver<ResolversTypes['DownloadableConnection'], ParentType, ContextType, Partial<StoreDownloadablesArgs>>;
  events?: Resolver<ResolversTypes['EventConnection'], ParentType, ContextType, Partial<StoreEventsArgs>>;
  fraudProtections?: Resolver<ResolversTypes['FraudProtectionConnection'], ParentType, ContextType, Partial<StoreFraudProtectionsArgs>>;
  giftCards?: Resolver<ResolversTypes['GiftCardConnection'], ParentType, ContextType, Partial<StoreGiftCardsArgs>>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isActive?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  itemCategories?: Resolver<ResolversTypes['ItemCategoryConnection'], ParentType, ContextType, Partial<StoreItemCategoriesArgs>>;
  nativeIntegrations?: Resolver<ResolversTypes['NativeIntegrationConnection'], ParentType, ContextType, Partial<StoreNativeIntegrationsArgs>>;
  paymentMethodSets?: Resolver<ResolversTypes['PaymentMethodSetConnection'], ParentType, ContextType, Partial<StorePaymentMethodSetsArgs>>;
  postalCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  region?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  storeDomain?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  storeEmail?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  storeName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  storeUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  subscriptions?: Resolver<ResolversTypes['SubscriptionConnection'], ParentType, ContextType, Partial<StoreSubscriptionsArgs>>;
  taxes?: Resolver<ResolversTypes['TaxConnection'], ParentType, ContextType, Partial<StoreTaxesArgs>>;
  timezone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  transactions?: Resolver<ResolversTypes['TransactionConnection'], ParentType, ContextType, Partial<StoreTransactionsArgs>>;
  user?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
  webhooks?: Resolver<ResolversTypes['WebhookConnection'], ParentType, ContextType, Partial<StoreWebhooksArgs>>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type StoreConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StoreConnection'] = ResolversParentTypes['StoreConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['StoreEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Store']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type StoreEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StoreEdge'] = ResolversParentTypes['StoreEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type StorePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StorePayload'] = ResolversParentTypes['StorePayload']> = ResolversObject<{
  store?: Resolver<Maybe<ResolversTypes['Store']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type SubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = ResolversObject<{
  attributes?: Resolver<ResolversTypes['AttributeConnection'], ParentType, ContextType, Partial<SubscriptionAttributesArgs>>;
  customer?: Resolver<Maybe<ResolversTypes['Customer']>, ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  endDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  frequency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isActive?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  nextTransactionDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  pastDueAmount?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  startDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  subscriptionEvents?: Resolver<ResolversTypes['SubscriptionEventConnection'], ParentType, ContextType, Partial<SubscriptionSubscriptionEventsArgs>>;
  transactions?: Resolver<ResolversTypes['TransactionConnection'], ParentType, ContextType, Partial<SubscriptionTransactionsArgs>>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type SubscriptionConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SubscriptionConnection'] = ResolversParentTypes['SubscriptionConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['SubscriptionEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Subscription']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type SubscriptionEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SubscriptionEdge'] = ResolversParentTypes['SubscriptionEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Subscription'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type SubscriptionEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SubscriptionEvent'] = ResolversParentTypes['SubscriptionEvent']> = ResolversObject<{
  amount?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  currencyCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  subscription?: Resolver<ResolversTypes['Subscription'], ParentType, ContextType>;
  transaction?: Resolver<Maybe<ResolversTypes['Transaction']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['SubscriptionEventType'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type SubscriptionEventConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SubscriptionEventConnection'] = ResolversParentTypes['SubscriptionEventConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['SubscriptionEventEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['SubscriptionEvent']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type SubscriptionEventEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SubscriptionEventEdge'] = ResolversParentTypes['SubscriptionEventEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['SubscriptionEvent'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type SubscriptionEventPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SubscriptionEventPayload'] = ResolversParentTypes['SubscriptionEventPayload']> = ResolversObject<{
  subscriptionEvent?: Resolver<Maybe<ResolversTypes['SubscriptionEvent']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type SubscriptionMrrSnapshotResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SubscriptionMrrSnapshot'] = ResolversParentTypes['SubscriptionMrrSnapshot']> = ResolversObject<{
  activeSubscriptions?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  cancelledSubscriptions?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  currencyCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  mrr?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  newSubscriptions?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  snapshotDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type SubscriptionMrrSnapshotConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SubscriptionMrrSnapshotConnection'] = ResolversParentTypes['SubscriptionMrrSnapshotConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['SubscriptionMrrSnapshotEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['SubscriptionMrrSnapshot']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type SubscriptionMrrSnapshotEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SubscriptionMrrSnapshotEdge'] = ResolversParentTypes['SubscriptionMrrSnapshotEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['SubscriptionMrrSnapshot'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type SubscriptionMrrSnapshotPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SubscriptionMrrSnapshotPayload'] = ResolversParentTypes['SubscriptionMrrSnapshotPayload']> = ResolversObject<{
  subscriptionMrrSnapshot?: Resolver<Maybe<ResolversTypes['SubscriptionMrrSnapshot']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type SubscriptionPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SubscriptionPayload'] = ResolversParentTypes['SubscriptionPayload']> = ResolversObject<{
  subscription?: Resolver<Maybe<ResolversTypes['Subscription']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type SubscriptionRootResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SubscriptionRoot'] = ResolversParentTypes['SubscriptionRoot']> = ResolversObject<{
  events?: SubscriptionResolver<ResolversTypes['Event'], "events", ParentType, ContextType, Partial<SubscriptionRootEventsArgs>>;
}>;

export type TaxResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Tax'] = ResolversParentTypes['Tax']> = ResolversObject<{
  applyToShipping?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  city?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  country?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  exemptAllCustomerTaxIds?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isLive?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  nativeIntegrations?: Resolver<ResolversTypes['NativeIntegrationConnection'], ParentType, ContextType, Partial<TaxNativeIntegrationsArgs>>;
  rate?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  region?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  serviceProvider?: Resolver<Maybe<ResolversTypes['TaxServiceProvider']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  taxItemCategories?: Resolver<ResolversTypes['TaxItemCategoryConnection'], ParentType, ContextType, Partial<TaxTaxItemCategoriesArgs>>;
  type?: Resolver<ResolversTypes['TaxType'], ParentType, ContextType>;
  useOriginRates?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TaxConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TaxConnection'] = ResolversParentTypes['TaxConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['TaxEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Tax']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TaxEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TaxEdge'] = ResolversParentTypes['TaxEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Tax'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TaxItemCategoryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TaxItemCategory'] = ResolversParentTypes['TaxItemCategory']> = ResolversObject<{
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  itemCategory?: Resolver<ResolversTypes['ItemCategory'], ParentType, ContextType>;
  itemCategoryUri?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  tax?: Resolver<ResolversTypes['Tax'], ParentType, ContextType>;
  taxUri?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TaxItemCategoryConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TaxItemCategoryConnection'] = ResolversParentTypes['TaxItemCategoryConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['TaxItemCategoryEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['TaxItemCategory']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TaxItemCategoryEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TaxItemCategoryEdge'] = ResolversParentTypes['TaxItemCategoryEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['TaxItemCategory'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TaxItemCategoryPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TaxItemCategoryPayload'] = ResolversParentTypes['TaxItemCategoryPayload']> = ResolversObject<{
  taxItemCategory?: Resolver<Maybe<ResolversTypes['TaxItemCategory']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TaxPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TaxPayload'] = ResolversParentTypes['TaxPayload']> = ResolversObject<{
  tax?: Resolver<Maybe<ResolversTypes['Tax']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TokenPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TokenPayload'] = ResolversParentTypes['TokenPayload']> = ResolversObject<{
  node?: Resolver<Maybe<ResolversTypes['Node']>, ParentType, ContextType>;
  token?: Resolver<Maybe<ResolversTypes['OAuthToken']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TransactionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Transaction'] = ResolversParentTypes['Transaction']> = ResolversObject<{
  appliedTaxes?: Resolver<ResolversTypes['AppliedTaxConnection'], ParentType, ContextType, Partial<TransactionAppliedTaxesArgs>>;
  attributes?: Resolver<ResolversTypes['AttributeConnection'], ParentType, ContextType, Partial<TransactionAttributesArgs>>;
  billingAddress1?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingAddress2?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingCity?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingCompany?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingCountry?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingFirstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingLastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingPhone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingPostalCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingRegion?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  currencyCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  customer?: Resolver<Maybe<ResolversTypes['Customer']>, ParentType, ContextType>;
  customerEmail?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  customerFirstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  customerLastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  customerTaxId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  dataIsFed?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  downloads?: Resolver<ResolversTypes['DownloadConnection'], ParentType, ContextType, Partial<TransactionDownloadsArgs>>;
  hideTransaction?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isTest?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  items?: Resolver<ResolversTypes['ItemConnection'], ParentType, ContextType, Partial<TransactionItemsArgs>>;
  shippingAddress1?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingAddress2?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingCity?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingCompany?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingCountry?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingFirstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingLastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingPhone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingPostalCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippingRegion?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['TransactionStatus'], ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  subscription?: Resolver<Maybe<ResolversTypes['Subscription']>, ParentType, ContextType>;
  subscriptions?: Resolver<ResolversTypes['SubscriptionConnection'], ParentType, ContextType, Partial<TransactionSubscriptionsArgs>>;
  totalItemPrice?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  totalOrder?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  totalShipping?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  totalTax?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  transactionLogs?: Resolver<ResolversTypes['TransactionLogConnection'], ParentType, ContextType, Partial<TransactionTransactionLogsArgs>>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TransactionConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TransactionConnection'] = ResolversParentTypes['TransactionConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['TransactionEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Transaction']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TransactionEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TransactionEdge'] = ResolversParentTypes['TransactionEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Transaction'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TransactionLogResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TransactionLog'] = ResolversParentTypes['TransactionLog']> = ResolversObject<{
  action?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amount?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  details?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  transaction?: Resolver<ResolversTypes['Transaction'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TransactionLogConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TransactionLogConnection'] = ResolversParentTypes['TransactionLogConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['TransactionLogEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['TransactionLog']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TransactionLogEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TransactionLogEdge'] = ResolversParentTypes['TransactionLogEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['TransactionLog'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TransactionLogPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TransactionLogPayload'] = ResolversParentTypes['TransactionLogPayload']> = ResolversObject<{
  transactionLog?: Resolver<Maybe<ResolversTypes['TransactionLog']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TransactionPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TransactionPayload'] = ResolversParentTypes['TransactionPayload']> = ResolversObject<{
  transaction?: Resolver<Maybe<ResolversTypes['Transaction']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type UserResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User']> = ResolversObject<{
  attributes?: Resolver<ResolversTypes['AttributeConnection'], ParentType, ContextType, Partial<UserAttributesArgs>>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  firstName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isDesigner?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  isFrontEndDeveloper?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  isMerchant?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  isProgrammer?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  lastName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  password?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  phone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  stores?: Resolver<ResolversTypes['StoreConnection'], ParentType, ContextType, Partial<UserStoresArgs>>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type UserConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UserConnection'] = ResolversParentTypes['UserConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['UserEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['User']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type UserEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UserEdge'] = ResolversParentTypes['UserEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type UserErrorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UserError'] = ResolversParentTypes['UserError']> = ResolversObject<{
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type UserPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UserPayload'] = ResolversParentTypes['UserPayload']> = ResolversObject<{
  user?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ViewerResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Viewer'] = ResolversParentTypes['Viewer']> = ResolversObject<{
  client?: Resolver<Maybe<ResolversTypes['Client']>, ParentType, ContextType>;
  scopes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  store?: Resolver<Maybe<ResolversTypes['Store']>, ParentType, ContextType>;
  user?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type WebhookResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Webhook'] = ResolversParentTypes['Webhook']> = ResolversObject<{
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  encryptionKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  eventResource?: Resolver<Maybe<ResolversTypes['EventResource']>, ParentType, ContextType>;
  events?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  format?: Resolver<ResolversTypes['WebhookFormat'], ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isActive?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  logs?: Resolver<ResolversTypes['WebhookLogConnection'], ParentType, ContextType, Partial<WebhookLogsArgs>>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  query?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  statuses?: Resolver<ResolversTypes['WebhookStatusConnection'], ParentType, ContextType, Partial<WebhookStatusesArgs>>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  webhooks?: Resolver<ResolversTypes['WebhookConnection'], ParentType, ContextType, Partial<WebhookWebhooksArgs>>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type WebhookConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookConnection'] = ResolversParentTypes['WebhookConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['WebhookEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Webhook']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type WebhookEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookEdge'] = ResolversParentTypes['WebhookEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Webhook'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type WebhookLogResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookLog'] = ResolversParentTypes['WebhookLog']> = ResolversObject<{
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  duration?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  event?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  requestHeaders?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  resourceId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  resourceType?: Resolver<ResolversTypes['EventResource'], ParentType, ContextType>;
  responseBody?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  responseCode?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  status?: Resolver<Maybe<ResolversTypes['WebhookStatus']>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  webhook?: Resolver<ResolversTypes['Webhook'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type WebhookLogConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookLogConnection'] = ResolversParentTypes['WebhookLogConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['WebhookLogEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['WebhookLog']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type WebhookLogEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookLogEdge'] = ResolversParentTypes['WebhookLogEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['WebhookLog'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type WebhookLogPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookLogPayload'] = ResolversParentTypes['WebhookLogPayload']> = ResolversObject<{
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  webhookLog?: Resolver<Maybe<ResolversTypes['WebhookLog']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type WebhookPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookPayload'] = ResolversParentTypes['WebhookPayload']> = ResolversObject<{
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  webhook?: Resolver<Maybe<ResolversTypes['Webhook']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type WebhookStatusResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookStatus'] = ResolversParentTypes['WebhookStatus']> = ResolversObject<{
  attempts?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  dateCreated?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dateModified?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  event?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  nextAttemptAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  resourceId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  resourceType?: Resolver<ResolversTypes['EventResource'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['WebhookDeliveryStatus'], ParentType, ContextType>;
  store?: Resolver<ResolversTypes['Store'], ParentType, ContextType>;
  webhook?: Resolver<ResolversTypes['Webhook'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type WebhookStatusConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookStatusConnection'] = ResolversParentTypes['WebhookStatusConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['WebhookStatusEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['WebhookStatus']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type WebhookStatusEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookStatusEdge'] = ResolversParentTypes['WebhookStatusEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['WebhookStatus'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type WebhookStatusPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookStatusPayload'] = ResolversParentTypes['WebhookStatusPayload']> = ResolversObject<{
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  webhookStatus?: Resolver<Maybe<ResolversTypes['WebhookStatus']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type Resolvers<ContextType = GraphQLContext> = ResolversObject<{
  AppliedTax?: AppliedTaxResolvers<ContextType>;
  AppliedTaxConnection?: AppliedTaxConnectionResolvers<ContextType>;
  AppliedTaxEdge?: AppliedTaxEdgeResolvers<ContextType>;
  AppliedTaxPayload?: AppliedTaxPayloadResolvers<ContextType>;
  Attribute?: AttributeResolvers<ContextType>;
  AttributeConnection?: AttributeConnectionResolvers<ContextType>;
  AttributeEdge?: AttributeEdgeResolvers<ContextType>;
  AttributePayload?: AttributePayloadResolvers<ContextType>;
  Cart?: CartResolvers<ContextType>;
  CartConnection?: CartConnectionResolvers<ContextType>;
  CartEdge?: CartEdgeResolvers<ContextType>;
  CartPayload?: CartPayloadResolvers<ContextType>;
  Changelog?: ChangelogResolvers<ContextType>;
  ChangelogConnection?: ChangelogConnectionResolvers<ContextType>;
  ChangelogEdge?: ChangelogEdgeResolvers<ContextType>;
  ChangelogPayload?: ChangelogPayloadResolvers<ContextType>;
  Client?: ClientResolvers<ContextType>;
  ClientConnection?: ClientConnectionResolvers<ContextType>;
  ClientEdge?: ClientEdgeResolvers<ContextType>;
  ClientPayload?: ClientPayloadResolvers<ContextType>;
  CouponDetail?: CouponDetailResolvers<ContextType>;
  CouponDetailConnection?: CouponDetailConnectionResolvers<ContextType>;
  CouponDetailEdge?: CouponDetailEdgeResolvers<ContextType>;
  CouponDetailPayload?: CouponDetailPayloadResolvers<ContextType>;
  Customer?: CustomerResolvers<ContextType>;
  CustomerConnection?: CustomerConnectionResolvers<ContextType>;
  CustomerEdge?: CustomerEdgeResolvers<ContextType>;
  CustomerPayload?: CustomerPayloadResolvers<ContextType>;
  Date?: GraphQLScalarType;
  DateTime?: GraphQLScalarType;
  Decimal?: GraphQLScalarType;
  DeletePayload?: DeletePayloadResolvers<ContextType>;
  DiscountDetail?: DiscountDetailResolvers<ContextType>;
  DiscountDetailConnection?: DiscountDetailConnectionResolvers<ContextType>;
  DiscountDetailEdge?: DiscountDetailEdgeResolvers<ContextType>;
  DiscountDetailPayload?: DiscountDetailPayloadResolvers<ContextType>;
  Download?: DownloadResolvers<ContextType>;
  DownloadConnection?: DownloadConnectionResolvers<ContextType>;
  DownloadEdge?: DownloadEdgeResolvers<ContextType>;
  DownloadPayload?: DownloadPayloadResolvers<ContextType>;
  Downloadable?: DownloadableResolvers<ContextType>;
  DownloadableConnection?: DownloadableConnectionResolvers<ContextType>;
  DownloadableEdge?: DownloadableEdgeResolvers<ContextType>;
  DownloadablePayload?: DownloadablePayloadResolvers<ContextType>;
  Event?: EventResolvers<ContextType>;
  EventConnection?: EventConnectionResolvers<ContextType>;
  EventEdge?: EventEdgeResolvers<ContextType>;
  EventPayload?: EventPayloadResolvers<ContextType>;
  EventSubject?: EventSubjectResolvers<ContextType>;
  FraudProtection?: FraudProtectionResolvers<ContextType>;
  FraudProtectionConnection?: FraudProtectionConnectionResolvers<ContextType>;
  FraudProtectionEdge?: FraudProtectionEdgeResolvers<ContextType>;
  FraudProtectionPayload?: FraudProtectionPayloadResolvers<ContextType>;
  GiftCard?: GiftCardResolvers<ContextType>;
  GiftCardCode?: GiftCardCodeResolvers<ContextType>;
  GiftCardCodeConnection?: GiftCardCodeConnectionResolvers<ContextType>;
  GiftCardCodeEdge?: GiftCardCodeEdgeResolvers<ContextType>;
  GiftCardCodePayload?: GiftCardCodePayloadResolvers<ContextType>;
  GiftCardConnection?: GiftCardConnectionResolvers<ContextType>;
  GiftCardEdge?: GiftCardEdgeResolvers<ContextType>;
  GiftCardPayload?: GiftCardPayloadResolvers<ContextType>;
  Item?: ItemResolvers<ContextType>;
  ItemCategory?: ItemCategoryResolvers<ContextType>;
  ItemCategoryConnection?: ItemCategoryConnectionResolvers<ContextType>;
  ItemCategoryEdge?: ItemCategoryEdgeResolvers<ContextType>;
  ItemCategoryPayload?: ItemCategoryPayloadResolvers<ContextType>;
  ItemConnection?: ItemConnectionResolvers<ContextType>;
  ItemEdge?: ItemEdgeResolvers<ContextType>;
  ItemOption?: ItemOptionResolvers<ContextType>;
  ItemOptionConnection?: ItemOptionConnectionResolvers<ContextType>;
  ItemOptionEdge?: ItemOptionEdgeResolvers<ContextType>;
  ItemOptionPayload?: ItemOptionPayloadResolvers<ContextType>;
  ItemPayload?: ItemPayloadResolvers<ContextType>;
  JSON?: GraphQLScalarType;
  Mutation?: MutationResolvers<ContextType>;
  NativeIntegration?: NativeIntegrationResolvers<ContextType>;
  NativeIntegrationConnection?: NativeIntegrationConnectionResolvers<ContextType>;
  NativeIntegrationEdge?: NativeIntegrationEdgeResolvers<ContextType>;
  NativeIntegrationPayload?: NativeIntegrationPayloadResolvers<ContextType>;
  Node?: NodeResolvers<ContextType>;
  OAuthToken?: OAuthTokenResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  PaymentMethodSet?: PaymentMethodSetResolvers<ContextType>;
  PaymentMethodSetConnection?: PaymentMethodSetConnectionResolvers<ContextType>;
  PaymentMethodSetEdge?: PaymentMethodSetEdgeResolvers<ContextType>;
  PaymentMethodSetFraudProtection?: PaymentMethodSetFraudProtectionResolvers<ContextType>;
  PaymentMethodSetFraudProtectionConnection?: PaymentMethodSetFraudProtectionConnectionResolvers<ContextType>;
  PaymentMethodSetFraudProtectionEdge?: PaymentMethodSetFraudProtectionEdgeResolvers<ContextType>;
  PaymentMethodSetFraudProtectionPayload?: PaymentMethodSetFraudProtectionPayloadResolvers<ContextType>;
  PaymentMethodSetPayload?: PaymentMethodSetPayloadResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  RegisterClientPayload?: RegisterClientPayloadResolvers<ContextType>;
  ResendPayload?: ResendPayloadResolvers<ContextType>;
  SendWebhooksPayload?: SendWebhooksPayloadResolvers<ContextType>;
  Shipment?: ShipmentResolvers<ContextType>;
  ShipmentConnection?: ShipmentConnectionResolvers<ContextType>;
  ShipmentEdge?: ShipmentEdgeResolvers<ContextType>;
  ShipmentPayload?: ShipmentPayloadResolvers<ContextType>;
  StageDownloadableUploadPayload?: StageDownloadableUploadPayloadResolvers<ContextType>;
  StagedUpload?: StagedUploadResolvers<ContextType>;
  Store?: StoreResolvers<ContextType>;
  StoreConnection?: StoreConnectionResolvers<ContextType>;
  StoreEdge?: StoreEdgeResolvers<ContextType>;
  StorePayload?: StorePayloadResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  SubscriptionConnection?: SubscriptionConnectionResolvers<ContextType>;
  SubscriptionEdge?: SubscriptionEdgeResolvers<ContextType>;
  SubscriptionEvent?: SubscriptionEventResolvers<ContextType>;
  SubscriptionEventConnection?: SubscriptionEventConnectionResolvers<ContextType>;
  SubscriptionEventEdge?: SubscriptionEventEdgeResolvers<ContextType>;
  SubscriptionEventPayload?: SubscriptionEventPayloadResolvers<ContextType>;
  SubscriptionMrrSnapshot?: SubscriptionMrrSnapshotResolvers<ContextType>;
  SubscriptionMrrSnapshotConnection?: SubscriptionMrrSnapshotConnectionResolvers<ContextType>;
  SubscriptionMrrSnapshotEdge?: SubscriptionMrrSnapshotEdgeResolvers<ContextType>;
  SubscriptionMrrSnapshotPayload?: SubscriptionMrrSnapshotPayloadResolvers<ContextType>;
  SubscriptionPayload?: SubscriptionPayloadResolvers<ContextType>;
  SubscriptionRoot?: SubscriptionRootResolvers<ContextType>;
  Tax?: TaxResolvers<ContextType>;
  TaxConnection?: TaxConnectionResolvers<ContextType>;
  TaxEdge?: TaxEdgeResolvers<ContextType>;
  TaxItemCategory?: TaxItemCategoryResolvers<ContextType>;
  TaxItemCategoryConnection?: TaxItemCategoryConnectionResolvers<ContextType>;
  TaxItemCategoryEdge?: TaxItemCategoryEdgeResolvers<ContextType>;
  TaxItemCategoryPayload?: TaxItemCategoryPayloadResolvers<ContextType>;
  TaxPayload?: TaxPayloadResolvers<ContextType>;
  TokenPayload?: TokenPayloadResolvers<ContextType>;
  Transaction?: TransactionResolvers<ContextType>;
  TransactionConnection?: TransactionConnectionResolvers<ContextType>;
  TransactionEdge?: TransactionEdgeResolvers<ContextType>;
  TransactionLog?: TransactionLogResolvers<ContextType>;
  TransactionLogConnection?: TransactionLogConnectionResolvers<ContextType>;
  TransactionLogEdge?: TransactionLogEdgeResolvers<ContextType>;
  TransactionLogPayload?: TransactionLogPayloadResolvers<ContextType>;
  TransactionPayload?: TransactionPayloadResolvers<ContextType>;
  User?: UserResolvers<ContextType>;
  UserConnection?: UserConnectionResolvers<ContextType>;
  UserEdge?: UserEdgeResolvers<ContextType>;
  UserError?: UserErrorResolvers<ContextType>;
  UserPayload?: UserPayloadResolvers<ContextType>;
  Viewer?: ViewerResolvers<ContextType>;
  Webhook?: WebhookResolvers<ContextType>;
  WebhookConnection?: WebhookConnectionResolvers<ContextType>;
  WebhookEdge?: WebhookEdgeResolvers<ContextType>;
  WebhookLog?: WebhookLogResolvers<ContextType>;
  WebhookLogConnection?: WebhookLogConnectionResolvers<ContextType>;
  WebhookLogEdge?: WebhookLogEdgeResolvers<ContextType>;
  WebhookLogPayload?: WebhookLogPayloadResolvers<ContextType>;
  WebhookPayload?: WebhookPayloadResolvers<ContextType>;
  WebhookStatus?: WebhookStatusResolvers<ContextType>;
  WebhookStatusConnection?: WebhookStatusConnectionResolvers<ContextType>;
  WebhookStatusEdge?: WebhookStatusEdgeResolvers<ContextType>;
  WebhookStatusPayload?: WebhookStatusPayloadResolvers<ContextType>;
}>;

export type DirectiveResolvers<ContextType = GraphQLContext> = ResolversObject<{
  bit?: BitDirectiveResolver<any, any, ContextType>;
  column?: ColumnDirectiveResolver<any, any, ContextType>;
  constraint?: ConstraintDirectiveResolver<any, any, ContextType>;
  default?: DefaultDirectiveResolver<any, any, ContextType>;
  derived?: DerivedDirectiveResolver<any, any, ContextType>;
  events?: EventsDirectiveResolver<any, any, ContextType>;
  handlers?: HandlersDirectiveResolver<any, any, ContextType>;
  link?: LinkDirectiveResolver<any, any, ContextType>;
  readOnly?: ReadOnlyDirectiveResolver<any, any, ContextType>;
  ref?: RefDirectiveResolver<any, any, ContextType>;
  rel?: RelDirectiveResolver<any, any, ContextType>;
  resource?: ResourceDirectiveResolver<any, any, ContextType>;
  upload?: UploadDirectiveResolver<any, any, ContextType>;
  value?: ValueDirectiveResolver<any, any, ContextType>;
  writeOnce?: WriteOnceDirectiveResolver<any, any, ContextType>;
  writeOnly?: WriteOnlyDirectiveResolver<any, any, ContextType>;
}>;
