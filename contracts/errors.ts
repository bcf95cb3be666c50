// Every error answer of the API is `{ message, code, ...details, errorId }`: `code` names the kind of error
// ('not_found', 'rate_limited'), `errorId` this occurrence (the request id, also sent as X-Request-Id and written in
// the server's log line for that request).

/**
 * What a member or reviewer is shown beside a server failure (5xx) so their report can be matched to the log: the
 * first eight characters of the errorId, enough to find the line among a day's requests.
 */
export function errorReference(errorId: string): string {
  return `Reference: ${errorId.slice(0, 8)}`;
}
