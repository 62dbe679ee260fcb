/**
 * A page's first API answers, embedded in its HTML (issue 10, "A light first
 * page"): the server puts the answers to the GET calls the page makes first in
 * a `<script type="application/json" id="initial-data">`, keyed by the call's
 * path; the client's query options take an answer once, as the initial data
 * of the query that makes that very call, so the page renders without waiting
 * for the network. An answer is the API's own (body and the headers the
 * client reads), so the page shows exactly what the call would have given.
 */
import { z } from 'zod';

/** The id of the `<script type="application/json">` element that carries the answers. */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

/** The response headers the client reads (GET /api/spaces's counts and cursor); others are not embedded. */
export const INITIAL_RESPONSE_HEADERS = ['x-total-count', 'x-total-count-exact', 'x-next-cursor'] as const;

/** One API answer: its JSON body and the headers of {@link INITIAL_RESPONSE_HEADERS} it had. */
export const initialResponseSchema = z.object({ body: z.unknown(), headers: z.record(z.string(), z.string()) });
export type InitialResponse = z.infer<typeof initialResponseSchema>;

/** The answers, by the path (and query string) of the GET call they answer, e.g. `/api/spaces/<id>`. */
export const initialDataSchema = z.record(z.string(), initialResponseSchema);
export type InitialData = z.infer<typeof initialDataSchema>;
