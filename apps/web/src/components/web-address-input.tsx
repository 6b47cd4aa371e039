import type { ComponentProps, ReactNode } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** A web address field: the URL keyboard on phones, no autocomplete or spelling marks. */
export function WebAddressInput(props: ComponentProps<'input'>) {
  return <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} {...props} />;
}

export type LogoUrlFieldProps = ComponentProps<'input'> & {
  /** "Logo URL" unless the image is called otherwise (a bookmark's icon). */
  label?: string;
  description: ReactNode;
  error: string | undefined;
  /** The field's classes in its form's grid. */
  fieldClassName?: string;
};

/** The optional address of an image shown beside a name: a team's or an application's logo, a bookmark's icon. */
export function LogoUrlField({
  label = 'Logo URL',
  description,
  error,
  fieldClassName,
  placeholder = 'https://example.com/logo.png',
  ...input
}: LogoUrlFieldProps) {
  return (
    <FormField label={label} description={description} error={error} className={fieldClassName}>
      <WebAddressInput placeholder={placeholder} {...input} />
    </FormField>
  );
}
