/**
 * A page's first API answers, embedded in its HTML (src/shared/embedded-answers.ts):
 * each is obtained by calling the API route itself in-process
 * (Fastify's `inject`), so the embedded body and headers are exactly what the
 * page's own call would get. Only answers that need no session are embedded
 * (the calls are made without the visitor's cookies), and only 200s.
 *
 * A body is embedded as the JSON text the API sent, never parsed and written
 * again: the server parses an answer only when the page's head needs what it
 * says ({@link answerBody}), and the browser parses the element once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMBEDDED_ANSWERS_ELEMENT_ID, EMBEDDED_ANSWER_HEADERS } from '../../shared/embedded-answers';

/** One API answer as it was sent: its body's JSON text and the headers of {@link EMBEDDED_ANSWER_HEADERS} it had. */
export interface FetchedAnswer {
  json: string;
  headers: Record<string, string>;
}

/** Fetched answers by the path (and query string) of the GET call they answer. */
export type FetchedAnswers = Record<string, FetchedAnswer>;

/**
 * GET each of `paths` (API paths with their query strings) on `app` and
 * collect the successful JSON answers by path. A call that fails or answers
 * anything but a 200 with a JSON body is left out: the page then makes it
 * itself. The calls carry the page request's id, so their log lines go with
 * the page's.
 */
export async function fetchEmbeddedAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  paths: readonly string[],
): Promise<FetchedAnswers> {
  const answers: FetchedAnswers = {};
  await Promise.all(
    paths.map(async (url) => {
      try {
        const response = await app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'x-request-id': request.id } });
        if (response.statusCode !== 200 || !String(response.headers['content-type']).startsWith('application/json')) return;
        const headers: Record<string, string> = {};
        for (const name of EMBEDDED_ANSWER_HEADERS) {
          const value = response.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        answers[url] = { json: response.body, headers };
      } catch (error) {
        request.log.warn({ err: error, url }, 'Could not embed an API answer in the page');
      }
    }),
  );
  return answers;
}

/** The body of `answer` as a value (one `JSON.parse`), for a page whose head shows what it says; undefined without one. */
export function answerBody(answer: FetchedAnswer | undefined): unknown {
  return answer ? JSON.parse(answer.json) : undefined;
}

/**
 * The `<script type="application/json">` that carries `answers` (the
 * `EmbeddedAnswers` shape the client reads), or nothing when there are none.
 * Bodies go in as the API's own JSON text. Every `<` is then written
 * `\u003c`: in JSON text a `<` can only be inside a string, where the escape
 * reads back as the same character, so no text in it (a space's title, say)
 * can close the element or open a comment.
 */
export function renderEmbeddedAnswers(answers: FetchedAnswers): string {
  const entries = Object.entries(answers).map(
    ([path, { json, headers }]) => `${JSON.stringify(path)}:{"body":${json},"headers":${JSON.stringify(headers)}}`,
  );
  if (entries.length === 0) return '';
  const data = `{${entries.join(',')}}`.replace(/</g, '\\u003c');
  return `<script type="application/json" id="${EMBEDDED_ANSWERS_ELEMENT_ID}">${data}</script>`;
}
