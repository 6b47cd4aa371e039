import { createFileRoute } from '@tanstack/react-router';
import { BackToPortalLink } from '@/components/back-to-portal-link';
import { PageHeader } from '@/components/ui/page-header';
import { publicAccess } from '@/features/auth/route-access';
import { useSession } from '@/lib/use-session';
import { ContactForm } from '@/features/contact/components/contact-form';
import { displayNameOf } from '@/features/shell/user-menu';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/contact-us')({
  staticData: { access: publicAccess },
  head: () => ({ meta: [{ title: pageTitle('Contact us') }] }),
  component: ContactUsRoute,
});

function ContactUsRoute() {
  const { user } = useSession();
  return (
    <div className="mx-auto grid w-full max-w-2xl">
      <PageHeader
        title="Contact us"
        description="Questions, access problems or feedback: your message goes to the portal administrators."
      />
      <ContactForm defaultValues={user ? { name: displayNameOf(user), email: user.email } : undefined} />
      {!user && <BackToPortalLink className="mt-6" />}
    </div>
  );
}
