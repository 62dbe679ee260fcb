/**
 * A small local stand-in for the Stripe API (outside services are faked at
 * the network level, docs/architecture.md#tests), enough for the real `stripe` SDK's calls used
 * by the payments provider: PaymentIntents (create, retrieve with
 * `expand[]=latest_charge`, capture, cancel), refunds, Connect Express
 * accounts and account links, disputes and charges (retrieve), transfers and
 * transfer reversals (separate charges and transfers). It records
 * what it was asked (amounts, fee, destination, capture method, idempotency
 * keys) for assertions.
 *
 * Confirming a payment is the browser's job (Stripe.js): tests do it by
 * setting an intent's `status` to `succeeded` (or `requires_capture` for a
 * manual-capture intent), and an account's `charges_enabled` /
 * `details_submitted` for a finished onboarding. A renter's bank opens a
 * dispute with `openDispute`; tests move it on by setting its `status`.
 *
 * Saved cards (https://docs.stripe.com/payments/save-and-reuse): customers, setup intents (create,
 * retrieve with `expand[]=payment_method`), payment methods, and off-session intents created with
 * `confirm=true`. The browser's `confirmSetup` is `confirmSetupIntent(id, card)`; how an off-session
 * charge of a payment method ends is set in `offSessionOutcomes` (default `succeeds`): a decline or an
 * authentication request answers 402 with a card error carrying the intent, replayed for the same
 * idempotency key as Stripe does.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  capture_method: 'automatic' | 'manual';
  metadata: Record<string, string>;
  application_fee_amount: number | null;
  transfer_data: { destination: string } | null;
  description: string | null;
  /** Cents refunded so far (on the intent's charge). */
  amount_refunded: number;
  /** The idempotency key it was created with. */
  idempotency_key: string | null;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  /** Whether it was confirmed off session (`off_session=true`). */
  off_session: boolean;
}

/** A customer (https://docs.stripe.com/api/customers/object). */
export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
}

/** A card payment method attached to a customer (https://docs.stripe.com/api/payment_methods/object). */
export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string };
}

/** A setup intent (https://docs.stripe.com/api/setup_intents/object). */
export interface FakeSetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string | null;
  status: string;
  usage: string;
  payment_method: string | null;
  metadata: Record<string, string>;
}

/** How an off-session charge of a payment method ends. */
export type FakeOffSessionOutcome = 'succeeds' | 'declines' | 'requires_action';

export interface FakeRefund {
  id: string;
  payment_intent: string;
  /** Cents. */
  amount: number;
  reverse_transfer: boolean;
  refund_application_fee: boolean;
  idempotencyKey: string | null;
}

export interface FakeAccount {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  metadata: Record<string, string>;
  charges_enabled: boolean;
  details_submitted: boolean;
}

export interface FakeAccountLink {
  account: string;
  refresh_url: string;
  return_url: string;
  type: string;
  url: string;
}

/** A transfer to a connected account (https://docs.stripe.com/api/transfers/object); amounts in cents. */
export interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  source_transaction: string | null;
  metadata: Record<string, string>;
  reversed: boolean;
  transfer_group: string | null;
  idempotencyKey: string | null;
}

/** A reversal of a transfer; amount in cents. */
export interface FakeTransferReversal {
  id: string;
  transfer: string;
  amount: number;
  idempotencyKey: string | null;
}

/** A dispute of an intent's charge (https://docs.stripe.com/api/disputes/object). */
export interface FakeDispute {
  id: string;
  object: 'dispute';
  /** Cents. */
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string | null;
  reason: string;
  status: string;
}

/** Requests held back by `pause` until released. */
export interface FakePause {
  /** Resolves when the first matching request has arrived (and is being held). */
  reached: Promise<void>;
  /** Lets the held requests (and later ones) through. */
  release(): void;
}

/** One API call as the fake saw it. */
export interface FakeRequest {
  method: string;
  path: string;
  form: Record<string, unknown>;
  idempotencyKey: string | null;
}

