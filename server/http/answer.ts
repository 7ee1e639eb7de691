/**
 * The answer schemas' pieces moved to common/schemas/answer.ts (docs/decisions/answer-schemas.md); this re-export keeps
 * the routes of the areas being rewritten meanwhile (notification, mail) working. Import from common/schemas/answer.ts.
 */
export * from '../../common/schemas/answer';
