/** dd/MM/yyyy display (spec 000 §9). */
import { describe, expect, it } from 'vitest';
import { formatDateFr } from '../../src/kit/formatDate';

describe('formatDateFr', () => {
  it('formats ISO dates, calendar dates and Date objects as dd/MM/yyyy', () => {
    expect(formatDateFr('2026-03-05')).toBe('05/03/2026');
    expect(formatDateFr(new Date(2026, 10, 21, 14, 5))).toBe('21/11/2026');
    expect(formatDateFr(new Date(2026, 10, 21, 14, 5), 'HH:mm')).toBe('14:05');
    expect(formatDateFr('2026-11-21T10:00:00')).toBe('21/11/2026');
  });

  it("shows '--' for empty or invalid values", () => {
    expect(formatDateFr(undefined)).toBe('--');
    expect(formatDateFr('')).toBe('--');
    expect(formatDateFr('pas une date')).toBe('--');
  });
});