export interface FakeStripe {
  url: string;
  intents: Map<string, FakeIntent>;
  refunds: FakeRefund[];
  accounts: Map<string, FakeAccount>;
  accountLinks: FakeAccountLink[];
  disputes: Map<string, FakeDispute>;
  transfers: Map<string, FakeTransfer>;
  transferReversals: FakeTransferReversal[];
  customers: Map<string, FakeCustomer>;
  setupIntents: Map<string, FakeSetupIntent>;
  paymentMethods: Map<string, FakePaymentMethod>;
  /** How off-session charges of a payment method end (by its id); absent: `succeeds`. */
  offSessionOutcomes: Map<string, FakeOffSessionOutcome>;
  /**
   * What Stripe.js `confirmSetup` does: a card payment method attached to the setup intent's customer,
   * and the intent succeeded. @returns the payment method's id
   */
  confirmSetupIntent(id: string, card?: { brand: string; last4: string }): string;
  /** Opens a dispute on the charge of `intentId` (status `needs_response` unless given); `withIntent: false` leaves its `payment_intent` empty. */
  openDispute(intentId: string, options?: { status?: string; withIntent?: boolean }): FakeDispute;
  /** Holds back the calls whose path matches until `release()` (a slow Stripe, to look at what happens meanwhile). */
  pause(path: RegExp): FakePause;
  /** Every call, in order. */
  requests: FakeRequest[];
  /** Idempotency keys seen with POST /v1/payment_intents. */
  idempotencyKeys: string[];
  /** While set, calls whose path matches answer 500 (Stripe being down), until it is cleared. */
  failing: RegExp | null;
  /**
   * Requests whose path matches are carried out but their answer is lost: the connection closes
   * with no response, as when the network drops it after Stripe made the object.
   */
  losing: RegExp | null;
  /** Forgets every idempotency key, as Stripe does after 24 hours: a request with a used key is new again. */
  forgetIdempotencyKeys(): void;
  /** Calls of one kind, e.g. `calls('POST', /\/capture$/)`. */
  calls(method: string, path: RegExp): FakeRequest[];
  close(): Promise<void>;
}

/** Parses Stripe's form encoding (a[b]=c, expand[0]=x) into nested objects. */
function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = result as Record<string, unknown>;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

