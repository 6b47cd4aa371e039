import { Button, type ButtonProps } from './button';

/** A button showing only an icon, in the header's quiet look (neutral, ghost, square); `aria-label` names it. */
export function IconButton(props: ButtonProps & { 'aria-label': string }) {
  return <Button color="neutral" variant="ghost" square {...props} />;
}
