import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '@/components/ui/toast-store';
import { parseError } from './graphql-client';

/**
 * Shows a failed submit where the user looks: messages about the form's own fields under those fields,
 * anything else in a toast.
 */
export function showFormError<TFieldValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TFieldValues>,
  fieldNames: ReadonlyArray<Path<TFieldValues>>,
): void {
  const { title, message, fieldErrors = {} } = parseError(error);
  const shownFields = fieldNames.filter((field) => fieldErrors[field]);
  shownFields.forEach((field, index) => {
    setError(field, { type: 'server', message: fieldErrors[field] }, { shouldFocus: index === 0 });
  });
  if (shownFields.length === 0) {
    toast({ title, description: message, color: 'error' });
  }
}
