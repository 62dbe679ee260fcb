/**
 * A page's first API answers, embedded in its HTML (docs/decisions/007-a-light-first-page.md):
 * the server puts the answers to the GET calls the page makes first in
 * a `<script type="application/json" id="embedded-answers">`, keyed by the call's
 * path; the client's query options take an answer once, as the initial data
 * of the query that makes that very call, so the page renders without waiting
 * for the network. An answer is the API's own (body and the headers the
 * client reads), so the page shows exactly what the call would have given.
 */
import { z } from 'zod';

/** The id of the `<script type="application/json">` element that carries the answers. */
export const EMBEDDED_ANSWERS_ELEMENT_ID = 'embedded-answers';

/** The response headers the client reads (GET /api/spaces's counts and cursor); others are not embedded. */
export const EMBEDDED_ANSWER_HEADERS = ['x-total-count', 'x-total-count-exact', 'x-next-cursor'] as const;

/** One API answer: its JSON body and the headers of {@link EMBEDDED_ANSWER_HEADERS} it had. */
export const embeddedAnswerSchema = z.object({ body: z.unknown(), headers: z.record(z.string(), z.string()) });
export type EmbeddedAnswer = z.infer<typeof embeddedAnswerSchema>;

/** The answers, by the path (and query string) of the GET call they answer, e.g. `/api/spaces/<id>`. */
export const embeddedAnswersSchema = z.record(z.string(), embeddedAnswerSchema);
export type EmbeddedAnswers = z.infer<typeof embeddedAnswersSchema>;
