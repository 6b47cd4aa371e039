import { Callout } from '@/components/ui/callout';
import { CopyableValue } from '@/components/ui/copyable-value';

export interface HandOverLinkProps {
  /** What the link is, naming its copy field ("Password reset link"). */
  label: string;
  link: string;
  email: string;
  /** How long the link works ("one hour"). */
  validity: string;
}

/** A link the portal could not mail (it has no mail configured), for the administrator to hand over. */
export function HandOverLink({ label, link, email, validity }: HandOverLinkProps) {
  return (
    <Callout color="info">
      <div className="grid gap-2">
        <p className="font-medium">No mail is configured</p>
        <p>
          Hand this link to {email} yourself; it works for {validity}, once.
        </p>
        <CopyableValue label={label} value={link} what="link" isLabelHidden />
      </div>
    </Callout>
  );
}
