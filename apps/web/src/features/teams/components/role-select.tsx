import type { ComponentProps } from 'react';
import { inputClassName } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { teamRoleLabels } from '@/lib/team-roles';

/** The roles that can be given (ownership is transferred instead); a native select, so keyboards just work. */
export function RoleSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select className={cn(inputClassName, 'h-8 w-auto pr-8', className)} {...props}>
      <option value="TeamMember">{teamRoleLabels.TeamMember}</option>
      <option value="TeamAdmin">{teamRoleLabels.TeamAdmin}</option>
    </select>
  );
}
