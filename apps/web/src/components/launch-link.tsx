import type { ComponentProps, MouseEvent } from 'react';
import { useLaunch, type LaunchTarget } from '@/lib/api/log-interaction';

export type LaunchLinkProps = Omit<ComponentProps<'a'>, 'href' | 'target' | 'rel'> & {
  /** What the link launches; its `url` must already be known to be http(s) (@dxp/contracts/web-address). */
  launches: LaunchTarget;
};

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A real link to the address (copy, middle-click and screen readers treat it as one) that launches it:
 * the launch is recorded with LogInteraction and a plain click opens it through the shared `launch`
 * (a new tab with `noopener,noreferrer`); a modified or middle click lets the browser open it and
 * is recorded too.
 */
export function LaunchLink({ launches, onClick, onAuxClick, children, ...props }: LaunchLinkProps) {
  const launch = useLaunch();
  return (
    <a
      href={launches.url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        if (isPlainClick(event)) {
          event.preventDefault();
          launch(launches);
        } else {
          launch(launches, { open: false });
        }
      }}
      onAuxClick={(event) => {
        onAuxClick?.(event);
        if (event.button === 1) launch(launches, { open: false });
      }}
      {...props}
    >
      {children} <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
