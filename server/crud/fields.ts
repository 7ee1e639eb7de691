/** Reusable body fields with French validation messages (spec 001 §5). */
import { z } from 'zod';

/** A required, trimmed, non-empty text of at most `max` characters. */
export const requiredText = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${max} caractères au maximum`);

/** An optional text (empty allowed). */
export const optionalText = (max = 1000) => z.string().trim().max(max, `${max} caractères au maximum`).optional();

/** A required reference id (UUID). */
export const requiredId = (message: string) => z.uuid({ error: message });
