import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { CheckIcon, ChevronsUpDownIcon, SearchIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { PopoverContent } from '@/components/ui/popover';
import { useEffect, useId, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { inputClassName } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { parseError } from '@/lib/graphql-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { getAllApplicationsQueryOptions } from '../api/get-all-applications';

export interface PickedApplication {
  id: string;
  name: string;
}

export type ApplicationPickerProps = Omit<ComponentProps<'button'>, 'value' | 'onChange'> & {
  /** The chosen application; none means every application. */
  value: PickedApplication | undefined;
  onChange: (application: PickedApplication | undefined) => void;
};

/** Matches shown at once; more are reached by typing more of the name. */
export const pickerResultCount = 20;

/**
 * Chooses one application of any size of catalogue: a button showing the choice opens a search box over the
 * catalogue (name or description) and a list of matches, used with the mouse or the keyboard (arrows, Enter,
 * Escape). The button takes the field's id and label.
 */
export function ApplicationPicker({ value, onChange, className, ...buttonProps }: ApplicationPickerProps) {
  const [isOpen, setIsOpen] = useState(false);
  const listboxId = useId();

  return (
    <Popover.Root open={isOpen} onOpenChange={setIsOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          // Radix adds aria-haspopup="dialog", aria-expanded and aria-controls (the popup with the search and the list).
          role="combobox"
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              setIsOpen(true);
            }
          }}
          className={cn(
            inputClassName,
            'flex h-9 items-center justify-between gap-2 py-1 text-left',
            !value && 'text-muted-foreground',
            className,
          )}
          {...buttonProps}
        >
          <span className="truncate">{value?.name ?? 'All applications'}</span>
          <ChevronsUpDownIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        </button>
      </Popover.Trigger>
      <PopoverContent
        align="start"
        sideOffset={4}
        aria-label="Choose an application"
        className="w-(--radix-popover-trigger-width) min-w-72 rounded-lg"
      >
        <ApplicationSearch
          listboxId={listboxId}
          value={value}
          onPick={(application) => {
            onChange(application);
            setIsOpen(false);
          }}
        />
      </PopoverContent>
    </Popover.Root>
  );
}

function ApplicationSearch({
  listboxId,
  value,
  onPick,
}: {
  listboxId: string;
  value: PickedApplication | undefined;
  onPick: (application: PickedApplication | undefined) => void;
}) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const optionIdPrefix = useId();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 250);
  const found = useQuery({
    ...getAllApplicationsQueryOptions(graphqlClient, { search: search || undefined, first: pickerResultCount }),
    placeholderData: keepPreviousData,
  });
  const matches = found.data?.allApplications.nodes ?? [];
  // Until the matches of what was typed arrive, the list shows the previous ones, which Enter must not pick.
  const isStale = text.trim() !== search || found.isPlaceholderData;
  // "All applications" first, then the matches; the active one is what Enter picks.
  const options: (PickedApplication | undefined)[] = [undefined, ...matches.map(({ id, name }) => ({ id, name }))];
  const [chosenIndex, setActiveIndex] = useState(0);
  const activeIndex = Math.min(chosenIndex, options.length - 1);
  const activeOptionId = `${optionIdPrefix}-${activeIndex}`;

  // A new search: start again from its first match (the best guess for what was typed).
  const [lastSearch, setLastSearch] = useState(search);
  if (search !== lastSearch) {
    setLastSearch(search);
    setActiveIndex(search ? 1 : 0);
  }
  useEffect(() => {
    document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  function moveOrPick(event: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(activeIndex + 1, last),
      ArrowUp: Math.max(activeIndex - 1, 0),
      PageDown: last,
      PageUp: 0,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActiveIndex(moves[event.key]!);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (!isStale) onPick(options[activeIndex]);
    }
  }

  const status = found.isError
    ? parseError(found.error).message
    : found.isPending
      ? 'Searching…'
      : matches.length === 0 && search
        ? `No application matches “${search}”.`
        : found.data?.allApplications.pageInfo.hasNextPage
          ? `The first ${pickerResultCount} matches; type more of the name to narrow them.`
          : undefined;

  return (
    <>
      <div className="relative border-b">
        <SearchIcon
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          type="text"
          role="combobox"
          aria-label="Search applications"
          aria-expanded
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeOptionId}
          placeholder="Name or description"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={moveOrPick}
          className="h-10 w-full rounded-t-lg bg-transparent pr-9 pl-9 text-sm outline-none placeholder:text-muted-foreground"
        />
        {found.isFetching && <Spinner label="Searching" className="absolute top-1/2 right-3 size-4 -translate-y-1/2" />}
      </div>
      <ul
        role="listbox"
        id={listboxId}
        aria-label="Applications"
        aria-busy={isStale || undefined}
        className={cn('max-h-72 overflow-y-auto p-1 transition-opacity', isStale && 'opacity-60')}
      >
        {options.map((option, index) => {
          const isSelected = option?.id === value?.id;
          return (
            <li
              key={option?.id ?? 'all'}
              id={`${optionIdPrefix}-${index}`}
              role="option"
              aria-selected={isSelected}
              onClick={() => onPick(option)}
              onMouseMove={() => setActiveIndex(index)}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm select-none',
                index === activeIndex && 'bg-muted',
                !option && 'text-muted-foreground',
              )}
            >
              <CheckIcon aria-hidden className={cn('size-4 shrink-0', !isSelected && 'invisible')} />
              <span className="truncate">{option?.name ?? 'All applications'}</span>
            </li>
          );
        })}
      </ul>
      {/* Always present, so screen readers hear each change of it. */}
      <p
        role="status"
        className={cn(
          'text-xs',
          status && 'border-t px-3 py-2',
          found.isError ? 'text-error-text' : 'text-muted-foreground',
        )}
      >
        {status}
      </p>
    </>
  );
}
