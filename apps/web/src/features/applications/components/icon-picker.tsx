import { applicationIconNames } from '@dxp/contracts/application-icon';
import { ChevronsUpDownIcon, Icon, SearchIcon } from 'lucide-react';
import { useId, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { DialogHeading } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useIconNode } from '@/lib/icon-collection';
import { searchIconNames, shownIconLimit } from '../icon-search';

export type IconPickerProps = Omit<ComponentProps<'button'>, 'value' | 'onChange'> & {
  /** The chosen icon's name, or '' for none. */
  value: string;
  onChange: (name: string) => void;
};

/** One icon of the collection, drawn once its chunk has loaded (the box keeps its size meanwhile). */
function CollectionIcon({ name, className }: { name: string; className?: string }) {
  const iconNode = useIconNode(name);
  return (
    <span aria-hidden className={cn('inline-flex size-6 shrink-0 items-center justify-center', className)}>
      {iconNode && <Icon iconNode={iconNode} className="size-full" />}
    </span>
  );
}

/**
 * The application form's icon field: a button showing the chosen icon that opens a dialog to search the bundled
 * Lucide collection by name and pick one (arrow keys move through the results), or no icon.
 */
export function IconPicker({ value, onChange, className, ...buttonProps }: IconPickerProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const valueId = useId();
  const searchId = useId();
  const statusId = useId();
  const { names, matchCount } = searchIconNames(applicationIconNames, search);

  function choose(name: string) {
    onChange(name);
    setIsOpen(false);
  }

  function focusOption(index: number) {
    const bounded = Math.max(0, Math.min(index, names.length - 1));
    setActiveIndex(bounded);
    listRef.current?.querySelectorAll<HTMLElement>('[role="option"]')[bounded]?.focus();
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && names.length > 0) {
      event.preventDefault();
      focusOption(0);
    } else if (event.key === 'Enter') {
      // Enter in the search picks the best match instead of submitting the application form.
      event.preventDefault();
      if (names[0]) choose(names[0]);
    }
  }

  function onListKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const columns = listRef.current
      ? getComputedStyle(listRef.current).gridTemplateColumns.split(' ').filter(Boolean).length || 1
      : 1;
    const moves: Record<string, number> = {
      ArrowRight: activeIndex + 1,
      ArrowLeft: activeIndex - 1,
      ArrowDown: activeIndex + columns,
      ArrowUp: activeIndex - columns,
      Home: 0,
      End: names.length - 1,
    };
    if (event.key === 'ArrowUp' && activeIndex < columns) {
      event.preventDefault();
      document.getElementById(searchId)?.focus();
    } else if (event.key in moves) {
      event.preventDefault();
      focusOption(moves[event.key]!);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (names[activeIndex]) choose(names[activeIndex]);
    }
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (open) {
          setSearch('');
          setActiveIndex(0);
        }
      }}
    >
      <DialogTrigger asChild>
        <button
          type="button"
          {...buttonProps}
          aria-describedby={[valueId, buttonProps['aria-describedby']].filter(Boolean).join(' ')}
          className={cn(
            'flex h-9 w-full min-w-0 items-center gap-2 rounded-md border border-input bg-surface px-3 text-left text-sm shadow-xs transition-colors hover:bg-muted focus-visible:border-ring focus-visible:outline-1 focus-visible:outline-offset-0 aria-invalid:border-error',
            className,
          )}
        >
          {value ? <CollectionIcon name={value} className="size-5 text-primary-text" /> : null}
          <span id={valueId} className={cn('min-w-0 flex-1 truncate', !value && 'text-muted-foreground')}>
            {value || 'No icon'}
          </span>
          <ChevronsUpDownIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        </button>
      </DialogTrigger>
      <DialogContent className="grid-rows-[auto_auto_minmax(0,1fr)] overflow-hidden sm:max-w-2xl">
        <DialogHeading title="Choose an icon" description="Tiles show it when the application has no logo." />
        <div className="grid gap-2">
          <div className="flex flex-col gap-2 sm:flex-row">
            <div className="relative flex-1">
              <SearchIcon
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id={searchId}
                type="search"
                aria-label="Search icons"
                aria-describedby={statusId}
                placeholder="Search icons, e.g. git"
                autoComplete="off"
                spellCheck={false}
                className="pl-9"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setActiveIndex(0);
                }}
                onKeyDown={onSearchKeyDown}
              />
            </div>
            <Button
              type="button"
              color="neutral"
              variant="outline"
              aria-pressed={value === ''}
              onClick={() => choose('')}
            >
              No icon
            </Button>
          </div>
          <p id={statusId} aria-live="polite" className="text-xs text-muted-foreground">
            {matchCount === 0
              ? 'No icon matches this search.'
              : matchCount > shownIconLimit
                ? `Showing ${shownIconLimit} of ${matchCount} icons: search to find the others.`
                : `${matchCount} ${matchCount === 1 ? 'icon' : 'icons'}`}
          </p>
        </div>
        <div
          ref={listRef}
          role="listbox"
          aria-label="Icons"
          onKeyDown={onListKeyDown}
          className="grid min-h-0 grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] content-start gap-1 overflow-y-auto p-0.5"
        >
          {names.map((name, index) => (
            <div
              key={name}
              role="option"
              aria-selected={name === value}
              tabIndex={index === activeIndex ? 0 : -1}
              title={name}
              onClick={() => choose(name)}
              onFocus={() => setActiveIndex(index)}
              className="flex cursor-pointer flex-col items-center gap-1.5 rounded-md border border-transparent px-1 py-2 text-center text-[11px] leading-tight text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:border-ring focus-visible:bg-muted focus-visible:text-foreground aria-selected:border-primary/60 aria-selected:bg-primary/10 aria-selected:text-primary-text"
            >
              <CollectionIcon name={name} />
              <span className="line-clamp-2 w-full break-words">{name}</span>
            </div>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
