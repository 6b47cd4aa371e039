import {
  BookmarkIcon,
  CircleCheckIcon,
  InboxIcon,
  InfoIcon,
  PlusIcon,
  SettingsIcon,
  Trash2Icon,
  TriangleAlertIcon,
  UsersIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Avatar, avatarSizes } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast-store';
import { componentSizes, toneColours, toneVariants, type ToneColour } from '@/components/ui/tone';
import { Tooltip } from '@/components/ui/tooltip';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { ColourModeMenu } from '@/features/shell/colour-mode-menu';
import { LoadingBar, type LoadingStatus } from '@/features/shell/loading-bar';

const toastIcons: Partial<Record<ToneColour, typeof InfoIcon>> = {
  success: CircleCheckIcon,
  info: InfoIcon,
  warning: TriangleAlertIcon,
  error: TriangleAlertIcon,
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-4 border-t py-8">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid items-center gap-2 sm:grid-cols-[7rem_1fr]">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <div className="flex flex-wrap items-center gap-2">{children}</div>
    </div>
  );
}

/** Every primitive in every size, colour and variant (mounted in development at /dev/design-system). */
export function DesignSystemGallery() {
  const [loadingStatus, setLoadingStatus] = useState<LoadingStatus>('idle');
  const [isConfirmPending, setIsConfirmPending] = useState(false);
  const [isDialogOpen, setIsDialogOpen] = useState(false);

  return (
    <div className="grid">
      <PageHeader
        title="Design system"
        description="The UI kit's primitives in every size, colour and variant."
        actions={<ColourModeMenu />}
      />

      <Section title="Button">
        {toneVariants.map((variant) => (
          <Row key={variant} label={variant}>
            {toneColours.map((color) => (
              <Button key={color} color={color} variant={variant}>
                {color}
              </Button>
            ))}
          </Row>
        ))}
        <Row label="sizes">
          {componentSizes.map((size) => (
            <Button key={size} size={size}>
              <PlusIcon aria-hidden />
              Size {size}
            </Button>
          ))}
        </Row>
        <Row label="square">
          {componentSizes.map((size) => (
            <Button key={size} size={size} color="neutral" variant="outline" square aria-label={`Settings (${size})`}>
              <SettingsIcon aria-hidden />
            </Button>
          ))}
        </Row>
        <Row label="states">
          <Button loading>Saving</Button>
          <Button disabled>Disabled</Button>
          <Button asChild variant="outline">
            <a href="#button">A link as a button</a>
          </Button>
        </Row>
      </Section>

      <Section title="Badge">
        {toneVariants.map((variant) => (
          <Row key={variant} label={variant}>
            {toneColours.map((color) => (
              <Badge key={color} color={color} variant={variant}>
                {color}
              </Badge>
            ))}
          </Row>
        ))}
        <Row label="sizes">
          {componentSizes.map((size) => (
            <Badge key={size} size={size}>
              Size {size}
            </Badge>
          ))}
        </Row>
      </Section>

      <Section title="Avatar">
        <Row label="sizes">
          {avatarSizes.map((size) => (
            <Avatar key={size} size={size} name="Ada Lovelace" />
          ))}
        </Row>
      </Section>

      <Section title="Tooltip">
        <Row label="hover or focus">
          <Tooltip content="Opens after 700 ms">
            <Button color="neutral" variant="outline">
              Hover me
            </Button>
          </Tooltip>
        </Row>
      </Section>

      <Section title="Toast">
        <Row label="colours">
          {toneColours.map((color) => (
            <Button
              key={color}
              color={color}
              variant="soft"
              size="sm"
              onClick={() =>
                toast({
                  title: `A ${color} toast`,
                  description: 'Closes by itself after five seconds.',
                  color,
                  icon: toastIcons[color],
                })
              }
            >
              {color}
            </Button>
          ))}
        </Row>
        <Row label="with action">
          <Button
            color="neutral"
            variant="outline"
            size="sm"
            onClick={() =>
              toast({
                title: 'Bookmark deleted',
                color: 'neutral',
                actions: [{ label: 'Undo', onClick: () => toast({ title: 'Restored', color: 'success' }) }],
              })
            }
          >
            Toast with an action
          </Button>
        </Row>
      </Section>

      <Section title="Dialog">
        <Row label="dialog">
          <FormDialog
            open={isDialogOpen}
            onOpenChange={setIsDialogOpen}
            trigger={<Button variant="outline">Edit team</Button>}
            title="Edit team"
            description="Change how the team appears to its members."
            onSubmit={(event) => {
              event.preventDefault();
              setIsDialogOpen(false);
            }}
            submitLabel="Save"
            isPending={false}
          >
            <FormField label="Name">
              <Input defaultValue="Acme" />
            </FormField>
          </FormDialog>
          <ConfirmDialog
            trigger={
              <Button color="error" variant="soft">
                <Trash2Icon aria-hidden />
                Delete team
              </Button>
            }
            title="Delete the team Acme?"
            description="Its members lose access to its bookmarks and applications. This cannot be undone."
            confirmLabel="Delete team"
            confirmationText="Acme"
            isPending={isConfirmPending}
            onConfirm={() => {
              setIsConfirmPending(true);
              setTimeout(() => setIsConfirmPending(false), 1500);
            }}
          />
        </Row>
      </Section>

      <Section title="Dropdown menu">
        <Row label="menu">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button color="neutral" variant="outline">
                Actions
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              <DropdownMenuLabel>Team</DropdownMenuLabel>
              <DropdownMenuItem>
                <UsersIcon aria-hidden />
                Members
              </DropdownMenuItem>
              <DropdownMenuItem>
                <BookmarkIcon aria-hidden />
                Bookmarks
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem color="error">
                <Trash2Icon aria-hidden />
                Delete
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </Row>
      </Section>

      <Section title="Form">
        <div className="grid max-w-md gap-4">
          <FormField label="Team name" description="Shown to everyone in the team." required>
            <Input placeholder="Acme" />
          </FormField>
          <FormField label="Email" error="Enter a valid email address.">
            <Input type="email" defaultValue="ada@" />
          </FormField>
          <FormField label="Comments">
            <Textarea placeholder="Why does the team need this application?" />
          </FormField>
          <FormField label="Disabled">
            <Input disabled defaultValue="Read only" />
          </FormField>
        </div>
      </Section>

      <Section title="Card">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Card>
            <CardHeader>
              <CardTitle>Acme</CardTitle>
              <CardDescription>12 members · Owner</CardDescription>
            </CardHeader>
            <CardContent className="text-sm">Team bookmarks and applications live here.</CardContent>
            <CardFooter>
              <Button size="sm" variant="outline">
                Open
              </Button>
            </CardFooter>
          </Card>
          <Card>
            <CardHeader>
              <Skeleton className="h-5 w-32" />
              <Skeleton className="h-4 w-24" />
            </CardHeader>
            <CardContent className="grid gap-2">
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-2/3" />
            </CardContent>
          </Card>
          <Card className="flex items-center justify-center p-6">
            <Spinner />
          </Card>
        </div>
      </Section>

      <Section title="Empty state">
        <EmptyState
          icon={InboxIcon}
          title="No bookmarks yet"
          text="Bookmarks you add appear here, for you or for your whole team."
          action={
            <Button>
              <PlusIcon aria-hidden />
              Add bookmark
            </Button>
          }
        />
      </Section>

      <Section title="Notification bell">
        <Row label="unread">
          <NotificationBell
            hasUnread
            notifications={[
              { id: '1', message: 'Grace Hopper invited you to the team Acme.' },
              { id: '2', message: 'Your request for Billing Insights was approved.' },
              { id: '3', message: 'You are now an admin of Umbrella.' },
            ]}
          />
        </Row>
        <Row label="none">
          <NotificationBell hasUnread={false} notifications={[]} />
        </Row>
      </Section>

      <Section title="Loading bar">
        <Row label="status">
          <LoadingBar status={loadingStatus} />
          <Button size="sm" variant="outline" onClick={() => setLoadingStatus('loading')}>
            Start
          </Button>
          <Button size="sm" variant="outline" color="success" onClick={() => setLoadingStatus('idle')}>
            Finish
          </Button>
          <Button size="sm" variant="outline" color="error" onClick={() => setLoadingStatus('error')}>
            Error
          </Button>
        </Row>
      </Section>
    </div>
  );
}
