export const applicationName = 'DXP Portal';

/** "Dashboard" → "Dashboard · DXP Portal". */
export function pageTitle(title: string): string {
  return `${title} · ${applicationName}`;
}
