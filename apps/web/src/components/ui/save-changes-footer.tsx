import type { ReactNode } from 'react';
import { Button } from './button';
import { CardFooter } from './card';

export interface SaveChangesFooterProps {
  /** Whether the form differs from what is saved: only then can it be saved or its changes discarded. */
  isChanged: boolean;
  isPending: boolean;
  /** Puts the form back as saved; left out where nothing is saved yet (a new item). */
  onDiscard?: () => void;
  saveLabel: ReactNode;
}

/** An edit form card's footer: "Discard changes" and the submit button, both idle until something changed. */
export function SaveChangesFooter({ isChanged, isPending, onDiscard, saveLabel }: SaveChangesFooterProps) {
  return (
    <CardFooter className="justify-end">
      {onDiscard && (
        <Button type="button" color="neutral" variant="ghost" disabled={!isChanged || isPending} onClick={onDiscard}>
          Discard changes
        </Button>
      )}
      <Button type="submit" loading={isPending} disabled={!isChanged}>
        {saveLabel}
      </Button>
    </CardFooter>
  );
}
