import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { myBookmarkQueryOptions } from '@/features/bookmarks/api/find-bookmark';
import { BookmarkForm } from '@/features/bookmarks/components/bookmark-form';
import { DeleteBookmarkButton } from '@/features/bookmarks/components/delete-bookmark-button';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/account/bookmarks/$id')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(myBookmarkQueryOptions(context.graphqlClient, params.id)),
  head: () => ({ meta: [{ title: pageTitle('Edit bookmark') }] }),
  component: EditBookmarkPage,
});

function EditBookmarkPage() {
  const { id } = Route.useParams();
  const { graphqlClient } = Route.useRouteContext();
  const navigate = useNavigate();
  const { data: bookmark } = useSuspenseQuery(myBookmarkQueryOptions(graphqlClient, id));
  const backToList = () => void navigate({ to: '/account/bookmarks' });
  return (
    <>
      <PageHeader
        title="Edit bookmark"
        description={bookmark.name}
        actions={<DeleteBookmarkButton bookmark={bookmark} onDeleted={backToList} />}
      />
      <BookmarkForm bookmark={bookmark} cancelHref="/account/bookmarks" onSaved={backToList} />
    </>
  );
}
