/** Drives the booking payment flow through the API, as the client does. */
import { AGREEMENT_VERSION } from '../../src/shared/constants';
import { futureCardExpiry } from './dates';
import type { TestApp } from './test-app';

export const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expiry: futureCardExpiry(), cvc: '123' };
export const DECLINED_CARD = { ...TEST_CARD, cardNumber: '4000 0000 0000 0002' };

export interface Dates {
  startDate: string;
  endDate: string;
}

/**
 * POST /api/create-booking-payment-intent as the booking dialog sends it, accepting the space-use agreement
 * (`agreementVersion`; `extra` may replace it, or leave it out with `agreementVersion: undefined`).
 */
export async function createIntent(t: TestApp, cookie: string, spaceId: string, dates: Dates, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/create-booking-payment-intent',
    headers: { cookie },
    payload: { spaceId, bookingDetails: dates, agreementVersion: AGREEMENT_VERSION, ...extra },
  });
}

export async function payIntent(t: TestApp, cookie: string, clientSecret: string, card = TEST_CARD) {
  return t.app.inject({ method: 'POST', url: '/api/demo-payments/confirm', headers: { cookie }, payload: { clientSecret, ...card } });
}

export async function createBooking(t: TestApp, cookie: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie }, payload });
}

/** Holds the dates and pays the hold's intent; returns what POST /api/bookings needs. */
export async function paidIntent(t: TestApp, cookie: string, spaceId: string, dates: Dates, extra: Record<string, unknown> = {}) {
  const intent = await createIntent(t, cookie, spaceId, dates, extra);
  if (intent.statusCode !== 200) throw new Error(`intent: ${intent.statusCode} ${intent.body}`);
  const body = intent.json() as {
    bookingId: string;
    paymentIntentId: string;
    clientSecret: string;
    amount: string;
    platformFeeAmount: string;
  };
  const paid = await payIntent(t, cookie, body.clientSecret);
  if (paid.statusCode !== 200) throw new Error(`payment: ${paid.statusCode} ${paid.body}`);
  return { ...body, booking: { spaceId, ...dates, totalPrice: body.amount, status: 'confirmed', paymentIntentId: body.paymentIntentId } };
}
