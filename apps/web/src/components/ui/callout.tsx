import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { toneColourClasses, toneVariantClasses, type ToneColour } from './tone';

export type CalloutProps = ComponentProps<'div'> & {
  color?: ToneColour;
  icon?: LucideIcon;
};

/** A boxed note inside a page (a warning, a blocked action, a success message), in one of the tones. */
export function Callout({ color = 'info', icon: Icon, className, children, ...props }: CalloutProps) {
  return (
    <div
      data-slot="callout"
      className={cn(
        toneColourClasses[color],
        toneVariantClasses.subtle,
        'flex gap-3 rounded-lg p-4 text-sm',
        className,
      )}
      {...props}
    >
      {Icon && <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />}
      <div className="grid min-w-0 flex-1 gap-1 text-foreground">{children}</div>
    </div>
  );
}
