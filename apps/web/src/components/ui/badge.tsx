import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@/lib/cn';
import { toneColourClasses, toneVariantClasses } from './tone';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 rounded-md font-medium whitespace-nowrap [&_svg]:pointer-events-none [&_svg]:shrink-0',
  {
    variants: {
      color: toneColourClasses,
      variant: toneVariantClasses,
      size: {
        xs: 'h-4 px-1 text-[10px] [&_svg]:size-2.5',
        sm: 'h-5 px-1.5 text-xs [&_svg]:size-3',
        md: 'h-6 px-2 text-xs [&_svg]:size-3.5',
        lg: 'h-7 px-2.5 text-sm [&_svg]:size-4',
        xl: 'h-8 px-3 text-base [&_svg]:size-4',
      },
    },
    compoundVariants: [{ variant: 'link', class: 'h-auto px-0 underline' }],
    defaultVariants: { color: 'primary', variant: 'soft', size: 'md' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants> & { asChild?: boolean };

export function Badge({ className, color, variant, size, asChild = false, ...props }: BadgeProps) {
  const Component = asChild ? Slot.Root : 'span';
  return <Component data-slot="badge" className={cn(badgeVariants({ color, variant, size }), className)} {...props} />;
}
