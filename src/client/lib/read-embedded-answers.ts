import { EMBEDDED_ANSWERS_ELEMENT_ID, embeddedAnswersSchema, type EmbeddedAnswer } from '@/shared/embedded-answers';

let answers: Map<string, EmbeddedAnswer> | undefined;

/** The answers embedded in the page (src/shared/embedded-answers.ts), read once; none when missing or unreadable. */
function embeddedAnswers(): Map<string, EmbeddedAnswer> {
  if (answers) return answers;
  answers = new Map();
  const text = typeof document === 'undefined' ? null : document.getElementById(EMBEDDED_ANSWERS_ELEMENT_ID)?.textContent;
  if (text) {
    try {
      const parsed = embeddedAnswersSchema.safeParse(JSON.parse(text));
      if (parsed.success) answers = new Map(Object.entries(parsed.data));
    } catch {
      // Not JSON: the queries fetch as usual.
    }
  }
  return answers;
}

/**
 * The server's embedded answer to GET `path` (exactly the path the query
 * would fetch), given once: a query created again later (a refetch, a visit
 * after the cache dropped it) goes to the network. Undefined when the page
 * carries no answer for that call.
 */
export function takeEmbeddedAnswer(path: string): EmbeddedAnswer | undefined {
  const all = embeddedAnswers();
  const answer = all.get(path);
  all.delete(path);
  return answer;
}
