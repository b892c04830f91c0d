// The payment gateway seen by checkout: authorize an amount, and void an authorization that did
// not end up in a committed transaction. The built-in test gateway (DESIGN §6) declines the token
// `tok_decline` and approves anything else; it keeps no state, so voiding is only recorded.
import { randomUUID } from 'node:crypto';

export interface AuthorizationRequest {
  storeId: number;
  /** Exact decimal text, currency places. */
  amount: string;
  currencyCode: string;
  paymentToken?: string;
  /** What the authorization is for, for the gateway's own records (`cart:<id>`). */
  reference: string;
}

export interface Authorization {
  approved: boolean;
  /** The gateway's id of the authorization, when approved. */
  authorizationId?: string;
  message: string;
}

export interface PaymentGateway {
  /**
   * True when authorize and void run inside this process and do no I/O at all (no network, no
   * database): checkout may then authorize inside its one database transaction (checkout.ts).
   * Leave it out for anything that calls a real gateway.
   */
  readonly inProcess?: boolean;
  authorize(req: AuthorizationRequest): Promise<Authorization>;
  void(authorizationId: string, req: AuthorizationRequest): Promise<void>;
}

export const testGateway: PaymentGateway = {
  inProcess: true,
  async authorize(req) {
    if (req.paymentToken === 'tok_decline') return { approved: false, message: 'the test gateway declined the payment' };
    return { approved: true, authorizationId: `test_auth_${randomUUID().replaceAll('-', '')}`, message: `authorized ${req.amount} with the test gateway` };
  },
  async void() {
    // Nothing is held by the test gateway.
  },
};
