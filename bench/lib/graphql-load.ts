import type { Operation } from './operations.js';

/** autocannon's request for one operation as the SPA sends it, and the check that counts only answers it accepts. */
export function graphqlRequest(operation: Operation, token: string) {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: operation.query,
      variables: operation.variables,
      operationName: operation.operationName,
    }),
    verifyBody: (body: string) => {
      try {
        return operation.verify(JSON.parse(body) as Parameters<Operation['verify']>[0]);
      } catch {
        return false;
      }
    },
  };
}
