import { bookmarkFormSchema, type BookmarkFormValues } from '@dxp/contracts/bookmarks';
import { isWebAddress } from '@dxp/contracts/web-address';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckIcon, SparklesIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { useAddOrUpdateBookmark } from '../api/add-or-update-bookmark';
import type { Bookmark } from '../api/get-my-bookmarks';
import { useSiteInfoLookup } from '../api/get-site-info';

export interface BookmarkFormProps {
  /** The bookmark being edited; a new one is created without it. */
  bookmark?: Bookmark;
  /** Set for a team bookmark. */
  teamFriendlyId?: string;
  cancelHref: string;
  onSaved: (bookmark: Bookmark) => void;
}

/** Adds or edits a personal or team bookmark; only http(s) addresses pass. */
export function BookmarkForm({ bookmark, teamFriendlyId, cancelHref, onSaved }: BookmarkFormProps) {
  const saveBookmark = useAddOrUpdateBookmark();
  const siteInfoLookup = useSiteInfoLookup();
  const form = useForm<BookmarkFormValues>({
    resolver: zodResolver(bookmarkFormSchema),
    defaultValues: { url: bookmark?.url ?? '', name: bookmark?.name ?? '', logoUrl: bookmark?.logoUrl ?? '' },
  });
  const { errors, isDirty } = form.formState;
  const unsavedChanges = useUnsavedChangesGuard(isDirty);

  const submit = form.handleSubmit((values) =>
    saveBookmark.mutate(
      { id: bookmark?.id, teamFriendlyId, url: values.url, name: values.name, logoUrl: values.logoUrl || null },
      {
        onSuccess: (saved) => {
          toast({
            title: bookmark ? 'Bookmark saved' : 'Bookmark added',
            description: saved.name,
            color: 'success',
            icon: CheckIcon,
          });
          unsavedChanges.allowLeaving();
          onSaved(saved);
        },
        onError: (error) => {
          const parsed = parseError(error);
          const fieldEntries = Object.entries(parsed.fieldErrors ?? {}).filter(([field]) => field in values);
          for (const [field, message] of fieldEntries) {
            form.setError(field as keyof BookmarkFormValues, { message });
          }
          if (fieldEntries.length === 0) toast({ title: parsed.title, description: parsed.message, color: 'error' });
        },
      },
    ),
  );

  const fetchNameAndIcon = async () => {
    if (!(await form.trigger('url'))) return;
    siteInfoLookup.mutate(form.getValues('url'), {
      onSuccess: (siteInfo) => {
        if (siteInfo.title) form.setValue('name', siteInfo.title, { shouldValidate: true, shouldDirty: true });
        if (isWebAddress(siteInfo.faviconUrl)) form.setValue('logoUrl', siteInfo.faviconUrl, { shouldDirty: true });
        if (!siteInfo.title && !siteInfo.faviconUrl) {
          toast({ title: 'Nothing found', description: 'The page gives no title or icon; enter them yourself.' });
        }
      },
      onError: (error) => {
        const parsed = parseError(error);
        toast({ title: 'Could not read the page', description: parsed.message, color: 'error' });
      },
    });
  };

  return (
    <Card className="max-w-2xl">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <CardContent className="grid gap-5">
          <div className="grid gap-2">
            <FormField
              label="Web address"
              required
              error={errors.url?.message}
              description="Starts with https:// or http://."
            >
              <Input
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://example.com"
                {...form.register('url')}
              />
            </FormField>
            <Button
              type="button"
              color="neutral"
              variant="outline"
              size="sm"
              className="w-fit"
              loading={siteInfoLookup.isPending}
              onClick={() => void fetchNameAndIcon()}
            >
              <SparklesIcon aria-hidden />
              Fetch name and icon
            </Button>
          </div>
          <FormField label="Name" required error={errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField
            label="Icon URL"
            error={errors.logoUrl?.message}
            description="Optional: an image shown on the tile."
          >
            <Input
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://example.com/favicon.ico"
              {...form.register('logoUrl')}
            />
          </FormField>
        </CardContent>
        <CardFooter className="justify-end">
          <Button asChild color="neutral" variant="outline">
            <AppLink href={cancelHref}>Cancel</AppLink>
          </Button>
          <Button type="submit" loading={saveBookmark.isPending}>
            {bookmark ? 'Save bookmark' : 'Add bookmark'}
          </Button>
        </CardFooter>
      </form>
      {unsavedChanges.dialog}
    </Card>
  );
}
