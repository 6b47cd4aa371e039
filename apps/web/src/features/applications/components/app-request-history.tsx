import {
  CircleCheckIcon,
  CircleXIcon,
  MessageSquareTextIcon,
  SendIcon,
  Undo2Icon,
  type LucideIcon,
} from 'lucide-react';
import type { ToneColour } from '@/components/ui/tone';
import { toneColourClasses } from '@/components/ui/tone';
import type { AppRequestDetail } from '../api/get-app-request';
import { cn } from '@/lib/cn';
import { RelativeTime } from '@/components/relative-time';

type HistoryAction = AppRequestDetail['history'][number]['action'];

const actionLooks: Record<HistoryAction, { verb: string; icon: LucideIcon; colour: ToneColour }> = {
  CREATED: { verb: 'requested it', icon: SendIcon, colour: 'info' },
  APPROVED: { verb: 'approved it', icon: CircleCheckIcon, colour: 'success' },
  REJECTED: { verb: 'rejected it', icon: CircleXIcon, colour: 'error' },
  WITHDRAWN: { verb: 'withdrew it', icon: Undo2Icon, colour: 'neutral' },
  COMMENTS_UPDATED: { verb: 'changed the comments', icon: MessageSquareTextIcon, colour: 'neutral' },
};

/** What happened to a request, oldest first, as a timeline. */
export function AppRequestHistory({ history }: { history: AppRequestDetail['history'] }) {
  return (
    <section aria-labelledby="app-request-history-heading" className="grid gap-4">
      <h2 id="app-request-history-heading" className="text-base font-semibold">
        History
      </h2>
      <ol className="grid">
        {history.map((entry, index) => {
          const { verb, icon: Icon, colour } = actionLooks[entry.action];
          return (
            <li key={`${entry.createdAt}-${index}`} className="relative flex gap-3 pb-6 last:pb-0">
              {index < history.length - 1 && (
                <span aria-hidden className="absolute top-8 bottom-0 left-[0.9375rem] w-px bg-border" />
              )}
              <span
                className={cn(
                  toneColourClasses[colour],
                  'flex size-8 shrink-0 items-center justify-center rounded-full bg-tone/10 text-tone-text',
                )}
              >
                <Icon aria-hidden className="size-4" />
              </span>
              <div className="grid min-w-0 gap-1 pt-1.5">
                <p className="text-sm">
                  <span className="font-medium">{entry.actorName}</span> {verb}
                </p>
                <RelativeTime dateTime={entry.createdAt} className="justify-self-start text-xs text-muted-foreground" />
                {entry.comments && (
                  <p className="mt-1 rounded-lg border bg-surface-sunken px-3 py-2 text-sm break-words whitespace-pre-line">
                    {entry.comments}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
