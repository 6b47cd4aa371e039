import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export type ComingSoonPageProps = {
  title: string;
  /** One line under the title: what the page is for. */
  description: string;
  icon: LucideIcon;
  /** What the finished page will let the user do. */
  preview: string;
};

/** The body of a screen whose route, guard and title are real but whose content comes in a later issue. */
export function ComingSoonPage({ title, description, icon, preview }: ComingSoonPageProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState icon={icon} title="Coming soon" text={preview} />
    </>
  );
}
