import { type ContactUsInput, contactUsInputSchema } from '@dxp/contracts/contact-us';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheckIcon, TimerIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { showFormError } from '@/lib/form-errors';
import { GraphQLRequestError } from '@/lib/graphql-client';
import { useContactUs } from '../api/contact-us';

export interface ContactFormProps {
  /** Filled in for a signed-in user; they may still change it. */
  defaultValues?: Partial<Pick<ContactUsInput, 'name' | 'email'>>;
}

const formFields = ['name', 'email', 'subject', 'message'] as const;

export function ContactForm({ defaultValues }: ContactFormProps) {
  const contactUs = useContactUs();
  const form = useForm<ContactUsInput>({
    resolver: zodResolver(contactUsInputSchema),
    defaultValues: { name: '', email: '', subject: '', message: '', ...defaultValues },
  });
  const { errors } = form.formState;
  const isRateLimited = contactUs.error instanceof GraphQLRequestError && contactUs.error.code === 'RATE_LIMITED';

  if (contactUs.isSuccess) {
    return (
      <Callout color="success" icon={CircleCheckIcon} role="status">
        <p className="font-medium">Thank you, your message has been sent</p>
        <p className="text-muted-foreground">The portal administrators will reply to {contactUs.variables.email}.</p>
        <div className="mt-2">
          <Button
            color="neutral"
            variant="outline"
            size="sm"
            onClick={() => {
              form.reset({ ...form.getValues(), subject: '', message: '' });
              contactUs.reset();
            }}
          >
            Send another message
          </Button>
        </div>
      </Callout>
    );
  }

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(event) =>
        void form.handleSubmit((input) =>
          contactUs.mutate(input, {
            onError: (error) => {
              if (!(error instanceof GraphQLRequestError && error.code === 'RATE_LIMITED')) {
                showFormError(error, form.setError, formFields);
              }
            },
          }),
        )(event)
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message} required>
          <Input autoComplete="name" {...form.register('name')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message} required>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
      </div>
      <FormField label="Subject" error={errors.subject?.message} required>
        <Input {...form.register('subject')} />
      </FormField>
      <FormField label="Message" error={errors.message?.message} required>
        <Textarea rows={7} {...form.register('message')} />
      </FormField>
      {isRateLimited && (
        <Callout color="warning" icon={TimerIcon} role="alert">
          <p className="font-medium">Too many messages</p>
          <p className="text-muted-foreground">
            You have sent several messages in a short time. Please wait a few minutes, then try again.
          </p>
        </Callout>
      )}
      <div>
        <Button type="submit" loading={contactUs.isPending}>
          Send message
        </Button>
      </div>
    </form>
  );
}
