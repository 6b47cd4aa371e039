import { cva, type VariantProps } from 'class-variance-authority';
import { LoaderCircleIcon } from './shell-icons';
import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@/lib/cn';
import { toneColourClasses, toneVariantClasses } from './tone';

export const buttonVariants = cva(
  'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors select-none disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress [&_svg]:pointer-events-none [&_svg]:shrink-0',
  {
    variants: {
      color: toneColourClasses,
      variant: {
        solid: [toneVariantClasses.solid, 'shadow-xs hover:bg-tone/90 active:bg-tone/80'],
        outline: [toneVariantClasses.outline, 'hover:bg-tone/10 active:bg-tone/15'],
        soft: [toneVariantClasses.soft, 'hover:bg-tone/15 active:bg-tone/20'],
        subtle: [toneVariantClasses.subtle, 'hover:bg-tone/15 active:bg-tone/20'],
        ghost: [toneVariantClasses.ghost, 'hover:bg-tone/10 active:bg-tone/15'],
        link: [toneVariantClasses.link, 'hover:underline'],
      },
      size: {
        xs: 'h-7 gap-1 px-2 text-xs [&_svg]:size-3.5',
        sm: 'h-8 gap-1.5 px-3 text-sm [&_svg]:size-4',
        md: 'h-9 px-4 text-sm [&_svg]:size-4',
        lg: 'h-10 px-5 text-base [&_svg]:size-5',
        xl: 'h-12 px-6 text-base [&_svg]:size-5',
      },
      square: { true: 'px-0', false: '' },
    },
    compoundVariants: [
      { variant: 'link', class: 'h-auto px-0' },
      { square: true, size: 'xs', class: 'w-7' },
      { square: true, size: 'sm', class: 'w-8' },
      { square: true, size: 'md', class: 'w-9' },
      { square: true, size: 'lg', class: 'w-10' },
      { square: true, size: 'xl', class: 'w-12' },
    ],
    defaultVariants: { color: 'primary', variant: 'solid', size: 'md', square: false },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    asChild?: boolean;
    /** Shows a spinner, marks the button busy and blocks further clicks. */
    loading?: boolean;
  };

export function Button({
  className,
  color,
  variant,
  size,
  square,
  asChild = false,
  loading = false,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      data-slot="button"
      className={cn(buttonVariants({ color, variant, size, square }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <LoaderCircleIcon aria-hidden className="animate-spin" />}
      <Slot.Slottable>{children}</Slot.Slottable>
    </Component>
  );
}
