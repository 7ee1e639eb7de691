/**
 * Whether this process sends SMS (SMPP_URL set): an 'auto' client is then notified by SMS when they have a number
 * (common/canal.ts canalPour; docs/decisions/sms-channel.md). Set once at start by server/app.ts.
 */
let enabled = false;

/** Sets the SMS channel on when the configuration has an SMPP gateway (server/app.ts, at start). */
export function configureSmsChannel(config: { smppUrl?: string }): void {
  enabled = !!config.smppUrl;
}

/** Whether the SMS channel is on in this process. */
export const smsChannelOn = (): boolean => enabled;
