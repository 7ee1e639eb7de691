/**
 * Business errors the API answers as `{success: false, message, errors?}` with an HTTP status (docs/architecture.md §3), plus
 * the fields of `details` when given (e.g. `dependances` of a deactivation to confirm, docs/api-contract.md).
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string>,
    /** Extra answer headers, e.g. Retry-After on a 429. */
    public readonly headers?: Record<string, string>,
    /**
     * Machine-readable fields answered beside `message` (each key a field of the answer, e.g.
     * `{dependances: {agences: 2}}`); they never replace success, message or errors.
     */
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 400: invalid input, with a French message per field. */
export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
/** 401: not signed in, or token expired or revoked. */
export const unauthorized = (message = 'Session expirée, veuillez vous reconnecter.') => new AppError(401, message);
/** 403: permission missing or record of another agency. */
export const forbidden = (message = "Vous n'avez pas la permission d'effectuer cette action.") => new AppError(403, message);
/** 404: record not found. */
export const notFound = (message = 'Élément introuvable.') => new AppError(404, message);
/**
 * 409: a business rule forbids the action.
 * @param details machine-readable fields answered beside the message (AppError.details)
 */
export const conflict = (message: string, errors?: Record<string, string>, details?: Record<string, unknown>) =>
  new AppError(409, message, errors, undefined, details);
/** 429: too many attempts; `retryAfterMs` becomes the Retry-After header (seconds) and the wait in the message. */
export const tooManyAttempts = (retryAfterMs: number, what = 'tentatives') => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait = seconds < 90 ? `${seconds} secondes` : `${Math.ceil(seconds / 60)} minutes`;
  return new AppError(429, `Trop de ${what}. Veuillez réessayer dans ${wait}.`, undefined, { 'retry-after': String(seconds) });
};
