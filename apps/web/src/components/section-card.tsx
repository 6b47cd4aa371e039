import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';

export interface SectionCardProps {
  id?: string;
  className?: string;
  /** The card's heading; it may carry a badge after the text. */
  title: ReactNode;
  description: ReactNode;
  /** Beside the heading, e.g. the button that adds an item; it wraps below the heading on a narrow screen. */
  action?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}

/** One section of a settings page (profile, a person's administration): a card with a heading, an action and content. */
export function SectionCard({
  id,
  className,
  title,
  description,
  action,
  contentClassName,
  children,
}: SectionCardProps) {
  return (
    <Card id={id} className={className}>
      <CardHeader className="flex flex-wrap items-start justify-between gap-4 sm:flex-nowrap">
        <div className="grid gap-1.5">
          <CardTitle className="flex flex-wrap items-center gap-2">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
