/** Types of scripts/serverBundle.mjs (plain JavaScript: `npm start` runs it without tsx). */
/** Path of the server bundle (dist-server/main.mjs). */
export const SERVER_BUNDLE: string;
/** Newest modification time (ms) of the files under a folder. */
export function newestUnder(dir: string): number;
/** Builds dist-server/main.mjs when missing or older than a file of server/ or common/. @returns whether it was built */
export function buildServerIfStale(): Promise<boolean>;
