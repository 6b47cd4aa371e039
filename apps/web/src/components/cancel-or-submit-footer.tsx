import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { CardFooter } from '@/components/ui/card';

export interface CancelOrSubmitFooterProps {
  /** Where Cancel leads: the page the form was opened from. */
  cancelHref: string;
  isPending: boolean;
  submitLabel: ReactNode;
}

/** The footer of a form card on a page of its own: Cancel, a link back, and the submit button. */
export function CancelOrSubmitFooter({ cancelHref, isPending, submitLabel }: CancelOrSubmitFooterProps) {
  return (
    <CardFooter className="justify-end">
      <ButtonLink href={cancelHref} color="neutral" variant="outline">
        Cancel
      </ButtonLink>
      <Button type="submit" loading={isPending}>
        {submitLabel}
      </Button>
    </CardFooter>
  );
}
