import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { isWebAddress } from '@dxp/contracts/web-address';
import { cn } from '@/lib/cn';

/** Up to two upper-case initials: the first letter of each of the first two words. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

/** The image an avatar may load: an http(s) address only, never `javascript:`, `data:` or a relative path. */
export function avatarImageOf(src: string | null | undefined): string | null {
  return isWebAddress(src) ? src : null;
}

export const avatarVariants = cva(
  'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted align-middle font-medium text-muted-foreground select-none',
  {
    variants: {
      size: {
        '3xs': 'size-4 text-[8px]',
        '2xs': 'size-5 text-[9px]',
        xs: 'size-6 text-[10px]',
        sm: 'size-7 text-xs',
        md: 'size-8 text-xs',
        lg: 'size-9 text-sm',
        xl: 'size-10 text-sm',
        '2xl': 'size-11 text-base',
        '3xl': 'size-12 text-base',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

export type AvatarSize = NonNullable<VariantProps<typeof avatarVariants>['size']>;

export const avatarSizes: AvatarSize[] = ['3xs', '2xs', 'xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'];

export type AvatarProps = ComponentProps<typeof AvatarPrimitive.Root> &
  VariantProps<typeof avatarVariants> & {
    /** The person's (or team's) name: the image's alternative text and the source of the initials. */
    name: string;
    /** Loaded only when it is an http(s) address; otherwise, or until it loads, the initials show. */
    src?: string | null;
  };

export function Avatar({ name, src, size, className, ...props }: AvatarProps) {
  const image = avatarImageOf(src);
  return (
    <AvatarPrimitive.Root data-slot="avatar" className={cn(avatarVariants({ size }), className)} {...props}>
      {image && <AvatarPrimitive.Image src={image} alt={name} className="size-full object-cover" />}
      <AvatarPrimitive.Fallback role="img" aria-label={name}>
        <span aria-hidden>{initialsOf(name)}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
