import { z } from 'zod';

// The server's rules for CreateApplicationInput / UpdateApplicationInput (apps/server/src/modules/applications),
// checked before sending. Empty optional text means "none".
const secureAddressMessage = 'Enter a web address starting with https://.';

const secureAddressSchema = z
  .url({ protocol: /^https$/, error: secureAddressMessage })
  .max(2048, 'Use at most 2048 characters.');

const optionalSecureAddressSchema = z.union([z.literal(''), secureAddressSchema]);

const optionalText = (maximum: number) => z.string().trim().max(maximum, `Use at most ${maximum} characters.`);

export const applicationNameMaxLength = 100;

export const applicationFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name.')
    .max(applicationNameMaxLength, `Use at most ${applicationNameMaxLength} characters.`),
  description: optionalText(2000),
  url: z.string().trim().min(1, 'Enter the address the application opens at.').pipe(secureAddressSchema),
  logoUrl: z.string().trim().pipe(optionalSecureAddressSchema),
  icon: optionalText(100),
  isDxp: z.boolean(),
  termsLink: z.string().trim().pipe(optionalSecureAddressSchema),
  /** A calendar day (`YYYY-MM-DD`) from a date input, or empty. */
  termsDate: z.union([z.literal(''), z.iso.date('Enter a date.')]),
  billingProductId: optionalText(100),
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
