import { useId, useState, type FormEvent } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { useUpdateAppRequestComments } from '../api/update-app-request-comments';
import { appRequestCommentsMaxLength } from './app-request-decision-dialog';
import { SaveChangesFooter } from '@/components/ui/save-changes-footer';

/** The administrators' comments on a request, editable at any time (the history keeps each change). */
export function AppRequestCommentsForm({ appRequest }: { appRequest: { id: string; comments?: string | null } }) {
  const updateComments = useUpdateAppRequestComments();
  const id = useId();
  const saved = appRequest.comments ?? '';
  const [comments, setComments] = useState(saved);
  const [lastSaved, setLastSaved] = useState(saved);
  // The request was refetched with other comments (a decision, another administrator): start from those.
  if (saved !== lastSaved) {
    setLastSaved(saved);
    setComments(saved);
  }
  const isChanged = comments.trim() !== saved.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    updateComments.mutate(
      { requestId: appRequest.id, comments: comments.trim() },
      {
        onSuccess: () => toast({ title: 'Comments saved', color: 'success' }),
        onError: (error) => {
          const { title, message } = parseError(error);
          toast({ title, description: message, color: 'error' });
        },
      },
    );
  }

  return (
    <Card>
      <form onSubmit={submit}>
        <CardHeader>
          <CardTitle>
            <Label htmlFor={id} className="text-base font-semibold">
              Comments
            </Label>
          </CardTitle>
          <CardDescription id={`${id}-description`}>
            Seen by the requester and their team. Approving or rejecting can set them too.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Textarea
            id={id}
            rows={4}
            maxLength={appRequestCommentsMaxLength}
            aria-describedby={`${id}-description`}
            value={comments}
            onChange={(event) => setComments(event.target.value)}
          />
        </CardContent>
        <SaveChangesFooter
          isChanged={isChanged}
          isPending={updateComments.isPending}
          onDiscard={() => setComments(saved)}
          saveLabel="Save comments"
        />
      </form>
    </Card>
  );
}
