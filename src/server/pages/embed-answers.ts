/**
 * A page's first API answers, embedded in its HTML (src/shared/embedded-answers.ts,
 * issue 10): each is obtained by calling the API route itself in-process
 * (Fastify's `inject`), so the embedded body and headers are exactly what the
 * page's own call would get. Only answers that need no session are embedded
 * (the calls are made without the visitor's cookies), and only 200s.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMBEDDED_ANSWERS_ELEMENT_ID, EMBEDDED_ANSWER_HEADERS, type EmbeddedAnswers } from '../../shared/embedded-answers';
import { jsonForScript } from './head';

/**
 * GET each of `paths` (API paths with their query strings) on `app` and
 * collect the successful answers by path. A call that fails or answers
 * anything but 200 is left out: the page then makes it itself. The calls
 * carry the page request's id, so their log lines go with the page's.
 */
export async function fetchEmbeddedAnswers(app: FastifyInstance, request: FastifyRequest, paths: readonly string[]): Promise<EmbeddedAnswers> {
  const data: EmbeddedAnswers = {};
  await Promise.all(
    paths.map(async (url) => {
      try {
        const response = await app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'x-request-id': request.id } });
        if (response.statusCode !== 200) return;
        const headers: Record<string, string> = {};
        for (const name of EMBEDDED_ANSWER_HEADERS) {
          const value = response.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        data[url] = { body: response.json(), headers };
      } catch (error) {
        request.log.warn({ err: error, url }, 'Could not embed an API answer in the page');
      }
    }),
  );
  return data;
}

/**
 * The `<script type="application/json">` that carries `data`, or nothing when
 * it is empty. Every `<` in the JSON is written `\u003c`, so no text in it
 * (a space's title, say) can close the element or open a comment.
 */
export function renderEmbeddedAnswers(data: EmbeddedAnswers): string {
  if (Object.keys(data).length === 0) return '';
  return `<script type="application/json" id="${EMBEDDED_ANSWERS_ELEMENT_ID}">${jsonForScript(data)}</script>`;
}
