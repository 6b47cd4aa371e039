import { Badge } from '@/components/ui/badge';

/** The key's first characters, which tell keys apart in a list without revealing them. */
export function ServiceKeyPrefix({ prefix }: { prefix: string }) {
  return (
    <Badge color="neutral" variant="subtle" className="font-mono" title="The key's first characters">
      {prefix}…
    </Badge>
  );
}
