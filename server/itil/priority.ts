import type { Settings } from '../db/settings';
import { TICKET } from '../auth/rights';

export const CHANGEPRIORITY_BIT = TICKET.CHANGEPRIORITY;

/** Priority from urgency × impact through the configured matrix (GLPI's default matrix). */
export function priorityFor(settings: Pick<Settings, 'get'>, urgency: number, impact: number): number {
  try {
    const matrix = JSON.parse(settings.get('priority_matrix')) as Record<string, Record<string, number>>;
    const value = matrix[urgency]?.[impact];
    if (typeof value === 'number') return value;
  } catch {
    // fall through to the formula GLPI uses without a matrix
  }
  return Math.round((urgency + impact) / 2);
}
