import type { Session } from '@/lib/session';
import { type EventLogFilter, eventLogExportQueryOf } from '../event-log-filter';

const fallbackFilename = 'event-logs.csv';

/**
 * Downloads the filtered event log as CSV. The export route needs our access token, which a plain
 * link cannot send, so the file is fetched with it and handed to the browser as a blob. An expired
 * token is refreshed once, like GraphQL calls.
 */
export async function downloadEventLogsCsv(
  session: Pick<Session, 'getAccessToken' | 'refreshAccessToken'>,
  filter: EventLogFilter,
): Promise<void> {
  const url = `/api/event-logs.csv?${eventLogExportQueryOf(filter).toString()}`;
  const fetchWith = (accessToken: string | null) =>
    fetch(url, { headers: { Accept: 'text/csv', ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}) } });

  let response = await fetchWith(session.getAccessToken());
  if (response.status === 401) {
    response = await fetchWith(await session.refreshAccessToken());
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? `The export failed with HTTP status ${response.status}.`);
  }
  saveBlob(await response.blob(), filenameOf(response.headers.get('content-disposition')));
}

function filenameOf(contentDisposition: string | null): string {
  return contentDisposition?.match(/filename="([^"]+)"/)?.[1] ?? fallbackFilename;
}

function saveBlob(blob: Blob, filename: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
