import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { useDeleteBookmark } from '../api/delete-bookmark';

export interface DeleteBookmarkButtonProps {
  bookmark: { id: string; name: string };
  /** Icon-only in lists, labelled on the edit screen. */
  isCompact?: boolean;
  onDeleted?: () => void;
}

export function DeleteBookmarkButton({ bookmark, isCompact = false, onDeleted }: DeleteBookmarkButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  const deleteBookmark = useDeleteBookmark();
  return (
    <ConfirmDialog
      open={isOpen}
      onOpenChange={setIsOpen}
      trigger={
        <Button
          color="error"
          variant={isCompact ? 'ghost' : 'outline'}
          size={isCompact ? 'sm' : 'md'}
          square={isCompact}
          aria-label={isCompact ? `Delete ${bookmark.name}` : undefined}
        >
          <Trash2Icon aria-hidden />
          {!isCompact && 'Delete bookmark'}
        </Button>
      }
      title="Delete this bookmark?"
      description={`“${bookmark.name}” will be removed. This cannot be undone.`}
      confirmLabel="Delete bookmark"
      isPending={deleteBookmark.isPending}
      onConfirm={async () => {
        // Awaited rather than `mutate` callbacks: the refetched list drops this row (unmounting it)
        // before those callbacks would run, and the toast must still come.
        try {
          await deleteBookmark.mutateAsync(bookmark.id);
        } catch (error) {
          const parsed = parseError(error);
          toast({ title: parsed.title, description: parsed.message, color: 'error' });
          return;
        }
        setIsOpen(false);
        toast({ title: 'Bookmark deleted', description: bookmark.name, color: 'success' });
        onDeleted?.();
      }}
    />
  );
}
