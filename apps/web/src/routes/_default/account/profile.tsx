import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { getMyProfileQueryOptions } from '@/features/account/api/get-my-profile';
import { DeleteAccountSection } from '@/features/account/components/delete-account-section';
import { PasskeysSection } from '@/features/account/components/passkeys-section';
import { PasswordSection } from '@/features/account/components/password-section';
import { ProfileForm } from '@/features/account/components/profile-form';
import { SessionsSection } from '@/features/account/components/sessions-section';
import { TwoFactorSection } from '@/features/account/components/two-factor-section';
import { NotificationPreferencesSection } from '@/features/notifications/components/notification-preferences-section';
import { getServiceKeysQueryOptions } from '@/features/service-keys/api/get-service-keys';
import { ServiceKeysSection } from '@/features/service-keys/components/service-keys-section';
import { pageTitle } from '@/lib/page-title';
import { runtimeConfigQueryOptions } from '@/lib/runtime-config-query';

export const Route = createFileRoute('/_default/account/profile')({
  loader: ({ context }) => {
    const userId = context.session.getState().user?.id ?? '';
    // The keys load beside the profile; their section shows its own skeleton until then.
    void context.queryClient.prefetchQuery(getServiceKeysQueryOptions(context.graphqlClient));
    return context.queryClient.ensureQueryData(getMyProfileQueryOptions(context.graphqlClient, userId));
  },
  head: () => ({ meta: [{ title: pageTitle('Profile') }] }),
  component: ProfileRoute,
});

function ProfileRoute() {
  const { graphqlClient, session } = Route.useRouteContext();
  const userId = session.getState().user?.id ?? '';
  const { data } = useSuspenseQuery(getMyProfileQueryOptions(graphqlClient, userId));
  const profile = data.myProfile;
  // Only the built-in provider's accounts have a password the portal can change.
  const runtimeConfig = useQuery(runtimeConfigQueryOptions);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        title="Profile"
        description="Your details, where notifications reach you, the keys you use for the API, and your account."
        className="pb-0"
      />
      <ProfileForm profile={profile} />
      {runtimeConfig.data?.oidc.kind === 'built-in' && <PasswordSection />}
      <TwoFactorSection />
      {runtimeConfig.data?.oidc.kind === 'built-in' && <PasskeysSection />}
      <NotificationPreferencesSection />
      <ServiceKeysSection />
      <SessionsSection />
      <DeleteAccountSection email={profile.email} />
    </div>
  );
}
