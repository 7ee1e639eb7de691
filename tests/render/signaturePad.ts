/**
 * The signature pad in the render tests (src/colis/release/SignatureInput.tsx): happy-dom has no 2D canvas, so
 * stubCanvas gives canvases a context that draws nothing and makes them answer SIGNATURE_DATA_URL, and
 * drawSignature draws one stroke with the pointer events signature_pad listens to. The spies are restored after
 * each test (tests/render/setup.ts): call stubCanvas in the test, before rendering.
 */
import { vi } from 'vitest';
import { fireEvent } from '@testing-library/react';

/** What a stubbed canvas answers to toDataURL: a 1×1 PNG. */
export const SIGNATURE_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Gives every canvas a context that keeps what is set and does nothing when called. */
export function stubCanvas() {
  const state: Record<string | symbol, unknown> = {};
  const context = new Proxy(state, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => SIGNATURE_DATA_URL);
}

/** Draws one stroke on the pad's canvas (pointer down, moves, up), as a finger would. */
export function drawSignature(canvas: Element) {
  const at = (x: number, y: number, buttons: number) => ({ pointerId: 1, isPrimary: true, buttons, clientX: x, clientY: y });
  fireEvent.pointerDown(canvas, at(10, 10, 1));
  fireEvent.pointerMove(window, at(40, 30, 1));
  fireEvent.pointerMove(window, at(80, 20, 1));
  fireEvent.pointerUp(window, at(80, 20, 0));
}
