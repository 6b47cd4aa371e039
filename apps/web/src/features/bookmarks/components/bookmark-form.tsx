import { bookmarkFormSchema, type BookmarkFormValues } from '@dxp/contracts/bookmarks';
import { completeWebAddress, isWebAddress } from '@dxp/contracts/web-address';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckIcon, SparklesIcon, TriangleAlertIcon } from 'lucide-react';
import { type FocusEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CancelOrSubmitFooter } from '@/components/cancel-or-submit-footer';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { LogoUrlField } from '@/components/web-address-input';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { useAddOrUpdateBookmark } from '../api/add-or-update-bookmark';
import { useBookmarkWithSameAddress } from '../api/find-bookmarks-by-address';
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
  // The address as last left (on blur), so the duplicate check does not run on every key.
  const [enteredUrl, setEnteredUrl] = useState(bookmark?.url ?? '');
  const sameAddress = useBookmarkWithSameAddress({ url: enteredUrl, teamFriendlyId, exceptId: bookmark?.id });

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

  /**
   * Fills the name and icon from the page. Asked for with the button it replaces them and says when nothing was
   * found; on its own (leaving the address with no name yet) it fills only empty fields, quietly.
   */
  const fetchNameAndIcon = async ({ isAutomatic = false } = {}) => {
    if (!(await form.trigger('url'))) return;
    const url = completeWebAddress(form.getValues('url'));
    siteInfoLookup.mutate(url, {
      onSuccess: (siteInfo) => {
        const fills = (field: 'name' | 'logoUrl') => !isAutomatic || !form.getValues(field).trim();
        if (siteInfo.title && fills('name')) {
          form.setValue('name', siteInfo.title, { shouldValidate: true, shouldDirty: true });
        }
        if (isWebAddress(siteInfo.faviconUrl) && fills('logoUrl')) {
          form.setValue('logoUrl', siteInfo.faviconUrl, { shouldDirty: true });
        }
        if (!isAutomatic && !siteInfo.title && !siteInfo.faviconUrl) {
          toast({ title: 'Nothing found', description: 'The page gives no title or icon; enter them yourself.' });
        }
      },
      onError: (error) => {
        if (isAutomatic) return;
        const parsed = parseError(error);
        toast({ title: 'Could not read the page', description: parsed.message, color: 'error' });
      },
    });
  };

  const urlField = form.register('url');
  const completeAddress = (event: FocusEvent<HTMLInputElement>) => {
    void urlField.onBlur(event);
    const typed = form.getValues('url');
    const completed = completeWebAddress(typed);
    if (completed !== typed) form.setValue('url', completed, { shouldDirty: true });
    if (!isWebAddress(completed)) return;
    setEnteredUrl(completed);
    if (completed !== bookmark?.url && !form.getValues('name').trim()) void fetchNameAndIcon({ isAutomatic: true });
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
              description={
                sameAddress ? (
                  <span role="status" className="flex items-start gap-1.5 tone-warning text-tone-text">
                    <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
                    {teamFriendlyId
                      ? `The team already has a bookmark for this address: ${sameAddress.name}.`
                      : `You already have a bookmark for this address: ${sameAddress.name}.`}
                  </span>
                ) : (
                  'For example github.com; https:// is added when left out. The name and icon are looked up.'
                )
              }
            >
              <Input
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="example.com"
                {...urlField}
                onBlur={completeAddress}
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
          <LogoUrlField
            label="Icon URL"
            description="Optional: an image shown on the tile."
            placeholder="https://example.com/favicon.ico"
            error={errors.logoUrl?.message}
            {...form.register('logoUrl')}
          />
        </CardContent>
        <CancelOrSubmitFooter
          cancelHref={cancelHref}
          isPending={saveBookmark.isPending}
          submitLabel={bookmark ? 'Save bookmark' : 'Add bookmark'}
        />
      </form>
      {unsavedChanges.dialog}
    </Card>
  );
}
