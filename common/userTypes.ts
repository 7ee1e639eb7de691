/** User type codes: only ADMIN may sign in to the back-office (spec 000 §5). Re-exported by common/permissions.ts. */
export const TYPE_USER_CODES = { ADMIN: 'ADMIN', CLIENT: 'CLIENT' } as const;
