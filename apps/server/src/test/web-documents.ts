import { readFileSync } from 'node:fs';
import { Kind, parse } from 'graphql';
import { webTrustedDocumentsFile } from '../graphql/trusted-documents.js';

let documentsByOperationName: Map<string, string> | undefined;

/**
 * The text the web client sends for an operation, read from its trusted-document list, so that a server
 * test runs exactly what the browser runs instead of a copy that could drift from it.
 */
export function webDocument(operationName: string): string {
  documentsByOperationName ??= new Map(
    Object.values(JSON.parse(readFileSync(webTrustedDocumentsFile, 'utf8')) as Record<string, string>).flatMap((text) =>
      parse(text).definitions.flatMap((definition) =>
        definition.kind === Kind.OPERATION_DEFINITION && definition.name
          ? [[definition.name.value, text] as const]
          : [],
      ),
    ),
  );
  const document = documentsByOperationName.get(operationName);
  if (!document) {
    throw new Error(`The web client sends no operation ${operationName} (npm run documents:print -w apps/web).`);
  }
  return document;
}

/**
 * The web client's text for an operation with more fields selected, each selection before the first field of the
 * name its key gives (the list prints one field a line), for a test that also reads what the page does not, such as
 * the id of what a mutation made: `webDocumentSelecting('GetEventLogs', { pageInfo: 'totalCount' })`.
 */
export function webDocumentSelecting(operationName: string, selections: Record<string, string>): string {
  return Object.entries(selections).reduce((document, [field, selection]) => {
    const extended = document.replace(new RegExp(`^( *)(${field}\\b.*)$`, 'm'), `$1${selection}\n$1$2`);
    if (extended === document) throw new Error(`The web's ${operationName} selects no field ${field}.`);
    return extended;
  }, webDocument(operationName));
}
