/** The answers of GraphQL over HTTP for a single result, as Yoga offers them. */
export const answerMediaTypes = ['application/graphql-response+json', 'application/json'] as const;
export type AnswerMediaType = (typeof answerMediaTypes)[number];

/** Clients send a handful of `Accept` values, each over and over: the answer is remembered per value. */
const mediaTypeByAccept = new Map<string | undefined, AnswerMediaType | null>();
const MAX_REMEMBERED_ACCEPT_VALUES = 100;

/**
 * The answer's media type as Yoga picks it: the first media range of `Accept` that either type matches
 * (quality values are not weighed), the plain JSON type when both do; null when no range takes JSON.
 */
export function acceptedMediaType(accept: string | undefined): AnswerMediaType | null {
  let mediaType = mediaTypeByAccept.get(accept);
  if (mediaType === undefined) {
    mediaType = mediaTypeOfAccept(accept);
    if (mediaTypeByAccept.size >= MAX_REMEMBERED_ACCEPT_VALUES) mediaTypeByAccept.clear();
    mediaTypeByAccept.set(accept, mediaType);
  }
  return mediaType;
}

function mediaTypeOfAccept(accept: string | undefined): AnswerMediaType | null {
  for (const range of (accept ?? '*/*').replace(/\s/g, '').toLowerCase().split(',')) {
    const [mediaRange = '', ...parameters] = range.split(';');
    const charset = parameters.find((parameter) => parameter.startsWith('charset='));
    if (charset !== undefined && charset !== 'charset=utf-8') continue;
    const [rangeType, rangeSubtype] = mediaRange.split('/');
    const matching = answerMediaTypes.filter((type) => {
      const [typeType, typeSubtype] = type.split('/');
      return (rangeType === '*' || rangeType === typeType) && (rangeSubtype === '*' || rangeSubtype === typeSubtype);
    });
    if (matching.length > 0) return matching.at(-1)!;
  }
  return null;
}

const JSON_CONTENT_TYPE = /^\s*application\/json\s*(?:;|$)/i;

/** Only JSON bodies are accepted: a form or text/plain body is what a cross-site page can send without a preflight. */
export function isJsonContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_CONTENT_TYPE.test(contentType);
}