const bool = (value: unknown) => value === 'true';

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const refunds: FakeRefund[] = [];
  const accounts = new Map<string, FakeAccount>();
  const accountLinks: FakeAccountLink[] = [];
  const disputes = new Map<string, FakeDispute>();
  const transfers = new Map<string, FakeTransfer>();
  const transferReversals: FakeTransferReversal[] = [];
  const customers = new Map<string, FakeCustomer>();
  const setupIntents = new Map<string, FakeSetupIntent>();
  const paymentMethods = new Map<string, FakePaymentMethod>();
  const offSessionOutcomes = new Map<string, FakeOffSessionOutcome>();
  /** Card errors answered for an idempotency key, replayed as Stripe does. */
  const errorReplies = new Map<string, { status: number; payload: unknown }>();
  const pauses: { path: RegExp; released: Promise<void>; arrived: () => void }[] = [];
  const requests: FakeRequest[] = [];
  const idempotencyKeys: string[] = [];
  /** Idempotent answers by key, as Stripe replays them. */
  const replies = new Map<string, unknown>();
  let counter = 0;
  const fake = { failing: null, losing: null } as FakeStripe;

  const charge = (intent: FakeIntent) => ({
    id: `ch_${intent.id}`,
    object: 'charge',
    amount: intent.amount,
    amount_refunded: intent.amount_refunded,
    refunded: intent.amount_refunded >= intent.amount,
    payment_intent: intent.id,
    payment_method_details: {
      type: 'card',
      card: (intent.payment_method ? paymentMethods.get(intent.payment_method)?.card : undefined) ?? { brand: 'visa', last4: '4242' },
    },
  });
  /** The intent as the API answers it; `latest_charge` expanded when asked. */
  const view = (intent: FakeIntent, expandCharge: boolean) => {
    const { idempotency_key: _key, amount_refunded: _refunded, off_session: _offSession, ...rest } = intent;
    const paid = intent.status === 'succeeded' || intent.status === 'requires_capture';
    return { ...rest, latest_charge: paid ? (expandCharge ? charge(intent) : `ch_${intent.id}`) : null };
  };
  const invalid = (message: string, code?: string) => ({ error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } });

  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', async () => {
      const held = pauses.filter((p) => p.path.test(new URL(request.url ?? '/', 'http://localhost').pathname));
      for (const pause of held) {
        pause.arrived();
        await pause.released;
      }
      const send = (status: number, payload: unknown) => {
        if (fake.losing?.test(new URL(request.url ?? '/', 'http://localhost').pathname)) {
          response.socket?.destroy();
          return;
        }
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
        response.end(JSON.stringify(payload));
      };
      const url = new URL(request.url ?? '/', 'http://localhost');
      const method = request.method ?? 'GET';
      const form = method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(body);
      const header = request.headers['idempotency-key'];
      const idempotencyKey = typeof header === 'string' ? header : null;
      requests.push({ method, path: url.pathname, form, idempotencyKey });
      if (fake.failing?.test(url.pathname)) return send(500, { error: { type: 'api_error', message: 'Something went wrong on our end.' } });
      const replay = (status: number, payload: unknown) => {
        if (idempotencyKey && status === 200) replies.set(`${method} ${url.pathname} ${idempotencyKey}`, payload);
        send(status, payload);
      };
      if (idempotencyKey && method === 'POST') {
        const failed = errorReplies.get(`${method} ${url.pathname} ${idempotencyKey}`);
        if (failed) return send(failed.status, failed.payload);
        const previous = replies.get(`${method} ${url.pathname} ${idempotencyKey}`);
        if (url.pathname === '/v1/payment_intents') idempotencyKeys.push(idempotencyKey);
        if (previous) {
          // Stripe replays the first answer; for an intent we answer its current state.
          const id = (previous as { object?: string; id?: string }).object === 'payment_intent' ? (previous as { id: string }).id : null;
          return send(200, id ? view(intents.get(id)!, false) : previous);
        }
      }

      let match: RegExpExecArray | null;
      if (method === 'POST' && url.pathname === '/v1/payment_intents') {
        const f = form as {
          amount: string;
          currency: string;
          capture_method?: string;
          metadata?: Record<string, string>;
          application_fee_amount?: string;
          transfer_data?: { destination: string };
          description?: string;
          customer?: string;
          payment_method?: string;
          setup_future_usage?: string;
          off_session?: string;
          confirm?: string;
        };
        if (f.customer && !customers.has(f.customer)) return send(400, invalid(`No such customer: '${f.customer}'`, 'resource_missing'));
        const paymentMethod = f.payment_method ? paymentMethods.get(f.payment_method) : undefined;
        if (f.payment_method && (!paymentMethod || paymentMethod.customer !== (f.customer ?? null)))
          return send(400, invalid(`No such PaymentMethod: '${f.payment_method}'`, 'resource_missing'));
        const id = `pi_fake_${++counter}`;
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(f.amount),
          currency: f.currency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_x`,
          capture_method: f.capture_method === 'manual' ? 'manual' : 'automatic',
          metadata: f.metadata ?? {},
          application_fee_amount: f.application_fee_amount ? Number(f.application_fee_amount) : null,
          transfer_data: f.transfer_data ?? null,
          description: f.description ?? null,
          amount_refunded: 0,
          idempotency_key: idempotencyKey,
          customer: f.customer ?? null,
          payment_method: f.payment_method ?? null,
          setup_future_usage: f.setup_future_usage ?? null,
          off_session: bool(f.off_session),
        };
        intents.set(id, intent);
        if (bool(f.confirm) && paymentMethod) {
          // Confirmed at once with a saved card (off session): the test's outcome for that card.
          const outcome = offSessionOutcomes.get(paymentMethod.id) ?? 'succeeds';
          if (outcome === 'succeeds') {
            intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
            return replay(200, view(intent, false));
          }
          const declined = outcome === 'declines';
          intent.status = declined ? 'requires_payment_method' : 'requires_action';
          const error = {
            error: {
              type: 'card_error',
              code: declined ? 'card_declined' : 'authentication_required',
              ...(declined ? { decline_code: 'generic_decline' } : {}),
              message: declined ? 'Your card was declined.' : 'Your card was declined. This transaction requires authentication.',
              payment_intent: view(intent, false),
            },
          };
          if (idempotencyKey) errorReplies.set(`${method} ${url.pathname} ${idempotencyKey}`, { status: 402, payload: error });
          return send(402, error);
        }
        return replay(200, view(intent, false));
      }
      if ((match = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(url.pathname))) {
        const intent = intents.get(match[1]!);
        if (!intent) return send(404, invalid(`No such payment_intent: '${match[1]}'`, 'resource_missing'));
        const action = match[2];
        if (method === 'GET' && !action) {
          const expand = Object.values((form.expand as Record<string, string> | undefined) ?? {});
          return send(200, view(intent, expand.includes('latest_charge')));
        }
        if (method === 'POST' && action === 'capture') {
          if (intent.status !== 'requires_capture') {
            return send(
              400,
              invalid(
                `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
                'payment_intent_unexpected_state',
              ),
            );
          }
          intent.status = 'succeeded';
          return replay(200, view(intent, false));
        }
        if (method === 'POST' && action === 'cancel') {
          if (intent.status === 'succeeded' || intent.status === 'canceled') {
            return send(
              400,
              invalid(
                `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
                'payment_intent_unexpected_state',
              ),
            );
          }
          intent.status = 'canceled';
          return replay(200, view(intent, false));
        }
      }
      if (method === 'POST' && url.pathname === '/v1/refunds') {
        const f = form as { payment_intent: string; amount?: string; reverse_transfer?: string; refund_application_fee?: string };
        const intent = intents.get(f.payment_intent);
        if (!intent) return send(404, invalid(`No such payment_intent: '${f.payment_intent}'`, 'resource_missing'));
        if (intent.status !== 'succeeded') return send(400, invalid(`This PaymentIntent does not have a successful charge to refund.`));
        const left = intent.amount - intent.amount_refunded;
        const amount = f.amount === undefined ? left : Number(f.amount);
        if (amount <= 0 || amount > left)
          return send(400, invalid(`Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${left / 100})`));
        intent.amount_refunded += amount;
        const refund: FakeRefund = {
          id: `re_fake_${++counter}`,
          payment_intent: intent.id,
          amount,
          reverse_transfer: bool(f.reverse_transfer),
          refund_application_fee: bool(f.refund_application_fee),
          idempotencyKey,
        };
        refunds.push(refund);
        return replay(200, {
          id: refund.id,
          object: 'refund',
          amount,
          payment_intent: intent.id,
          status: 'succeeded',
          currency: intent.currency,
        });
      }
      const transferView = (transfer: FakeTransfer) => {
        const { idempotencyKey: _key, ...rest } = transfer;
        return rest;
      };
      if (method === 'POST' && url.pathname === '/v1/transfers') {
        const f = form as {
          amount: string;
          currency: string;
          destination: string;
          source_transaction?: string;
          metadata?: Record<string, string>;
          transfer_group?: string;
        };
        const amount = Number(f.amount);
        if (!Number.isInteger(amount) || amount <= 0) return send(400, invalid('Invalid positive integer', 'parameter_invalid_integer'));
        const account = accounts.get(f.destination);
        if (!account) return send(400, invalid(`No such destination: '${f.destination}'`, 'resource_missing'));
        if (!account.charges_enabled) {
          return send(
            400,
            invalid(
              'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
            ),
          );
        }
        const transfer: FakeTransfer = {
          id: `tr_fake_${++counter}`,
          object: 'transfer',
          amount,
          amount_reversed: 0,
          currency: f.currency,
          destination: f.destination,
          source_transaction: f.source_transaction ?? null,
          metadata: f.metadata ?? {},
          reversed: false,
          transfer_group: f.transfer_group ?? null,
          idempotencyKey,
        };
        transfers.set(transfer.id, transfer);
        return replay(200, transferView(transfer));
      }
      if (method === 'GET' && url.pathname === '/v1/transfers') {
        // https://docs.stripe.com/api/transfers/list: newest first, filtered by `transfer_group` and `destination`.
        const f = form as { transfer_group?: string; destination?: string; limit?: string };
        const data = [...transfers.values()]
          .filter((transfer) => f.transfer_group === undefined || transfer.transfer_group === f.transfer_group)
          .filter((transfer) => f.destination === undefined || transfer.destination === f.destination)
          .reverse();
        const limit = Number(f.limit ?? 10);
        return send(200, {
          object: 'list',
          url: '/v1/transfers',
          has_more: data.length > limit,
          data: data.slice(0, limit).map(transferView),
        });
      }
      if ((match = /^\/v1\/transfers\/([^/]+)(\/reversals)?$/.exec(url.pathname))) {
        const transfer = transfers.get(match[1]!);
        if (!transfer) return send(404, invalid(`No such transfer: '${match[1]}'`, 'resource_missing'));
        if (method === 'GET' && !match[2]) return send(200, transferView(transfer));
        if (method === 'POST' && match[2]) {
          const f = form as { amount?: string };
          const left = transfer.amount - transfer.amount_reversed;
          const amount = f.amount === undefined ? left : Number(f.amount);
          if (amount <= 0 || amount > left) return send(400, invalid(`Transfer ${transfer.id} has only ${left} left to reverse.`));
          transfer.amount_reversed += amount;
          transfer.reversed = transfer.amount_reversed >= transfer.amount;
          const reversal: FakeTransferReversal = { id: `trr_fake_${++counter}`, transfer: transfer.id, amount, idempotencyKey };
          transferReversals.push(reversal);
          return replay(200, { id: reversal.id, object: 'transfer_reversal', amount, currency: transfer.currency, transfer: transfer.id });
        }
      }
      if (method === 'GET' && (match = /^\/v1\/disputes\/([^/]+)$/.exec(url.pathname))) {
        const dispute = disputes.get(match[1]!);
        if (!dispute) return send(404, invalid(`No such dispute: '${match[1]}'`, 'resource_missing'));
        return send(200, dispute);
      }
      if (method === 'GET' && (match = /^\/v1\/charges\/ch_([^/]+)$/.exec(url.pathname))) {
        const intent = intents.get(match[1]!);
        if (!intent || (intent.status !== 'succeeded' && intent.status !== 'requires_capture')) {
          return send(404, invalid(`No such charge: 'ch_${match[1]}'`, 'resource_missing'));
        }
        return send(200, charge(intent));
      }
      if (method === 'POST' && url.pathname === '/v1/customers') {
        const f = form as { email?: string; metadata?: Record<string, string> };
        const customer: FakeCustomer = {
          id: `cus_fake_${++counter}`,
          object: 'customer',
          email: f.email ?? null,
          metadata: f.metadata ?? {},
        };
        customers.set(customer.id, customer);
        return replay(200, customer);
      }
      if (method === 'POST' && url.pathname === '/v1/setup_intents') {
        const f = form as { customer?: string; usage?: string; metadata?: Record<string, string> };
        if (f.customer && !customers.has(f.customer)) return send(400, invalid(`No such customer: '${f.customer}'`, 'resource_missing'));
        const id = `seti_fake_${++counter}`;
        const intent: FakeSetupIntent = {
          id,
          object: 'setup_intent',
          client_secret: `${id}_secret_x`,
          customer: f.customer ?? null,
          status: 'requires_payment_method',
          usage: f.usage ?? 'off_session',
          payment_method: null,
          metadata: f.metadata ?? {},
        };
        setupIntents.set(id, intent);
        return replay(200, intent);
      }
      if (method === 'GET' && (match = /^\/v1\/setup_intents\/([^/]+)$/.exec(url.pathname))) {
        const intent = setupIntents.get(match[1]!);
        if (!intent) return send(404, invalid(`No such setupintent: '${match[1]}'`, 'resource_missing'));
        const expand = Object.values((form.expand as Record<string, string> | undefined) ?? {});
        const attached = intent.payment_method && expand.includes('payment_method') ? paymentMethods.get(intent.payment_method) : null;
        return send(200, { ...intent, payment_method: attached ?? intent.payment_method });
      }
      if (method === 'GET' && (match = /^\/v1\/payment_methods\/([^/]+)$/.exec(url.pathname))) {
        const paymentMethod = paymentMethods.get(match[1]!);
        if (!paymentMethod) return send(404, invalid(`No such PaymentMethod: '${match[1]}'`, 'resource_missing'));
        return send(200, paymentMethod);
      }
      if (method === 'POST' && url.pathname === '/v1/accounts') {
        const f = form as { type?: string; email?: string; metadata?: Record<string, string> };
        const account: FakeAccount = {
          id: `acct_fake_${++counter}`,
          object: 'account',
          type: f.type ?? 'standard',
          email: f.email ?? null,
          metadata: f.metadata ?? {},
          charges_enabled: false,
          details_submitted: false,
        };
        accounts.set(account.id, account);
        return replay(200, account);
      }
      if (method === 'GET' && (match = /^\/v1\/accounts\/([^/]+)$/.exec(url.pathname))) {
        const account = accounts.get(match[1]!);
        if (!account) return send(404, invalid(`No such account: '${match[1]}'`, 'resource_missing'));
        return send(200, account);
      }
      if (method === 'POST' && url.pathname === '/v1/account_links') {
        const f = form as { account: string; refresh_url: string; return_url: string; type: string };
        if (!accounts.has(f.account)) return send(404, invalid(`No such account: '${f.account}'`, 'resource_missing'));
        const link: FakeAccountLink = { ...f, url: `https://connect.stripe.test/setup/e/${f.account}/${++counter}` };
        accountLinks.push(link);
        return send(200, {
          object: 'account_link',
          url: link.url,
          created: Math.floor(Date.now() / 1000),
          expires_at: Math.floor(Date.now() / 1000) + 300,
        });
      }
      send(404, invalid(`Unrecognized request URL (${method}: ${url.pathname})`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    accounts,
    accountLinks,
    disputes,
    transfers,
    transferReversals,
    customers,
    setupIntents,
    paymentMethods,
    offSessionOutcomes,
    confirmSetupIntent(id: string, card = { brand: 'visa', last4: '4242' }) {
      const intent = setupIntents.get(id);
      if (!intent) throw new Error(`confirmSetupIntent: no setup intent ${id}`);
      const paymentMethod: FakePaymentMethod = {
        id: `pm_fake_${++counter}`,
        object: 'payment_method',
        type: 'card',
        customer: intent.customer,
        card,
      };
      paymentMethods.set(paymentMethod.id, paymentMethod);
      Object.assign(intent, { status: 'succeeded', payment_method: paymentMethod.id });
      return paymentMethod.id;
    },
    openDispute(intentId: string, options: { status?: string; withIntent?: boolean } = {}) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`openDispute: no intent ${intentId}`);
      const dispute: FakeDispute = {
        id: `dp_fake_${++counter}`,
        object: 'dispute',
        amount: intent.amount,
        currency: intent.currency,
        charge: `ch_${intent.id}`,
        payment_intent: options.withIntent === false ? null : intent.id,
        reason: 'fraudulent',
        status: options.status ?? 'needs_response',
      };
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    pause(path: RegExp): FakePause {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      pauses.push({ path, released, arrived });
      return { reached, release };
    },
    requests,
    idempotencyKeys,
    forgetIdempotencyKeys: () => {
      replies.clear();
      errorReplies.clear();
    },
    calls: (method: string, path: RegExp) => requests.filter((r) => r.method === method && path.test(r.path)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return fake;
}

/** The real Stripe SDK talking to `fake` (to make intents there and sign webhook events). */
export function fakeStripeSdk(fake: FakeStripe): Stripe {
  const base = new URL(fake.url);
  return new Stripe('sk_test_fake', { host: base.hostname, port: Number(base.port), protocol: 'http' });
}

/** Configuration that points the app's Stripe provider at `fake` (test keys, the fake's URL). */
export function stripeTestEnv(fake: FakeStripe, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_API_BASE: fake.url,
    ...extra,
  };
}

/** A test app's environment for `provider`: the demo payments, or Stripe against `fake`. */
export function paymentsTestEnv(provider: 'demo' | 'stripe', fake: FakeStripe): Record<string, string> {
  return provider === 'demo' ? { PAYMENTS: 'demo' } : stripeTestEnv(fake);
}
