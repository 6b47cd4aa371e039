import { MonitorIcon, MoonIcon, SunIcon, type LucideIcon } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { catalogue } from '@/lib/catalogue';
import {
  colourModePreferences,
  isColourModePreference,
  useColourMode,
  type ColourModePreference,
} from '@/lib/colour-mode';
import { ColourModeTrigger } from './colour-mode-trigger';

const preferenceIcons: Record<ColourModePreference, LucideIcon> = {
  system: MonitorIcon,
  light: SunIcon,
  dark: MoonIcon,
};

export function ColourModeMenu({ defaultOpen }: { defaultOpen?: boolean }) {
  const { preference, setPreference } = useColourMode();
  const strings = catalogue.shell.colour_mode;

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ColourModeTrigger />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-36">
        <DropdownMenuLabel className="text-xs text-muted-foreground">{strings.label}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup
          value={preference}
          onValueChange={(value) => {
            if (isColourModePreference(value)) setPreference(value);
          }}
        >
          {colourModePreferences.map((option) => {
            const Icon = preferenceIcons[option];
            return (
              <DropdownMenuRadioItem key={option} value={option}>
                <Icon aria-hidden />
                {strings[option]}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
