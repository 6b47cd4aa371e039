import { SearchIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { Input } from './input';
import { Label } from './label';

export interface SearchFieldProps {
  label: string;
  placeholder?: string;
  /** The search currently applied (e.g. from the URL); typing starts from it. */
  value: string;
  /** Called with the trimmed text once typing has paused for `delayMs`. */
  onSearch: (search: string) => void;
  delayMs?: number;
  className?: string;
}

/** A labelled search box that asks for results only after the user pauses typing. */
export function SearchField({ label, placeholder, value, onSearch, delayMs = 300, className }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const debouncedSearch = useDebouncedValue(text.trim(), delayMs);
  const lastSearch = useRef(value);

  // A search changed from outside (a link, the back button) replaces what was typed.
  useEffect(() => {
    if (value !== lastSearch.current) {
      lastSearch.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (debouncedSearch !== lastSearch.current) {
      lastSearch.current = debouncedSearch;
      onSearch(debouncedSearch);
    }
  }, [debouncedSearch, onSearch]);

  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <SearchIcon
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          className="pl-9"
          autoComplete="off"
          spellCheck={false}
        />
      </div>
    </div>
  );
}
