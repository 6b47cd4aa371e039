import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** How long typing pauses before a list follows its filter: one request per pause, not per key. */
export const filterDebounceMs = 400;

/** What a list's filter bar is given: the filter the list shows and how to show another. */
export interface FilterBarProps<Filter> {
  filter: Filter;
  /** While the list fetches the rows of a new filter. */
  isUpdating?: boolean;
  /** Shows another filter; `replace` when it came from typing, so each pause is not a step of the back button. */
  onApply: (filter: Filter, options: { replace: boolean }) => void;
}

export interface LiveFilterOptions<Filter, Fields> extends FilterBarProps<Filter> {
  /** The form's fields showing a filter; `fieldsOf({})` are those of no filter. */
  fieldsOf: (filter: Filter) => Fields;
  /** The filter the fields name (trimmed, defaults left out). */
  filterOf: (fields: Fields) => Filter;
  /** Whether a filter is worth showing; one that can match nothing (a day range ending before it starts) is held back. */
  canApply?: (filter: Filter) => boolean;
}

/**
 * A filter form whose list follows it as it changes (docs/decisions/0072: the filter lives in the URL): typed text
 * once typing pauses, a choice at once, and a filter changed elsewhere (the back button, a link) becomes the form's.
 */
export function useLiveFilter<Filter, Fields extends object>({
  filter,
  fieldsOf,
  filterOf,
  canApply = () => true,
  isUpdating,
  onApply,
}: LiveFilterOptions<Filter, Fields>) {
  const [fields, setFields] = useState(() => fieldsOf(filter));
  const keyOf = (fieldsToApply: Fields) => JSON.stringify(filterOf(fieldsToApply));
  const applied = useRef(keyOf(fields));

  const shownKey = keyOf(fieldsOf(filter));
  useEffect(() => {
    if (shownKey !== applied.current) {
      applied.current = shownKey;
      setFields(fieldsOf(filter));
    }
    // `shownKey` stands for `filter`, whose object is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownKey]);

  function apply(next: Fields, replace: boolean) {
    const key = keyOf(next);
    if (key === applied.current) return;
    applied.current = key;
    const nextFilter = filterOf(next);
    if (canApply(nextFilter)) onApply(nextFilter, { replace });
  }

  const settled = useDebouncedValue(fields, filterDebounceMs);
  useEffect(() => {
    apply(settled, true);
    // Only a settled change applies; `apply` reads the latest `onApply` each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  /** Text being typed: the list follows once typing pauses. */
  const type = <Key extends keyof Fields>(key: Key, value: Fields[Key]) =>
    setFields((current) => ({ ...current, [key]: value }));
  /** A choice (a select, a date, a picked item): the list follows at once, with what was typed so far. */
  const choose = <Key extends keyof Fields>(key: Key, value: Fields[Key]) => {
    const next = { ...fields, [key]: value };
    setFields(next);
    apply(next, false);
  };

  return {
    fields,
    type,
    choose,
    /** A text field's `value` and `onChange` for the field `key`, which it types. */
    typedField: <Key extends keyof Fields>(key: Key) => ({
      value: fields[key],
      onChange: (value: Fields[Key]) => type(key, value),
    }),
    /** A choice field's `value` and `onChange` for the field `key`, which it chooses. */
    choiceField: <Key extends keyof Fields>(key: Key) => ({
      value: fields[key],
      onChange: (value: Fields[Key]) => choose(key, value),
    }),
    /** FilterForm's props but `hasFilter`: Enter applies what was typed without waiting for the pause. */
    formProps: {
      isUpdating,
      onApplyNow: () => apply(fields, false),
      onClear: () => {
        const next = fieldsOf({} as Filter);
        setFields(next);
        apply(next, false);
      },
    },
  };
}
