/**
 * Request ids (src/server/observability/request-ids.ts): echoed in X-Request-Id, made when the
 * incoming one is missing or not an id, and in every error body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An app as configured by default. */
let plain: TestApp;
beforeAll(async () => {
  plain = await createTestApp();
});
afterAll(async () => {
  await plain.close();
});

describe('request ids', () => {
  it('makes one for each request and echoes it in X-Request-Id', async () => {
    const first = await plain.app.inject({ method: 'GET', url: '/api/config' });
    const second = await plain.app.inject({ method: 'GET', url: '/api/config' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('keeps a valid incoming X-Request-Id and replaces one that is not', async () => {
    for (const id of ['edge-7f3a.42', 'Root=1-67891233-abcdef012345678912345678', 'a'.repeat(128)]) {
      const response = await plain.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': id } });
      expect(response.headers['x-request-id']).toBe(id);
    }
    for (const id of ['', 'has spaces in it', 'a'.repeat(129), '<script>', 'line\u0085break', 'ünïcode']) {
      const response = await plain.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': id } });
      expect(response.headers['x-request-id'], id).toMatch(UUID);
    }
  });

  it('puts it in every error body, the message unchanged', async () => {
    const notFound = await plain.app.inject({
      method: 'GET',
      url: '/api/spaces/00000000-0000-4000-8000-000000000000',
      headers: { 'x-request-id': 'support-case-1234' },
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ message: expect.any(String), requestId: 'support-case-1234' });

    const invalid = await plain.app.inject({ method: 'GET', url: '/api/spaces?limit=not-a-number' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ message: expect.stringMatching(/^Invalid /), requestId: invalid.headers['x-request-id'] });

    const signedOut = await plain.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Please log in to continue.', requestId: signedOut.headers['x-request-id'] });

    const badJson = await plain.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ requestId: badJson.headers['x-request-id'] });
  });
});
