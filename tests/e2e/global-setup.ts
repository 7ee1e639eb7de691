/**
 * Playwright global setup of the browser journeys: starts the test mailbox (tests/e2e/mailbox.ts), a real SMTP
 * server on E2E_PORT + 1 writing each mail to E2E_MAIL_DIR; the returned function (Playwright's teardown) stops it.
 */
import { mailDir, smtpPort, startMailbox } from './mailbox';

export default async function globalSetup() {
  const stop = await startMailbox(mailDir(), smtpPort());
  return async () => stop();
}
