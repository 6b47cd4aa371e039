import { applicationIconFormSchema } from '@dxp/contracts/application-icon-schema';
import { nameMaxLength, nameSchema, textUpToSchema } from '@dxp/contracts/text';
import { secureWebAddressSchema } from '@dxp/contracts/web-address-schema';
import { z } from 'zod';

// The rules of @dxp/contracts that the server's CreateApplicationInput / UpdateApplicationInput also parse,
// as the form holds them. Empty optional text means "none".
const optionalSecureAddressSchema = z.union([z.literal(''), secureWebAddressSchema]);

export const applicationNameMaxLength = nameMaxLength;

export const applicationFormSchema = z.object({
  name: nameSchema('a name'),
  description: textUpToSchema(2000),
  url: z.string().trim().min(1, 'Enter the address the application opens at.').pipe(secureWebAddressSchema),
  logoUrl: z.string().trim().pipe(optionalSecureAddressSchema),
  icon: applicationIconFormSchema,
  isDxp: z.boolean(),
  termsLink: z.string().trim().pipe(optionalSecureAddressSchema),
  /** A calendar day (`YYYY-MM-DD`) from a date input, or empty. */
  termsDate: z.union([z.literal(''), z.iso.date('Enter a date.')]),
  billingProductId: textUpToSchema(100),
  meta: z.string().superRefine((text, context) => {
    try {
      const value: unknown = JSON.parse(text.trim() || '{}');
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        context.addIssue({ code: 'custom', message: 'Meta must be a JSON object, like {"category": "Finance"}.' });
      }
    } catch (error) {
      context.addIssue({ code: 'custom', message: `This is not valid JSON: ${(error as Error).message}` });
    }
  }),
});

export type ApplicationFormValues = z.infer<typeof applicationFormSchema>;

export const applicationFormFields = [
  'name',
  'description',
  'url',
  'logoUrl',
  'icon',
  'isDxp',
  'termsLink',
  'termsDate',
  'billingProductId',
  'meta',
] as const satisfies (keyof ApplicationFormValues)[];

export const emptyApplicationForm: ApplicationFormValues = {
  name: '',
  description: '',
  url: '',
  logoUrl: '',
  icon: '',
  isDxp: false,
  termsLink: '',
  termsDate: '',
  billingProductId: '',
  meta: '{}',
};

/** What the API expects from validated form values: empty text becomes null, the day a UTC midnight. */
export function applicationInputOf(values: ApplicationFormValues) {
  const orNull = (text: string) => (text === '' ? null : text);
  return {
    name: values.name,
    description: orNull(values.description),
    url: values.url,
    logoUrl: orNull(values.logoUrl),
    icon: orNull(values.icon),
    isDxp: values.isDxp,
    termsLink: orNull(values.termsLink),
    termsDate: values.termsDate ? `${values.termsDate}T00:00:00.000Z` : null,
    billingProductId: orNull(values.billingProductId),
    meta: JSON.parse(values.meta.trim() || '{}') as Record<string, unknown>,
  };
}

/** The form's starting values for an existing application. */
export function applicationFormValuesOf(application: {
  name: string;
  description?: string | null;
  url: string;
  logoUrl?: string | null;
  icon?: string | null;
  isDxp: boolean;
  termsLink?: string | null;
  termsDate?: string | null;
  billingProductId?: string | null;
  meta: unknown;
}): ApplicationFormValues {
  return {
    name: application.name,
    description: application.description ?? '',
    url: application.url,
    logoUrl: application.logoUrl ?? '',
    icon: application.icon ?? '',
    isDxp: application.isDxp,
    termsLink: application.termsLink ?? '',
    termsDate: application.termsDate ? application.termsDate.slice(0, 10) : '',
    billingProductId: application.billingProductId ?? '',
    meta: JSON.stringify(application.meta ?? {}, null, 2),
  };
}
