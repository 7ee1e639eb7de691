/**
 * The error every API call throws on a refusal or a failure (src/providers/http.ts): the server's French message, the
 * HTTP status (0 without an answer) and the answer's body. react-admin reads these fields, not the class: `status` for
 * a refused session or access (sign-out, access denied) and `body.errors` for a form's field errors, as with its own
 * HttpError, which has the same shape. Ours rather than ra-core's so that the sign-in page, which runs before
 * react-admin is downloaded, throws it without downloading react-admin (docs/decisions/screen-bundles.md "The sign-in
 * entry").
 */
export class HttpError extends Error {
  /**
   * @param message the server's message, else the client's French text (timeout, network)
   * @param status the HTTP status; 0 when no answer came
   * @param body the answer's JSON body (`{ success, message, errors? }`), null without one
   */
  constructor(
    message: string,
    readonly status: number,
    // The answer's JSON as the server sent it; its readers narrow the fields they read.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    readonly body: any = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
