import { useNavigate } from '@tanstack/react-router';
import { teamPathOf, type TeamScreenProps } from '@/lib/team-area';
import { BookmarkForm } from '../components/bookmark-form';
import { PageSection } from '@/components/ui/page-section';

export function AddTeamBookmarkScreen({ slug, area }: TeamScreenProps) {
  const navigate = useNavigate();
  const teamPath = teamPathOf(area, slug);
  return (
    <PageSection title="Add a team bookmark">
      <BookmarkForm
        teamFriendlyId={slug}
        cancelHref={`${teamPath}/bookmarks`}
        onSaved={() => void navigate({ href: `${teamPath}/bookmarks` })}
      />
    </PageSection>
  );
}
