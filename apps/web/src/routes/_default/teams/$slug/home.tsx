import { createFileRoute } from '@tanstack/react-router';
import { HouseIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/teams/$slug/home')({
  head: () => ({ meta: [{ title: pageTitle('Team home') }] }),
  component: TeamHomePage,
});

function TeamHomePage() {
  const { slug } = Route.useParams();
  return (
    <ComingSoonPage
      icon={HouseIcon}
      title="Team home"
      description="The team's applications and bookmarks."
      preview={`The applications granted to ${slug} and its shared bookmarks will appear here.`}
    />
  );
}
