/**
 * The server's log (src/server/http/log-format.ts): readable lines on a terminal, one JSON object a
 * line otherwise, through a real Fastify app answering a request.
 */
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/server/http/log-format';

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
    expect(await loggerOptions('warn', { terminal: false })).toEqual({ level: 'warn' });
  });
});
