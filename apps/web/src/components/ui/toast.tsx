import { XIcon } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { buttonVariants } from './button';
import { closeToast, defaultToastDurationMs, getToasts, subscribeToToasts, type ToastEntry } from './toast-store';
import { toneColourClasses } from './tone';

// docs/spec.md §9 values, which are also Radix's defaults; spelled out so a Radix change cannot move them.
const swipeThresholdPx = 50;
const viewportHotkey = ['F8'];

/** Renders the toasts raised with `toast()` (toast-store). Mounted by `LazyToaster`. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
  return (
    <ToastPrimitive.Provider
      duration={defaultToastDurationMs}
      swipeDirection="right"
      swipeThreshold={swipeThresholdPx}
      label={t('components.toast.region')}
    >
      {toasts.map((entry) => (
        <ToastItem key={entry.id} entry={entry} />
      ))}
      <ToastPrimitive.Viewport
        hotkey={viewportHotkey}
        label={t('components.toast.viewport')}
        className="fixed right-0 bottom-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}

function ToastItem({ entry }: { entry: ToastEntry }) {
  const { t } = useTranslation();
  const { icon: Icon, color = 'neutral' } = entry;
  return (
    <ToastPrimitive.Root
      open={entry.isOpen}
      onOpenChange={(isOpen) => {
        if (!isOpen) closeToast(entry.id);
      }}
      duration={entry.duration}
      className={cn(
        toneColourClasses[color],
        'relative flex items-start gap-3 rounded-lg border border-l-4 border-l-tone bg-surface-raised p-4 pr-10 text-sm shadow-lg',
        'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
        'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-swipe-out',
      )}
    >
      {Icon && <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-tone-text" />}
      <div className="grid min-w-0 flex-1 gap-1">
        <ToastPrimitive.Title className="font-semibold">{entry.title}</ToastPrimitive.Title>
        {entry.description && (
          <ToastPrimitive.Description className="text-muted-foreground">{entry.description}</ToastPrimitive.Description>
        )}
        {entry.actions && entry.actions.length > 0 && (
          <div className="mt-2 flex flex-wrap gap-2">
            {entry.actions.map((action) => (
              <ToastPrimitive.Action
                key={action.label}
                altText={action.label}
                onClick={action.onClick}
                className={buttonVariants({ color, variant: 'outline', size: 'xs' })}
              >
                {action.label}
              </ToastPrimitive.Action>
            ))}
          </div>
        )}
      </div>
      <ToastPrimitive.Close
        aria-label={t('global.close')}
        className={cn(
          buttonVariants({ color: 'neutral', variant: 'ghost', size: 'xs', square: true }),
          'absolute top-2.5 right-2.5',
        )}
      >
        <XIcon aria-hidden />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
