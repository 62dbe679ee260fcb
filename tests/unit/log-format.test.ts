/**
 * The server's log (src/server/http/log-format.ts): readable lines on a terminal, one JSON object a
 * line otherwise, through a real Fastify app answering a request.
 */
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/server/http/log-format';
import { redactUrl } from '../../src/server/observability/redact';

/** What the app logs while answering GET /hello, one entry a line. */
async function logOfOneRequest(options: Awaited<ReturnType<typeof loggerOptions>>, stream?: PassThrough): Promise<string[]> {
  const app = Fastify({ logger: options });
  app.get('/hello', async () => ({ hello: 'world' }));
  expect((await app.inject({ method: 'GET', url: '/hello' })).statusCode).toBe(200);
  await app.close();
  stream?.end();
  const text = stream ? (await stream.toArray()).join('') : '';
  return text.split('\n').filter((line) => line.trim() !== '');
}

describe("the server's log", () => {
  it('on a terminal, says each request in words: method, URL, status and time', async () => {
    const destination = new PassThrough();
    const lines = await logOfOneRequest(await loggerOptions('info', { terminal: true, destination }), destination);
    expect(lines.some((line) => /INFO: req-\w+ incoming request GET \/hello$/.test(line))).toBe(true);
    expect(lines.some((line) => /INFO: req-\w+ request completed 200 in \d+ ms$/.test(line))).toBe(true);
    expect(lines.every((line) => !line.trimStart().startsWith('{'))).toBe(true);
  });

  it('elsewhere, is JSON, at the level asked for', async () => {
    expect(await loggerOptions('warn', { terminal: false })).toMatchObject({ level: 'warn' });
    expect(await loggerOptions('warn', { terminal: false })).not.toHaveProperty('stream');
  });

  it('writes no secret a log call passes under a known name', async () => {
    const destination = new PassThrough();
    const app = Fastify({ logger: await loggerOptions('info', { terminal: false, destination }) });
    app.log.info({ body: { email: 'a@example.com', password: 'hunter2-secret', cardNumber: '4242424242424242' } }, 'a body');
    await app.close();
    destination.end();
    const text = (await destination.toArray()).join('');
    expect(text).toContain('a@example.com');
    expect(text).not.toContain('hunter2-secret');
    expect(text).not.toContain('4242424242424242');
  });
});

describe('redactUrl', () => {
  it('takes out the values of secret query parameters, keeping the rest as it came', () => {
    expect(redactUrl('/unsubscribe?token=abc.def')).toBe('/unsubscribe?token=[REDACTED]');
    expect(redactUrl('/reset-password?from=email&token=a%2Fb&x')).toBe('/reset-password?from=email&token=[REDACTED]&x');
    expect(redactUrl('/api/x?access_token=1&client_secret=2&apiKey=3&code=4&password=5')).toBe(
      '/api/x?access_token=[REDACTED]&client_secret=[REDACTED]&apiKey=[REDACTED]&code=[REDACTED]&password=[REDACTED]',
    );
    expect(redactUrl('/api/x?%74oken=1')).toBe('/api/x?%74oken=[REDACTED]');
    expect(redactUrl('/api/spaces?city=Boston%20MA&limit=20&zipCode=02116')).toBe('/api/spaces?city=Boston%20MA&limit=20&zipCode=02116');
    expect(redactUrl('/api/spaces')).toBe('/api/spaces');
  });

  it('takes out the private calendar feed’s token from its path', () => {
    expect(redactUrl('/calendar/WLwZCsv7yiBDubZXc4EMQ6IYysW0onmz9dJllH6E9O8.ics')).toBe('/calendar/[REDACTED].ics');
    expect(redactUrl('/calendar/abc.ics?x=1')).toBe('/calendar/[REDACTED].ics?x=1');
    expect(redactUrl('/api/bookings/1/calendar.ics')).toBe('/api/bookings/1/calendar.ics');
  });
});
