import { useNavigate } from '@tanstack/react-router';
import { teamPathOf, type TeamScreenProps } from '@/lib/team-area';
import { BookmarkForm } from '../components/bookmark-form';

export function AddTeamBookmarkScreen({ slug, area }: TeamScreenProps) {
  const navigate = useNavigate();
  const teamPath = teamPathOf(area, slug);
  return (
    <section aria-labelledby="add-bookmark-heading" className="grid gap-4">
      <h2 id="add-bookmark-heading" className="text-lg font-semibold">
        Add a team bookmark
      </h2>
      <BookmarkForm
        teamFriendlyId={slug}
        cancelHref={`${teamPath}/bookmarks`}
        onSaved={() => void navigate({ href: `${teamPath}/bookmarks` })}
      />
    </section>
  );
}
