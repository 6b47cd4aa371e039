import { CircleAlertIcon, CircleCheckIcon, CircleXIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { FormDialog } from '@/components/ui/form-dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast-store';
import { GraphQLRequestError, parseError } from '@/lib/graphql-client';
import { useApproveAppRequest } from '../api/approve-app-request';
import { useRejectAppRequest } from '../api/reject-app-request';

export const appRequestCommentsMaxLength = 2000;

export type AppRequestDecision = 'approve' | 'reject';

export interface AppRequestDecisionDialogProps {
  decision: AppRequestDecision;
  appRequest: { id: string; applicationName: string; teamName: string; requestedBy: string; comments?: string | null };
}

const wording = {
  approve: {
    trigger: 'Approve',
    title: 'Approve this request?',
    confirm: 'Approve',
    done: 'Request approved',
    colour: 'success',
    icon: CircleCheckIcon,
  },
  reject: {
    trigger: 'Reject',
    title: 'Reject this request?',
    confirm: 'Reject',
    done: 'Request rejected',
    colour: 'error',
    icon: CircleXIcon,
  },
} as const;

/** Approve or Reject, asked in a dialog with an optional comment that the requester will read. */
export function AppRequestDecisionDialog({ decision, appRequest }: AppRequestDecisionDialogProps) {
  const approve = useApproveAppRequest();
  const reject = useRejectAppRequest();
  const mutation = decision === 'approve' ? approve : reject;
  const words = wording[decision];
  const commentsId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [comments, setComments] = useState(appRequest.comments ?? '');
  const [failure, setFailure] = useState<string | null>(null);

  function onOpenChange(open: boolean) {
    if (mutation.isPending) return;
    if (open) {
      setComments(appRequest.comments ?? '');
      setFailure(null);
    }
    setIsOpen(open);
  }

  // Awaited rather than `mutate` callbacks: the refetched request is no longer pending, so this dialog
  // unmounts before those callbacks would run, and the toast must still come.
  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      await mutation.mutateAsync({ requestId: appRequest.id, comments: comments.trim() || null });
    } catch (error) {
      if (error instanceof GraphQLRequestError && error.code === 'INVALID_REQUEST') {
        // Decided meanwhile (another administrator, another tab): the page refetches and shows the outcome.
        setIsOpen(false);
        toast({ title: 'This request was already decided', description: error.message, color: 'info' });
        return;
      }
      setFailure(parseError(error).message);
      return;
    }
    setIsOpen(false);
    toast({
      title: words.done,
      description: `${appRequest.applicationName} for ${appRequest.teamName}. ${appRequest.requestedBy} has been told.`,
      color: 'success',
    });
  }

  const Icon = words.icon;
  return (
    <FormDialog
      open={isOpen}
      onOpenChange={onOpenChange}
      trigger={
        <Button color={words.colour} variant={decision === 'approve' ? 'solid' : 'outline'}>
          <Icon aria-hidden />
          {words.trigger}
        </Button>
      }
      title={words.title}
      description={
        decision === 'approve'
          ? `${appRequest.teamName} gets ${appRequest.applicationName}, enabled, and ${appRequest.requestedBy} is told.`
          : `${appRequest.teamName} does not get ${appRequest.applicationName}; ${appRequest.requestedBy} is told, with your comments.`
      }
      onSubmit={(event) => void submit(event)}
      submitLabel={words.confirm}
      submitColor={words.colour}
      isPending={mutation.isPending}
    >
      <div className="grid gap-2">
        <Label htmlFor={commentsId}>Comments</Label>
        <Textarea
          id={commentsId}
          rows={4}
          maxLength={appRequestCommentsMaxLength}
          aria-describedby={`${commentsId}-description`}
          value={comments}
          onChange={(event) => setComments(event.target.value)}
        />
        <p id={`${commentsId}-description`} className="text-sm text-muted-foreground">
          Optional. The requester sees them in the notification and on the request.
        </p>
      </div>
      {failure && (
        <Callout color="error" icon={CircleAlertIcon} role="alert">
          {failure}
        </Callout>
      )}
    </FormDialog>
  );
}
