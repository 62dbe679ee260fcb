/**
 * A small local stand-in for the Stripe API (outside services are faked at
 * the network level, STYLE), enough for the real `stripe` SDK's calls used
 * by the payments provider: create and retrieve PaymentIntents, create refunds.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  application_fee_amount: number | null;
  transfer_data: { destination: string } | null;
}

export interface FakeStripe {
  url: string;
  intents: Map<string, FakeIntent>;
  refunds: string[];
  /** Idempotency keys seen with POST /v1/payment_intents. */
  idempotencyKeys: string[];
  close(): Promise<void>;
}

/** Parses Stripe's form encoding (a[b]=c) into nested objects. */
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

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const refunds: string[] = [];
  const idempotencyKeys: string[] = [];
  let counter = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
        response.end(JSON.stringify(payload));
      };
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const form = parseForm(body) as { amount: string; currency: string; metadata?: Record<string, string>; application_fee_amount?: string; transfer_data?: { destination: string } };
        const key = request.headers['idempotency-key'];
        if (typeof key === 'string') {
          idempotencyKeys.push(key);
          const existing = [...intents.values()].find((intent) => intent.metadata.__key === key);
          if (existing) return send(200, existing);
        }
        const id = `pi_fake_${++counter}`;
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: form.currency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_x`,
          metadata: { ...(form.metadata ?? {}), ...(typeof key === 'string' ? { __key: key } : {}) },
          application_fee_amount: form.application_fee_amount ? Number(form.application_fee_amount) : null,
          transfer_data: form.transfer_data ?? null,
        };
        intents.set(id, intent);
        return send(200, intent);
      }
      const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && retrieve) {
        const intent = intents.get(retrieve[1]!);
        if (!intent) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${retrieve[1]}'` } });
        return send(200, intent);
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        const form = parseForm(body) as { payment_intent: string };
        refunds.push(form.payment_intent);
        return send(200, { id: `re_${++counter}`, object: 'refund', payment_intent: form.payment_intent, status: 'succeeded' });
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    idempotencyKeys,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
