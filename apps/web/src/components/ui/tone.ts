// Shared by every component that takes a `color` and a `variant` (Button, Badge, Toast).
// The tone-* utilities (styles.css) set --tone/--tone-foreground/--tone-text; the looks below read them.

export const toneColourClasses = {
  primary: 'tone-primary',
  secondary: 'tone-secondary',
  success: 'tone-success',
  info: 'tone-info',
  warning: 'tone-warning',
  error: 'tone-error',
  neutral: 'tone-neutral',
} as const;

export type ToneColour = keyof typeof toneColourClasses;

export const toneColours = Object.keys(toneColourClasses) as ToneColour[];

export const toneVariantClasses = {
  solid: 'bg-tone text-tone-foreground',
  outline: 'border border-tone/50 text-tone-text',
  soft: 'bg-tone/10 text-tone-text',
  subtle: 'border border-tone/30 bg-tone/10 text-tone-text',
  ghost: 'text-tone-text',
  link: 'text-tone-text underline-offset-4',
} as const;

export type ToneVariant = keyof typeof toneVariantClasses;

export const toneVariants = Object.keys(toneVariantClasses) as ToneVariant[];

export const componentSizes = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
