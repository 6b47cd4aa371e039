import { MoonIcon, SunIcon } from '@/components/ui/shell-icons';
import type { ButtonProps } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { catalogue } from '@/lib/catalogue';
import { useColourMode } from '@/lib/colour-mode';

/** The colour-mode menu's button: a sun or a moon for the mode in effect. */
export function ColourModeTrigger(props: ButtonProps) {
  const { mode } = useColourMode();
  const CurrentIcon = mode === 'dark' ? MoonIcon : SunIcon;
  return (
    <IconButton aria-label={catalogue.shell.colour_mode.label} {...props}>
      <CurrentIcon aria-hidden />
    </IconButton>
  );
}
